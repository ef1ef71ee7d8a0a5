import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, RICH } from '../support/fixture.js';
import { buildHardeningApp, type HardeningApp } from './support/app.js';
import { authorization, METHODS, path, query } from './support/fuzz.js';
import { brokenRule } from './support/invariants.js';

let t: HardeningApp;
let revoked: string;
let scoped: string;

beforeAll(async () => {
  // Limits off, so the properties reach the routes rather than the 429s of a flood.
  t = await buildHardeningApp(fixture, { config: { failureLimitPerMinute: 0 } });
  const old = await t.keyStore.create({ name: 'revoked' });
  await t.keyStore.revoke(old.id);
  revoked = old.key;
  scoped = (await t.keyStore.create({ name: 'scoped', guilds: [RICH] })).key;
});
afterAll(async () => t.close());

describe('random requests through app.inject', () => {
  it('never a 5xx, always the JSON error contract, never an echo of a key', async () => {
    const secrets = [t.key, revoked, scoped];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        path(RICH),
        query,
        authorization(secrets),
        async (method, p, q, header) => {
          const url = `${p}${q}`;
          const response = await t.app.inject({
            method,
            url,
            headers: header === undefined ? {} : { authorization: header },
          });
          const sent = header?.includes('hc_') ? [header.replace(/^bearer\s+/i, '')] : [];
          const broken = brokenRule(
            {
              method,
              url,
              status: response.statusCode,
              headers: response.headers,
              body: response.body,
            },
            [...secrets, ...sent],
          );
          expect(broken, `${method} ${url.slice(0, 200)} (${header?.slice(0, 60)})`).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers an id of any length up to 10,000 characters with 400 Invalid guild id, never 414', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 65, max: 10_000 }),
        fc.constantFrom('players', 'points', 'jobs', 'premium'),
        async (length, area) => {
          const response = await t.app.inject({
            url: `/v1/${area}/${'7'.repeat(length)}`,
            headers: { authorization: t.key },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ error: 'Invalid guild id', status: 400 });
        },
      ),
      { numRuns: 40 },
    );
    const user = await t.app.inject({
      url: `/v1/players/${RICH}/${'9'.repeat(10_000)}`,
      headers: { authorization: t.key },
    });
    expect(user.json()).toEqual({ error: 'Invalid user id', status: 400 });
  });
});
