import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_GUILD, DEMO_MEMBER } from '../../src/http/endpoints/demo-ids.js';
import { createMetrics } from '../../src/http/metrics.js';
import { buildDemoApp, type DemoApp } from './support/demo-app.js';

const open: DemoApp[] = [];
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
});

async function scrape(t: DemoApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one sample line, e.g. `name{a="b"} 3`; 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('/metrics', () => {
  it('is 404 when metrics are off', async () => {
    const t = await buildDemoApp();
    open.push(t);
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', status: 404 });
  });

  it('counts a request by route pattern and status, with its latency', async () => {
    const t = await buildDemoApp({ metrics: createMetrics({ processMetrics: false }) });
    open.push(t);
    const labels = 'method="GET",route="/v1/points/:guildId",status="200"';
    const before = sample(await scrape(t), 'housecup_http_requests_total', labels);
    const answered = await t.app.inject({
      url: `/v1/points/${DEMO_GUILD}`,
      headers: { authorization: t.key },
    });
    expect(answered.statusCode).toBe(200);
    const after = await scrape(t);
    expect(sample(after, 'housecup_http_requests_total', labels)).toBe(before + 1);
    expect(sample(after, 'housecup_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(
      sample(after, 'housecup_http_request_duration_seconds_bucket', `le="+Inf",${labels}`),
    ).toBe(before + 1);
  });

  it('never puts a guild id, user id, key or raw URL in a label', async () => {
    const t = await buildDemoApp({ metrics: createMetrics() });
    open.push(t);
    for (const url of [
      `/v1/players/${DEMO_GUILD}`,
      `/v1/players/${DEMO_GUILD}/${DEMO_MEMBER}`,
      `/v1/jobs/${DEMO_GUILD}?limit=2`,
      '/v1/premium/424242424242424242',
      '/no/such/path/737373737373',
    ]) {
      await t.app.inject({ url, headers: { authorization: t.key } });
    }
    await t.app.inject({ url: `/v1/points/${DEMO_GUILD}`, headers: { authorization: 'hc_x' } });
    const text = await scrape(t);
    for (const secret of [DEMO_GUILD, DEMO_MEMBER, '424242', '737373', 'limit=', t.key, 'hc_']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('route="/v1/players/:guildId/:userId"');
    expect(text).toContain('route="unmatched",status="404"');
    // Node's own process metrics come along by default.
    expect(text).toContain('housecup_process_cpu_seconds_total');
  });

  it('is public and outside the rate limit, like a scraper expects', async () => {
    const t = await buildDemoApp({
      config: { rateLimitPerMinute: 1 },
      metrics: createMetrics({ processMetrics: false }),
    });
    open.push(t);
    for (let i = 0; i < 3; i += 1) await scrape(t);
  });
});

describe('bot metrics', () => {
  it('count interactions by command and outcome, and show the gateway state', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.countInteraction('points', 'ok');
    metrics.countInteraction('points', 'ok');
    metrics.countInteraction('players', 'not found');
    metrics.setGatewayState('connecting');
    metrics.setGatewayState('ready');
    const text = await metrics.render();
    expect(sample(text, 'housecup_bot_interactions_total', 'command="points",outcome="ok"')).toBe(
      2,
    );
    expect(
      sample(text, 'housecup_bot_interactions_total', 'command="players",outcome="not found"'),
    ).toBe(1);
    expect(sample(text, 'housecup_bot_gateway_state', 'state="ready"')).toBe(1);
    expect(sample(text, 'housecup_bot_gateway_state', 'state="connecting"')).toBe(0);
    expect(sample(text, 'housecup_bot_gateway_state', 'state="disabled"')).toBe(0);
  });

  it('each instance has its own registry: two apps in one process never collide', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.countInteraction('jobs', 'error');
    expect(await b.render()).not.toContain('command="jobs"');
    expect(a.registry).not.toBe(b.registry);
  });
});

describe('webhook metrics', () => {
  it('count deliveries by result and show the oldest waiting message and the open subscriptions', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const plain = await metrics.render();
    expect(sample(plain, 'housecup_webhook_deliveries_total', 'result="delivered"')).toBe(0);
    let delivered = 3;
    metrics.watchWebhooks(async () => ({
      deliveries: { delivered, failed: 2, timeout: 1, connection_error: 0, refused: 1 },
      oldestWaitingSeconds: 42.5,
      openSubscriptions: 7,
    }));
    let text = await metrics.render();
    expect(sample(text, 'housecup_webhook_deliveries_total', 'result="delivered"')).toBe(3);
    expect(sample(text, 'housecup_webhook_deliveries_total', 'result="failed"')).toBe(2);
    expect(sample(text, 'housecup_webhook_deliveries_total', 'result="refused"')).toBe(1);
    expect(text).toMatch(/^housecup_webhook_oldest_waiting_seconds 42\.5$/m);
    expect(text).toMatch(/^housecup_webhook_subscriptions_open 7$/m);
    delivered = 5;
    text = await metrics.render();
    expect(sample(text, 'housecup_webhook_deliveries_total', 'result="delivered"')).toBe(5);
  });
});
