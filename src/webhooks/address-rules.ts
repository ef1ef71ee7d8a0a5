import { BlockList, isIPv4, isIPv6 } from 'node:net';

/*
 * The addresses a webhook may never reach unless WEBHOOK_ALLOW_PRIVATE: whatever lies behind
 * housecup rather than on the internet. Checked when a subscription is added and again on the
 * address each delivery actually connects to (safe-agent.ts).
 */

const IPV4_RANGES: readonly [string, number, string][] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'protocol assignments'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved or broadcast'],
];

const IPV6_RANGES: readonly [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fe80::', 10, 'link-local'],
  ['fc00::', 7, 'unique-local (cloud metadata)'],
  ['ff00::', 8, 'multicast'],
  ['100::', 64, 'discard'],
];

/** One BlockList per family, and the name of each range for the refusal's message. */
const ranges = IPV4_RANGES.map(([net, prefix, name]) => ({
  list: listOf(net, prefix, 'ipv4'),
  name,
})).concat(IPV6_RANGES.map(([net, prefix, name]) => ({ list: listOf(net, prefix, 'ipv6'), name })));

function listOf(net: string, prefix: number, family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  list.addSubnet(net, prefix, family);
  return list;
}

/** The 16 bytes of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted?.[1] && dotted[2]) {
    const parts = dotted[2].split('.').map(Number);
    if (parts.some((part) => part > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = parts;
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [
    ...head,
    ...Array.from({ length: halves.length === 1 ? 0 : missing }, () => '0'),
    ...tail,
  ];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 255];
  });
}

const ipv4At = (bytes: readonly number[], at: number) => bytes.slice(at, at + 4).join('.');
const zero = (bytes: readonly number[], from: number, to: number) =>
  bytes.slice(from, to).every((byte) => byte === 0);

/** Why a NAT64 address whose IPv4 part cannot be told apart is refused. */
const UNTOLD_NAT64 = 'NAT64 (prefix of unknown length)';

/**
 * The IPv4 address an IPv6 one carries, by the forms that translate to IPv4 on the way: a way
 * around the IPv4 rules otherwise. IPv4-mapped `::ffff:0:0/96` and IPv4-compatible `::/96`
 * (`::10.1.2.3`), SIIT's IPv4-translated `::ffff:0:0:0/96`, NAT64's well-known `64:ff9b::/96`
 * and local-use `64:ff9b:1::/48`, and 6to4 `2002::/16` (the IPv4 address in bits 16 to 47).
 * A local-use NAT64 address is read as a /96 (the IPv4 address last); one whose bits between the
 * prefix and the last 32 are not zero puts it elsewhere (a shorter prefix, RFC 6052) and is
 * refused whole, as is the rest of 64:ff9b::/32: which IPv4 address it reaches cannot be told
 * from the address. Null for any other.
 */
function embeddedIpv4(bytes: readonly number[]): string | null {
  const last = ipv4At(bytes, 12);
  const [a, b, c, d, e, f] = bytes;
  // ::/96 and ::ffff:0:0/96 (mapped): ten zero bytes, then 0000 or ffff.
  if (
    zero(bytes, 0, 10) &&
    ((bytes[10] === 0 && bytes[11] === 0) || (bytes[10] === 255 && bytes[11] === 255))
  ) {
    return last;
  }
  // ::ffff:0:0:0/96 (SIIT).
  if (zero(bytes, 0, 8) && bytes[8] === 255 && bytes[9] === 255 && zero(bytes, 10, 12)) return last;
  // 64:ff9b::/96 and 64:ff9b:1::/48; the rest of 64:ff9b::/32 is no form of either.
  if (a === 0 && b === 0x64 && c === 0xff && d === 0x9b) {
    if (zero(bytes, 4, 12)) return last;
    return e === 0 && f === 1 && zero(bytes, 6, 12) ? last : UNTOLD_NAT64;
  }
  // 2002::/16 (6to4).
  if (a === 0x20 && b === 0x02) return ipv4At(bytes, 2);
  return null;
}

/**
 * Why `address` (an IP literal) may not be reached, e.g. `loopback`; null when it may. Anything
 * that is not an IP address is refused: the callers hand in what DNS answered.
 */
export function forbiddenRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIPv4(bare) ? 'ipv4' : isIPv6(bare) ? 'ipv6' : null;
  if (family === null) return 'not an IP address';
  for (const { list, name } of ranges) if (list.check(bare, family)) return name;
  const bytes = family === 'ipv6' ? ipv6Bytes(bare) : null;
  const inner = bytes ? embeddedIpv4(bytes) : null;
  if (inner === UNTOLD_NAT64) return UNTOLD_NAT64;
  return inner === null ? null : forbiddenRange(inner);
}
