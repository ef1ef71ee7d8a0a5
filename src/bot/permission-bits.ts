/*
 * Discord's permissions as an interaction carries them (`member.permissions`,
 * `app_permissions`): the decimal text of a bit set. Both transports read them here, once: a
 * value Discord would never send ("-1", 32 digits, "0x20") grants nothing, rather than every
 * bit (BigInt("-1") has them all) on one transport and none on the other.
 */

/** The most a bit set holds: Discord's permissions are a 64-bit field. */
const LIMIT = 1n << 64n;

/** The permissions `value` gives, or null when it is not one of Discord's bit sets. */
export function permissionBits(value: unknown): bigint | null {
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) return null;
  const bits = BigInt(value);
  return bits < LIMIT ? bits : null;
}
