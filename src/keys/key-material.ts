import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Keys start with this, so a leaked one is recognisable (secret scanners, log review). */
export const KEY_PREFIX = 'hc_';
const KEY_PATTERN = /^hc_[A-Za-z0-9_-]{32}$/;

/** A new key: the prefix and 192 random bits, base64url. */
export function generateKey(): string {
  return KEY_PREFIX + randomBytes(24).toString('base64url');
}

/** Whether a string has the shape of a housecup key (no database needed to refuse garbage). */
export function looksLikeKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

export function digestOf(key: string): Buffer {
  // The one-shot form: a third of the cost of createHash().update().digest() on a short input.
  return hash('sha256', key, 'buffer');
}

export function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What `keys list` shows of a key: enough to tell keys apart, too little to use one. */
export function hintOf(key: string): string {
  return `${key.slice(0, KEY_PREFIX.length + 4)}…`;
}
