import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayState } from '../../src/http/metrics.js';
import { sqliteOf } from '../support/store.js';
import { buildDemoApp, type DemoApp } from './support/demo-app.js';

const open: DemoApp[] = [];
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
});
async function demoApp(extra: Parameters<typeof buildDemoApp>[0] = {}) {
  const app = await buildDemoApp(extra);
  open.push(app);
  return app;
}

const get = (t: DemoApp, url: string) => t.app.inject({ method: 'GET', url });

describe('/healthz', () => {
  it('answers 200 {"status":"ok"} without a key, outside the rate limit, never cached', async () => {
    const t = await demoApp({ config: { rateLimitPerMinute: 1 } });
    for (let i = 0; i < 3; i += 1) {
      const response = await get(t, '/healthz');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('still answers while the database is gone: the process is alive', async () => {
    const t = await demoApp();
    await t.store.close();
    expect((await get(t, '/healthz')).statusCode).toBe(200);
  });
});

describe('/readyz', () => {
  it('is ready over an open, migrated database with the bot off', async () => {
    const t = await demoApp();
    const response = await get(t, '/readyz');
    expect(response.statusCode).toBe(200);
    // The documented order; without REDIS_URL, Redis is named as disabled.
    expect(response.body).toBe(
      '{"status":"ready","database":"ok","redis":"disabled","bot":"disabled"}',
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once the database is closed', async () => {
    const t = await demoApp();
    await t.store.close();
    const response = await get(t, '/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not ready',
      database: 'down',
      redis: 'disabled',
      bot: 'disabled',
    });
  });

  it('answers 503 when the migrations are not all applied', async () => {
    const t = await demoApp();
    sqliteOf(t.store).db.sqlite.exec('DELETE FROM __drizzle_migrations');
    expect((await get(t, '/readyz')).statusCode).toBe(503);
  });

  // The bot is named, never required: a balancer routes HTTP, which a bot that cannot log in
  // leaves whole.
  it.each([
    ['ready', 200],
    ['disabled', 200],
    ['connecting', 200],
    ['down', 200],
  ] as [GatewayState, number][])('with the bot %s answers %d', async (state, status) => {
    const t = await demoApp({ botState: () => state });
    const response = await get(t, '/readyz');
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ database: 'ok', bot: state });
  });

  it('without a database check it does not claim to be ready', async () => {
    const t = await demoApp({ databaseReady: undefined });
    const response = await get(t, '/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ database: 'unknown' });
  });

  it('answers without a key even on an app whose /v1 needs one', async () => {
    const t = await demoApp();
    expect((await get(t, '/v1/points')).statusCode).toBe(401);
    expect((await get(t, '/readyz')).statusCode).toBe(200);
  });
});
