import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.js';
import { createMetrics } from '../../src/http/metrics.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger } from '../../src/logger.js';
import { publicPages } from '../pages/support.js';
import { buildTestApp, listen, type TestApp, type TestAppOptions } from '../support/app.js';
import { fixture, RICH } from '../support/fixture.js';
import { openTestStore, type TestStore } from '../support/store.js';

/*
 * The render budgets (issue 29), on the real app over a real SQLite file, on a loopback port: a
 * key's renders a minute, the node's renders at once (read from its /metrics), and the public
 * pages' renders per address. Each chart below has a size of its own, so that it misses the cache.
 */

const TOO_MANY = { error: 'Too many requests', status: 429 };

let running: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(config: TestAppOptions['config'] = {}) {
  const metrics = createMetrics({ processMetrics: false });
  const t: TestApp = await buildTestApp(fixture, { config, metrics });
  running = t;
  const { url } = await listen(t.app);
  const get = (path: string, key = t.key, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { headers: { authorization: key, ...headers } });
  const metric = async (name: string) => {
    const text = await (await fetch(`${url}/metrics`)).text();
    return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
  };
  return { t, get, metric };
}

const chart = (width: number, height = 200) =>
  `/v1/points/${RICH}/chart.png?width=${width}&height=${height}`;

describe('renders per key', () => {
  it('refuses a key its renders past RENDERS_PER_MINUTE, while cached charts and small answers go on', async () => {
    const { t, get, metric } = await start({ rendersPerMinute: 3 });
    for (const width of [400, 401, 402]) expect((await get(chart(width))).status).toBe(200);

    const refused = await get(chart(403));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // What the cache holds costs nothing: the chart, its 304, and every small answer.
    const cached = await get(chart(400));
    expect(cached.status).toBe(200);
    expect(cached.headers.get('content-type')).toBe('image/png');
    const etag = cached.headers.get('etag') ?? '';
    expect((await get(chart(400), t.key, { 'if-none-match': etag })).status).toBe(304);
    expect((await get(`/v1/points/${RICH}`)).status).toBe(200);
    expect((await get(`/v1/players/${RICH}`)).status).toBe(200);

    // The budget is the key's own: another key still renders.
    const { key: other } = await t.keyStore.create({ name: 'other' });
    expect((await get(chart(403), other)).status).toBe(200);
    expect(await metric('housecup_renders_total')).toBe(4);
  });
});

describe("the node's render slots", () => {
  it('never draws more charts at once than RENDER_CONCURRENCY', async () => {
    const { get, metric } = await start({
      rendersPerMinute: 0,
      renderConcurrency: 1,
      renderQueue: 100,
    });
    const sizes = Array.from({ length: 12 }, (_, i) => chart(1600 - i, 1000));
    const statuses = await Promise.all(sizes.map(async (path) => (await get(path)).status));
    expect(statuses).toEqual(sizes.map(() => 200));
    expect(await metric('housecup_renders_total')).toBe(12);
    expect(await metric('housecup_renders_running_peak')).toBe(1);
    expect(await metric('housecup_renders_running')).toBe(0);
  });

  it('refuses with 429 and Retry-After what neither a slot nor the queue can take', async () => {
    const { get, metric } = await start({
      rendersPerMinute: 0,
      renderConcurrency: 1,
      renderQueue: 1,
    });
    // Warm connections first, so that the charts' requests all reach the server at once.
    await Promise.all(Array.from({ length: 10 }, () => get(`/v1/points/${RICH}`)));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => get(chart(1600 - i, 1000))),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(refused.length + answers.filter((a) => a.status === 200).length).toBe(10);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await answer.json()).toEqual(TOO_MANY);
    }
    expect(await metric('housecup_renders_refused_total')).toBe(refused.length);
    expect(await metric('housecup_renders_running_peak')).toBe(1);
    expect((await get(`/v1/points/${RICH}`)).status).toBe(200);
  });
});

describe('renders per address on the public pages', () => {
  let test: TestStore | undefined;
  afterEach(async () => {
    await test?.cleanup();
    test = undefined;
  });

  it("answers the page's 429 past RENDERS_PER_MINUTE, and still serves a cached chart", async () => {
    test = await openTestStore('sqlite', fixture);
    const { store } = test;
    await store.publication.publish(RICH);
    const keyVerifier = createKeyVerifier(store.keyTable);
    await keyVerifier.load();
    const app = await buildApp({
      read: store.read,
      keyVerifier,
      logger: createLogger({ level: 'silent' }),
      config: { rateLimitPerMinute: 0, rendersPerMinute: 2 },
      mounts: [publicPages(store)],
    });
    running = app;
    const { url } = await listen(app);
    const page = (width: number) => fetch(`${url}/cup/${RICH}/chart.png?width=${width}`);
    expect((await page(800)).status).toBe(200);
    expect((await page(801)).status).toBe(200);
    const refused = await page(802);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await page(800)).status).toBe(200);
  });
});
