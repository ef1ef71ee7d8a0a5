import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger } from '../../src/logger.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { fixture, RICH } from '../support/fixture.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a key spends its budget, and shows the budget on every answer', async () => {
    t = await buildTestApp(fixture, { rateLimitPerMinute: 3 });
    const app = t.app;
    const call = (key: string) =>
      app.inject({ url: `/v1/points/${RICH}`, headers: { authorization: key } });
    for (const remaining of [2, 1, 0]) {
      const ok = await call(t.key);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe('3');
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(remaining));
    }
    const limited = await call(t.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toBe('{"error":"Too many requests","status":429}');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another key's budget is its own; a key with limit 0 is never limited.
    const other = await t.keyStore.create({ name: 'other' });
    expect((await call(other.key)).statusCode).toBe(200);
    const unlimited = await t.keyStore.create({ name: 'bench', rateLimit: 0 });
    for (let i = 0; i < 6; i++) expect((await call(unlimited.key)).statusCode).toBe(200);
    const generous = await t.keyStore.create({ name: 'generous', rateLimit: 10 });
    expect((await call(generous.key)).headers['x-ratelimit-limit']).toBe('10');
  });

  it('is off when RATE_LIMIT_PER_MINUTE is 0', async () => {
    t = await buildTestApp(fixture, { rateLimitPerMinute: 0 });
    const response = await t.app.inject({
      url: `/v1/points/${RICH}`,
      headers: { authorization: t.key },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('faults', () => {
  it('answers a generic 500 without details when the database fails, and logs no secret', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openTestDatabase(fixture);
    const { key } = await database.store.keyStore.create();
    const app = await buildApp({
      config: { rateLimitPerMinute: 100 },
      read: database.store.read,
      keyVerifier: createKeyVerifier(database.store.keyTable),
      logger: createLogger({ level: 'info', destination: sink }),
    });
    try {
      const ok = await app.inject({ url: `/v1/points/${RICH}`, headers: { authorization: key } });
      expect(ok.statusCode).toBe(200);
      database.db.close();
      const broken = await app.inject({
        url: `/v1/players/${RICH}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(broken.statusCode).toBe(500);
      expect(broken.body).toBe('{"error":"Internal server error","status":500}');
      const log = lines.join('');
      expect(log).toContain('request failed');
      expect(log).toContain('"status":500');
      expect(log).not.toContain(key);
      expect(log).not.toContain(key.slice(3));
      expect(log).not.toMatch(/\n\s+at /);
    } finally {
      await app.close();
      database.cleanup();
    }
  });
});
