import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fixture, RICH } from '../support/fixture.js';

/* Issue 20.5: RATE_LIMIT_PER_MINUTE=0 means "no default limit", never "no limits". */

describe('a key with a limit of its own, under RATE_LIMIT_PER_MINUTE=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(fixture, { rateLimitPerMinute: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is held to its own limit, while a key without one is not limited', async () => {
    const { key: limited } = await t.keyStore.create({ name: 'two a minute', rateLimit: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        url: `/v1/points/${RICH}`,
        headers: { authorization: limited },
      });
      statuses.push(response.statusCode);
      if (i === 0) expect(response.headers['x-ratelimit-limit']).toBe('2');
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        url: `/v1/points/${RICH}`,
        headers: { authorization: t.key },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
