/*
 * Discord's side of the Interactions Endpoint: an application's Ed25519 key pair, and requests
 * signed the way Discord signs them (X-Signature-Ed25519 over X-Signature-Timestamp + body).
 * Real keys and real signatures: the server under test verifies them with node:crypto.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

/** A type alias, not an interface: it then fits fetch's `Record<string, string>` headers. */
export type SignedHeaders = {
  'content-type': string;
  'x-signature-ed25519': string;
  'x-signature-timestamp': string;
};

export class InteractionSigner {
  /** The public key as the developer portal shows it: 64 hex characters. */
  readonly publicKey: string;
  private readonly privateKey: KeyObject;

  constructor() {
    const pair = generateKeyPairSync('ed25519');
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicKey = Buffer.from(jwk.x ?? '', 'base64url').toString('hex');
  }

  /** Hex signature of `timestamp` followed by `body`. */
  signature(timestamp: string, body: string | Buffer): string {
    const message = Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]);
    return sign(null, message, this.privateKey).toString('hex');
  }

  /** Headers of a request Discord sends now (or at `unixSeconds`). */
  headers(body: string | Buffer, unixSeconds = Math.floor(Date.now() / 1000)): SignedHeaders {
    const timestamp = String(unixSeconds);
    return {
      'content-type': 'application/json',
      'x-signature-ed25519': this.signature(timestamp, body),
      'x-signature-timestamp': timestamp,
    };
  }
}
