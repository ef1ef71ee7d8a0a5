import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killChildren, startMain } from '../support/child.js';
import { until } from '../support/eventually.js';

/*
 * TRUST_PROXY against the real process: the per-address failure budget and the access log see
 * the address in X-Forwarded-For only when the connection comes from a trusted proxy. Every
 * request here comes from 127.0.0.1, so "a trusted proxy" is TRUST_PROXY=127.0.0.1 and "an
 * untrusted forwarder" is any list without it (or none).
 */

const dir = mkdtempSync(join(tmpdir(), 'housecup-proxy-'));
afterEach(killChildren);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let databases = 0;
async function serve(trustProxy: string | undefined) {
  const { child, url } = await startMain({
    DATABASE_PATH: join(dir, `${++databases}.db`),
    FAILURE_LIMIT_PER_MINUTE: '2',
    ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
  });
  /** A request without a key (a failure), as forwarded for `forwardedFor`; its status. */
  let sent = 0;
  const fail = async (forwardedFor?: string) => {
    sent += 1;
    const response = await fetch(`${url}/v1/points/1`, {
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    await response.arrayBuffer();
    return response.status;
  };
  const accessLines = () =>
    child
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'));
  /** The `ip` of every access line, once there is one for each request sent. */
  const loggedAddresses = async () => {
    // Access lines are written once per event-loop turn, and come through a pipe.
    await until(() => accessLines().length >= sent, 'an access line per request');
    return accessLines().map((line) => (JSON.parse(line) as { ip?: string }).ip);
  };
  return { fail, loggedAddresses };
}

describe('TRUST_PROXY', () => {
  it('from a trusted proxy: each forwarded client has its own budget, and is logged', async () => {
    const { fail, loggedAddresses } = await serve('10.0.0.0/8, 127.0.0.1');
    expect(await fail('203.0.113.1')).toBe(401);
    expect(await fail('203.0.113.1')).toBe(401);
    expect(await fail('203.0.113.1')).toBe(429);
    // Another client behind the same proxy is not refused for the first one's failures.
    expect(await fail('203.0.113.2')).toBe(401);
    // A client cannot escape its budget by sending an X-Forwarded-For of its own: the proxy
    // appends the address it saw, and the right-most untrusted entry is the client.
    expect(await fail('198.51.100.7, 203.0.113.1')).toBe(429);
    // The proxy's own requests (no header) are the proxy's.
    expect(await fail()).toBe(401);
    expect(await loggedAddresses()).toEqual([
      '203.0.113.1',
      '203.0.113.1',
      '203.0.113.1',
      '203.0.113.2',
      '203.0.113.1',
      '127.0.0.1',
    ]);
  });

  it.each([
    ['unset', undefined],
    ['a list without the forwarder', '10.0.0.0/8,::1,192.0.2.1'],
  ])('%s: X-Forwarded-For is ignored, the budget is the connection address’s', async (_, list) => {
    const { fail, loggedAddresses } = await serve(list);
    expect(await fail('203.0.113.1')).toBe(401);
    expect(await fail('203.0.113.2')).toBe(401);
    // A third "client" is the same address to housecup: refused.
    expect(await fail('203.0.113.3')).toBe(429);
    expect(await loggedAddresses()).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });
});
