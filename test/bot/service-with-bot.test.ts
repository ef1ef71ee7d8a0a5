import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, until } from '../support/eventually.js';
import { FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { startTestService, type TestService } from '../support/service.js';

const RICH = '1133557799224466880';
const SPARSE = '1133557799224466881';

describe('one process: the HTTP API and the bot over the same data', () => {
  let fake: FakeDiscord;
  let s: TestService;
  beforeAll(async () => {
    fake = await FakeDiscord.start({ guilds: [RICH, SPARSE] });
    s = await startTestService({
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
      METRICS: 'true',
    });
  });
  afterAll(async () => {
    await s?.shutdown();
    await fake?.close();
  });

  it('serves HTTP while the bot connects, then answers slash commands from the same read service', async () => {
    const http = await fetch(`${s.url}/v1/points/${RICH}`, {
      headers: { authorization: s.firstKey },
    });
    expect(await http.json()).toEqual({
      gryffindor: 1240,
      slytherin: 1185,
      ravenclaw: 960,
      hufflepuff: 1012,
      status: 200,
    });
    await until(() => s.botState() === 'ready', 'the bot to be ready');
    const callback = await fake.ask(
      fake.command('points', [], { guildId: RICH, user: { id: '1', username: 'a' } }),
    );
    const text = JSON.stringify(callback.data.embeds);
    for (const points of ['1,240', '1,185', '960', '1,012']) expect(text).toContain(points);
  });

  it('counts interactions by command and outcome, and shows the gateway state', async () => {
    const missing = await fake.ask(
      fake.command('points', [], { guildId: SPARSE, user: { id: '1', username: 'a' } }),
    );
    expect(missing.data.flags).toBe(64);
    // Counted once Discord has taken the answer, a moment after the fake received it.
    const notFound = /housecup_bot_interactions_total\{command="points",outcome="not found"\} 1/;
    const metrics = await eventually(
      async () => (await fetch(`${s.url}/metrics`)).text(),
      (text) => notFound.test(text),
    );
    expect(metrics).toMatch(/housecup_bot_interactions_total\{command="points",outcome="ok"\} 1/);
    expect(metrics).toMatch(notFound);
    expect(metrics).toMatch(/housecup_bot_gateway_state\{state="ready"\} 1/);
  });

  it('gives /webhook the service’s own subscriptions, under its address rules', async () => {
    const user = { id: '1', username: 'a' };
    const add = (url: string) =>
      fake.ask(
        fake.command(
          'webhook',
          [{ name: 'add', type: 1, options: [{ name: 'url', type: 3, value: url }] }],
          { guildId: RICH, user },
        ),
      );
    const added = await add('https://8.8.8.8/gateway');
    expect(added.data.flags).toBe(64);
    expect(added.data.embeds?.[0]?.title).toMatch(/^Webhook #\d+ added$/);
    // WEBHOOK_ALLOW_PRIVATE is off by default.
    const refused = await add('https://127.0.0.1/gateway');
    expect(refused.data.content).toContain('private network');
    const listed = await fake.ask(
      fake.command('webhook', [{ name: 'list', type: 1 }], { guildId: RICH, user }),
    );
    expect(listed.data.embeds?.[0]?.description).toContain('`https://8.8.8.8/gateway`');
  });

  it('stops the bot with the service', async () => {
    await s.stop();
    expect(s.botState()).toBe('down');
  });
});

describe('a bad token', () => {
  it('stops the bot only: the API keeps serving, and stays ready for the load balancer', async () => {
    const fake = await FakeDiscord.start({ guilds: [RICH] });
    const s = await startTestService({
      DISCORD_TOKEN: 'not-the-token',
      DISCORD_REST_URL: fake.restUrl,
    });
    try {
      await until(() => s.botState() === 'down', 'the bot to give up');
      const http = await fetch(`${s.url}/v1/premium/${RICH}`, {
        headers: { authorization: s.firstKey },
      });
      expect(http.status).toBe(200);
      // The bot is named, as Redis is; only a store out of reach takes the node out.
      const ready = await fetch(`${s.url}/readyz`);
      expect(await ready.json()).toEqual({
        status: 'ready',
        database: 'ok',
        redis: 'disabled',
        bot: 'down',
      });
      expect(ready.status).toBe(200);
      await sleep(300);
      expect(fake.identifies).toBe(1);
    } finally {
      await s.shutdown();
      await fake.close();
    }
  });

  it('reports disabled without a token', async () => {
    const s = await startTestService();
    try {
      expect(s.botState()).toBe('disabled');
    } finally {
      await s.shutdown();
    }
  });
});
