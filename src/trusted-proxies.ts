import { isIP } from 'node:net';

/*
 * TRUST_PROXY entries: what Fastify's `trustProxy` (proxy-addr) accepts as a list, restricted to
 * forms an operator means: an address, a CIDR block, or one of proxy-addr's named ranges.
 * `true` (trust every hop) is deliberately not offered: any client could then pick its own
 * address with an X-Forwarded-For header and escape the per-address failure budget.
 */

/** proxy-addr's names: 127.0.0.1/8 + ::1; 169.254.0.0/16 + fe80::/10; 10/8, 172.16/12, 192.168/16 + fc00::/7. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an address, a CIDR block (`10.0.0.0/8`, `fd00::/8`) or a named range. */
export function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}
