import { describe, expect, it } from 'vitest';
import { forbiddenRange } from '../../src/webhooks/address-rules.js';
import {
  checkUrl,
  type Resolver,
  type SafetyRules,
  type UrlRefused,
} from '../../src/webhooks/safety.js';

/*
 * The rules on where a webhook may go: every refused range, checked on literal addresses and on
 * what a name resolves to (the resolver injected: a name that answers 127.0.0.1 needs no DNS).
 */

const answers =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw new Error('ENOTFOUND');
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const resolve = answers({
  'hooks.example.com': ['93.184.216.34'],
  'v6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  'sneaky.example.com': ['127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.5'],
  'mapped.example.com': ['::ffff:192.168.1.1'],
  'nat64.example.com': ['64:ff9b:1::a9fe:a9fe'],
  'six-to-four.example.com': ['2002:a00:1::1'],
  'public-nat64.example.com': ['64:ff9b:1::5db8:d822'],
});
const STRICT: SafetyRules = { allowHttp: false, allowPrivate: false, resolve };

const refusal = async (url: string, rules: SafetyRules = STRICT) =>
  checkUrl(url, rules).then(
    () => null,
    (error: Error) => error.message,
  );

describe('addresses a webhook may not reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['169.254.1.1', 'link-local (cloud metadata)'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local (cloud metadata)'],
    ['fd00:ec2::254', 'unique-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved or broadcast'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local (cloud metadata)'],
    ['::ffff:a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local (cloud metadata)'],
    // Every IPv6 form that embeds an IPv4 address is judged by the address it embeds.
    ['64:ff9b:1::a01:203', 'private'],
    ['64:ff9b:1::10.1.2.3', 'private'],
    ['64:ff9b:1::7f00:1', 'loopback'],
    ['::a01:203', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::a9fe:a9fe', 'link-local (cloud metadata)'],
    ['::ffff:0:a01:203', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['2002:a01:203::', 'private'],
    ['2002:7f00:1:1234::5', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local (cloud metadata)'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    // NAT64 whose IPv4 part sits where the address cannot tell: refused whole.
    ['64:ff9b:1:a01:2:300::', 'NAT64 (prefix of unknown length)'],
    ['64:ff9b:2::5db8:d822', 'NAT64 (prefix of unknown length)'],
  ])('%s: %s', (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::5db8:d822',
    '64:ff9b:1::5db8:d822',
    '::ffff:0:808:808',
    '2002:5db8:d822::1',
  ])('%s is on the internet', (address) => {
    expect(forbiddenRange(address)).toBeNull();
  });
});

describe('checkUrl, as `webhook add` runs it', () => {
  it('takes an https URL whose name resolves to public addresses only', async () => {
    expect(await refusal('https://hooks.example.com/in')).toBeNull();
    expect(await refusal('https://v6.example.com/in')).toBeNull();
    expect(await refusal('https://93.184.216.34/in')).toBeNull();
    expect(await refusal('https://public-nat64.example.com/in')).toBeNull();
  });

  it.each([
    [
      'http://hooks.example.com/in',
      'the URL must start with https:// (WEBHOOK_ALLOW_HTTP=true allows http://)',
    ],
    ['ftp://hooks.example.com/in', 'the URL must start with https://'],
    ['not a url', 'not a URL'],
    ['https://user:pw@hooks.example.com/in', 'the URL must not carry a user or password'],
    [
      'https://127.0.0.1/in',
      '127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    ['https://[::1]/in', '::1 is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)'],
    [
      'https://[::ffff:127.0.0.1]/in',
      '::ffff:7f00:1 is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://169.254.169.254/latest/meta-data',
      '169.254.169.254 is a link-local (cloud metadata) address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://[fd00:ec2::254]/',
      'fd00:ec2::254 is a unique-local (cloud metadata) address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    ['https://10.0.0.1/', '10.0.0.1 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it)'],
    [
      'https://0x7f000001/',
      '127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://2130706433/',
      '127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://sneaky.example.com/in',
      '127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://metadata.example.com/in',
      '169.254.169.254 is a link-local (cloud metadata) address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://mixed.example.com/in',
      '10.0.0.5 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://mapped.example.com/in',
      '::ffff:192.168.1.1 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://[64:ff9b:1::a01:203]/',
      '64:ff9b:1::a01:203 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://[::ffff:0:a01:203]/',
      '::ffff:0:a01:203 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://[2002:a01:203::1]/',
      '2002:a01:203::1 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://nat64.example.com/in',
      '64:ff9b:1::a9fe:a9fe is a link-local (cloud metadata) address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    [
      'https://six-to-four.example.com/in',
      '2002:a00:1::1 is a private address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    ],
    ['https://nowhere.example.com/in', 'nowhere.example.com does not resolve'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, 'the URL is longer than 2048 characters'],
  ])('refuses %s: %s', async (url, message) => {
    expect(await refusal(url)).toBe(message);
  });

  it('names each refusal’s problem, for a presenter that words it in another language', async () => {
    const problem = (url: string) =>
      checkUrl(url, STRICT).then(
        () => null,
        (error: UrlRefused) => error.problem,
      );
    expect(await problem('http://hooks.example.com/')).toBe('scheme');
    expect(await problem('nope')).toBe('notUrl');
    expect(await problem('https://u:p@hooks.example.com/')).toBe('credentials');
    expect(await problem('https://sneaky.example.com/')).toBe('forbiddenAddress');
    expect(await problem('https://nowhere.example.com/')).toBe('unresolvable');
    expect(await problem(`https://hooks.example.com/${'a'.repeat(2048)}`)).toBe('tooLong');
  });

  it('names both settings when an http:// URL to a kept-out address needs both', async () => {
    const both = (address: string) =>
      `the URL must start with https:// (WEBHOOK_ALLOW_HTTP=true allows http://), and ${address} is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)`;
    expect(await refusal('http://127.0.0.1:8089/hook')).toBe(both('127.0.0.1'));
    expect(await refusal('http://[::1]:8089/hook')).toBe(both('::1'));
    // A name resolving to such an address, as the address itself.
    expect(await refusal('http://sneaky.example.com/in')).toBe(both('127.0.0.1'));
    const problem = await checkUrl('http://127.0.0.1:8089/hook', STRICT).then(
      () => null,
      (error: UrlRefused) => error.problem,
    );
    expect(problem).toBe('scheme');
    // One setting enough: only that one is named.
    expect(await refusal('http://hooks.example.com/in')).toBe(
      'the URL must start with https:// (WEBHOOK_ALLOW_HTTP=true allows http://)',
    );
  });

  it('WEBHOOK_ALLOW_HTTP lifts https only; WEBHOOK_ALLOW_PRIVATE lifts the addresses only', async () => {
    const http = { ...STRICT, allowHttp: true };
    expect(await refusal('http://hooks.example.com/in', http)).toBeNull();
    expect(await refusal('http://sneaky.example.com/in', http)).toBe(
      '127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)',
    );
    const inside = { ...STRICT, allowPrivate: true };
    expect(await refusal('https://sneaky.example.com/in', inside)).toBeNull();
    expect(await refusal('http://127.0.0.1/in', inside)).toBe(
      'the URL must start with https:// (WEBHOOK_ALLOW_HTTP=true allows http://)',
    );
    // No setting allows another scheme: none is named.
    expect(await refusal('ftp://hooks.example.com/in', inside)).toBe(
      'the URL must start with https://',
    );
    expect(await refusal('ftp://127.0.0.1/in')).toBe('the URL must start with https://');
    expect(await refusal('http://127.0.0.1:8080/in', { ...inside, allowHttp: true })).toBeNull();
  });
});
