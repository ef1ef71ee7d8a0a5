import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** The DER header of an Ed25519 SubjectPublicKeyInfo (RFC 8410); the raw 32-byte key follows. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * A signed request older than this (or dated this far ahead) is refused as a replay. Discord
 * sends each interaction at once, so only a copy resent later can be that old.
 */
export const REPLAY_WINDOW_S = 300;

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-fA-F]{128}$/;

/** Discord's public key (64 hex characters, from the developer portal) as a node:crypto key. */
function ed25519PublicKey(hex: string): KeyObject {
  const raw = Buffer.from(hex, 'hex');
  if (raw.length !== 32) throw new Error('an Ed25519 public key is 32 bytes (64 hex characters)');
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, raw]),
    format: 'der',
    type: 'spki',
  });
}

export type SignatureCheck = (
  timestamp: string | undefined,
  signature: string | undefined,
  body: Buffer,
) => boolean;

/**
 * Discord's rule: `X-Signature-Ed25519` signs the bytes of `X-Signature-Timestamp` followed by
 * the raw body. The key is built once; each check costs one Ed25519 verification, and only
 * after the cheap shape and freshness tests have passed.
 */
export function createSignatureCheck(
  publicKeyHex: string,
  now: () => number = Date.now,
): SignatureCheck {
  const key = ed25519PublicKey(publicKeyHex);
  return (timestamp, signature, body) => {
    if (timestamp === undefined || signature === undefined) return false;
    if (!TIMESTAMP.test(timestamp) || !SIGNATURE.test(signature)) return false;
    if (Math.abs(now() / 1000 - Number(timestamp)) > REPLAY_WINDOW_S) return false;
    return verify(
      null,
      Buffer.concat([Buffer.from(timestamp), body]),
      key,
      Buffer.from(signature, 'hex'),
    );
  };
}
