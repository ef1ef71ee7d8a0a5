import { afterEach, describe, expect, it } from 'vitest';
import { fixture, RICH } from '../support/fixture.js';
import { buildHardeningApp, type HardeningApp } from './support/app.js';

const DASHBOARD = 'https://dashboard.example.org';
const EVIL = 'https://evil.example.com';

let t: HardeningApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS', () => {
  it('is off by default: no CORS header for any origin, and OPTIONS is refused', async () => {
    t = await buildHardeningApp(fixture);
    const answer = await t.app.inject({
      url: `/v1/points/${RICH}`,
      headers: { authorization: t.key, origin: DASHBOARD },
    });
    expect(answer.statusCode).toBe(200);
    expect(corsHeaders(answer.headers)).toEqual([]);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/v1/points/${RICH}`,
      headers: { origin: DASHBOARD, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(405);
    expect(corsHeaders(preflight.headers)).toEqual([]);
  });

  it('with CORS_ORIGINS, serves an allowed origin and answers its preflight without a key', async () => {
    t = await buildHardeningApp(fixture, { config: { corsOrigins: [DASHBOARD] } });
    const answer = await t.app.inject({
      url: `/v1/points/${RICH}`,
      headers: { authorization: t.key, origin: DASHBOARD },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(DASHBOARD);
    expect(String(answer.headers['access-control-expose-headers'])).toMatch(/retry-after/i);
    expect(String(answer.headers.vary)).toMatch(/origin/i);

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/v1/players/${RICH}`,
      headers: {
        origin: DASHBOARD,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(DASHBOARD);
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/GET/);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    // Errors reach the dashboard too, so it can show them.
    const denied = await t.app.inject({
      url: `/v1/points/${RICH}`,
      headers: { origin: DASHBOARD },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(DASHBOARD);
  });

  it('gives a disallowed origin no CORS header, not even on a preflight', async () => {
    t = await buildHardeningApp(fixture, { config: { corsOrigins: [DASHBOARD] } });
    const answer = await t.app.inject({
      url: `/v1/points/${RICH}`,
      headers: { authorization: t.key, origin: EVIL },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/v1/points/${RICH}`,
      headers: { origin: EVIL, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBeLessThan(500);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    // Without Access-Control-Allow-Origin, a browser refuses the real request: that is the gate.
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
