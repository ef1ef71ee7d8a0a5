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

/**
 * The IPv4 address an IPv6 one carries, when it is IPv4-mapped (`::ffff:127.0.0.1`, also written
 * `::ffff:7f00:1`) or NAT64 (`64:ff9b::7f00:1`): a way around the IPv4 rules otherwise.
 */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Why `address` (an IP literal) may not be reached, e.g. `loopback`; null when it may. Anything
 * that is not an IP address is refused: the callers hand in what DNS answered.
 */
export function forbiddenRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const inner = isIPv6(bare) ? embeddedIpv4(bare) : null;
  if (inner !== null) return forbiddenRange(inner);
  const family = isIPv4(bare) ? 'ipv4' : isIPv6(bare) ? 'ipv6' : null;
  if (family === null) return 'not an IP address';
  for (const { list, name } of ranges) if (list.check(bare, family)) return name;
  return null;
}
