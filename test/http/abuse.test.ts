import { afterEach, describe, expect, it } from 'vitest';
import { fixture, RICH } from '../support/fixture.js';
import { buildHardeningApp, type HardeningApp } from './support/app.js';

const LIMIT = 5;
const ATTACKER = '203.0.113.7';
const NEIGHBOUR = '203.0.113.8';

let t: HardeningApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function app(): Promise<HardeningApp> {
  t = await buildHardeningApp(fixture, {
    config: { rateLimitPerMinute: 10, failureLimitPerMinute: LIMIT },
  });
  return t;
}

function get(a: HardeningApp, url: string, from: string, authorization?: string) {
  return a.app.inject({
    url,
    remoteAddress: from,
    headers: authorization === undefined ? {} : { authorization },
  });
}

function expectRefused(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  expect(response.statusCode).toBe(429);
  expect(JSON.parse(response.body)).toEqual({ error: 'Too many requests', status: 429 });
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
}

describe('per-address limit on failed requests', () => {
  it('refuses key guessing from one address after FAILURE_LIMIT_PER_MINUTE failures', async () => {
    const a = await app();
    const guesses = ['hc_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'garbage', undefined, 'Bearer '];
    for (let i = 0; i < LIMIT; i++) {
      const response = await get(a, `/v1/points/${RICH}`, ATTACKER, guesses[i % guesses.length]);
      expect(response.statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expectRefused(await get(a, `/v1/points/${RICH}`, ATTACKER, guesses[i % guesses.length]));
    }
    // Another address has its own count.
    expect((await get(a, `/v1/points/${RICH}`, NEIGHBOUR, 'garbage')).statusCode).toBe(401);
  });

  it('refuses a flood of unknown paths from one address', async () => {
    const a = await app();
    for (let i = 0; i < LIMIT; i++) {
      expect((await get(a, `/wp-admin/${i}.php`, ATTACKER)).statusCode).toBe(404);
    }
    expectRefused(await get(a, '/wp-login.php', ATTACKER));
    expectRefused(
      await get(a, `/v1/points/${RICH}`, ATTACKER, 'hc_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'),
    );
    expect((await get(a, '/wp-login.php', NEIGHBOUR)).statusCode).toBe(404);
  });

  it('keeps serving a valid key from a refused address, with its own budget untouched', async () => {
    const a = await app();
    for (let i = 0; i < LIMIT * 4; i++) await get(a, `/v1/points/${RICH}`, ATTACKER, 'garbage');
    expectRefused(await get(a, `/v1/points/${RICH}`, ATTACKER, 'garbage'));
    const ok = await get(a, `/v1/points/${RICH}`, ATTACKER, a.key);
    expect(ok.statusCode).toBe(200);
    // The flood spent none of the key's 10 requests a minute.
    expect(ok.headers['x-ratelimit-limit']).toBe('10');
    expect(ok.headers['x-ratelimit-remaining']).toBe('9');
    // A valid key's failures (bad ids) are its own business: not counted against the address.
    const wide = (await a.keyStore.create({ name: 'wide', rateLimit: 100 })).key;
    for (let i = 0; i < LIMIT * 2; i++) {
      expect((await get(a, '/v1/points/not%20an%20id', NEIGHBOUR, wide)).statusCode).toBe(400);
    }
    expect((await get(a, '/nothing-here', NEIGHBOUR)).statusCode).toBe(404);
  });
});

describe('per-key limit', () => {
  it("one key's 429 leaves another key's budget whole", async () => {
    const a = await app();
    const noisy = (await a.keyStore.create({ name: 'noisy', rateLimit: 2 })).key;
    const quiet = (await a.keyStore.create({ name: 'quiet', rateLimit: 2 })).key;
    expect((await get(a, `/v1/points/${RICH}`, ATTACKER, noisy)).statusCode).toBe(200);
    expect((await get(a, `/v1/points/${RICH}`, ATTACKER, noisy)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expectRefused(await get(a, `/v1/points/${RICH}`, ATTACKER, noisy));
    // Same address, other key: untouched.
    const first = await get(a, `/v1/points/${RICH}`, ATTACKER, quiet);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect((await get(a, `/v1/points/${RICH}`, NEIGHBOUR, quiet)).statusCode).toBe(200);
  });
});
