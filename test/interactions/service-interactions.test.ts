/*
 * The service as `npm start` runs it with DISCORD_PUBLIC_KEY and no DISCORD_TOKEN: Discord's
 * interactions come to POST /interactions, and no gateway connection is ever opened.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { FakeDiscord } from '../support/fake-discord.js';
import { startTestService, type TestService } from '../support/service.js';

/** The demo data's first guild. */
const DEMO = '1133557799224466880';
const ABSENT = '1133557799224466999';
const USER = { id: '500000000000000001', username: 'alice' };

describe('a node answering interactions over HTTP only', () => {
  let fake: FakeDiscord;
  let s: TestService;
  beforeAll(async () => {
    fake = await FakeDiscord.start({ guilds: [DEMO] });
    s = await startTestService({
      DISCORD_PUBLIC_KEY: fake.publicKey,
      DISCORD_REST_URL: fake.restUrl,
      METRICS: 'true',
    });
  });
  afterAll(async () => {
    await s?.shutdown();
    await fake?.close();
  });

  it('passes the developer portal’s check of the endpoint URL (signed PING, forged PING)', async () => {
    await fake.setInteractionsEndpoint(`${s.url}/interactions`);
  });

  it('answers slash commands in the response body, from the same read service', async () => {
    const answer = await fake.sendInteraction(
      fake.command('points', [], { guildId: DEMO, user: USER }),
    );
    expect(answer.via).toBe('http');
    // A multipart answer cannot be the response body: a deferral, then an edit with the picture.
    expect(answer.type).toBe(5);
    const edit = await fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path.endsWith(`/${answer.token}/messages/@original`),
    );
    expect(edit.files).toEqual([{ name: 'points.png', png: true }]);
    const text = JSON.stringify((edit.body as { embeds: unknown[] }).embeds);
    for (const points of ['1,240', '1,185', '960', '1,012']) expect(text).toContain(points);
    const missing = await fake.ask(fake.command('points', [], { guildId: ABSENT, user: USER }));
    expect(missing.data.flags).toBe(64);
  });

  it('counts them in the same metrics as the gateway bot', async () => {
    // Counted once Discord has taken each answer, a moment after the fake received it.
    const notFound = /housecup_bot_interactions_total\{command="points",outcome="not found"\} 1/;
    const metrics = await eventually(
      async () => (await fetch(`${s.url}/metrics`)).text(),
      (text) => notFound.test(text),
    );
    expect(metrics).toMatch(/housecup_bot_interactions_total\{command="points",outcome="ok"\} 1/);
    expect(metrics).toMatch(notFound);
    expect(metrics).toMatch(/housecup_bot_gateway_state\{state="disabled"\} 1/);
  });

  it('opens no gateway connection, and is ready with the bot "disabled"', async () => {
    await sleep(200);
    expect(fake.connections).toBe(0);
    expect(fake.requests.filter((r) => !r.path.startsWith('/webhooks/'))).toEqual([]);
    expect(s.botState()).toBe('disabled');
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', bot: 'disabled' });
  });

  it('gives /webhook the service’s own subscriptions: added, then listed', async () => {
    const added = await fake.ask(
      fake.command(
        'webhook',
        [{ name: 'add', type: 1, options: [{ name: 'url', type: 3, value: 'https://8.8.8.8/x' }] }],
        { guildId: DEMO, user: USER },
      ),
    );
    expect(added.data.flags).toBe(64);
    expect(added.data.embeds?.[0]?.title).toMatch(/^Webhook #\d+ added$/);
    const listed = await fake.ask(
      fake.command('webhook', [{ name: 'list', type: 1 }], { guildId: DEMO, user: USER }),
    );
    expect(listed.data.embeds?.[0]?.description).toContain('`https://8.8.8.8/x`');
  });
});
