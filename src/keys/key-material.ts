import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Keys start with this, so a leaked one is recognisable (secret scanners, log review). */
const KEY_PREFIX = 'hc_';
const KEY_PATTERN = /^hc_[A-Za-z0-9_-]{32}$/;

/** A new key: the prefix and 192 random bits, base64url. */
export function generateKey(): string {
  return KEY_PREFIX + randomBytes(24).toString('base64url');
}

/** Whether a string has the shape of a housecup key (no database needed to refuse garbage). */
export function looksLikeKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** The SHA-256 digest of a key, as stored (hex). */
export function digestOf(key: string): string {
  return hash('sha256', key, 'hex');
}

/**
 * The digest as the key check looks it up: the one-shot hash straight to base64 costs about a
 * third of hashing to a Buffer and converting that (allocating the Buffer is most of the cost).
 */
export function lookupDigestOf(key: string): string {
  return hash('sha256', key, 'base64');
}

/** Compares a presented digest with a stored one in constant time. */
export function sameDigest(presented: string, stored: Buffer): boolean {
  const bytes = Buffer.from(presented, 'base64');
  return bytes.length === stored.length && timingSafeEqual(bytes, stored);
}

/**
 * Compares two key strings in constant time for a given length (both are key-shaped by then, so
 * of one length). A plain loop: timingSafeEqual would need two Buffers made from the strings.
 */
export function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** What `keys list` shows of a key: enough to tell keys apart, too little to use one. */
export function hintOf(key: string): string {
  return `${key.slice(0, KEY_PREFIX.length + 4)}…`;
}
