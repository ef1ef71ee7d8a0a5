import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/*
 * Standard Webhooks (standardwebhooks.com): its reference library signs, so that
 * what receivers verify with it (or its ports) is exactly what we send.
 */

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the specification asks ≥ 24). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A new message id (`webhook-id`): the same on every attempt of the message. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The three headers of one attempt, signed at `at`. */
export function signedHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
