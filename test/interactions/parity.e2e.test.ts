/*
 * One interaction, two transports: the real discord.js client on the fake's gateway, and
 * POST /interactions on the real server, both over one SQLite file. Every command, the page
 * buttons, the refusals, a failing handler and both deferral paths go through each, and what
 * Discord received (first answer, then any edit, deletion or follow-up) is compared: it must be
 * the same, body for body. What each transport made of the interaction is compared too.
 */
import { Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import type { InteractionRequest } from '../../src/bot/command.js';
import { requestFromGateway } from '../../src/bot/gateway.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { parseInteraction } from '../../src/interactions/payload.js';
import {
  ALICE,
  BIG,
  BOB,
  botFixture,
  DRACO,
  EMPTY,
  LIFETIME,
  NOBODY,
  OTHER,
  RICH,
  SPARSE,
} from '../bot/support/fixture.js';
import { BROKEN, SLOW, withTroubleGuilds } from '../bot/support/trouble.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import {
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
  type Json,
  type UserData,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { type InteractionsApp, startInteractionsApp } from './support.js';

// The deferral well past what a /points picture takes on a loaded machine (at 100 ms a render under
// a load of 9 was deferred), and the slow guild's reads well past the deferral.
const DEFER_AFTER_MS = 1_500;
const SLOW_MS = 2_500;
let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;
const log = captureLog([FAKE_TOKEN]);
/** What the gateway transport made of each interaction, by interaction id. */
const gatewayRequests = new Map<string, InteractionRequest>();

beforeAll(async () => {
  database = await openTestDatabase(botFixture);
  fake = await FakeDiscord.start({ guilds: [RICH, SPARSE, LIFETIME, OTHER, BIG, EMPTY] });
  const config = loadConfig({
    DATABASE_PATH: database.path,
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
  });
  // One object for both transports, as start.ts makes it.
  const services = {
    ...commandServices(database.store, config),
    read: withTroubleGuilds(database.store.read, SLOW_MS),
  };
  bot = await startBot({ config, services, logger: log.logger, deferAfterMs: DEFER_AFTER_MS });
  bot.client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isChatInputCommand() || interaction.isButton()) {
      gatewayRequests.set(interaction.id, requestFromGateway(interaction));
    }
  });
  served = await startInteractionsApp({
    database,
    services,
    publicKey: fake.publicKey,
    restUrl: fake.restUrl,
    deferAfterMs: DEFER_AFTER_MS,
    logger: log.logger,
  });
});

afterAll(async () => {
  await bot?.stop();
  await served?.close();
  await fake?.close();
  database?.cleanup();
});

type Transport = 'gateway' | 'http';

/** What Discord received for one interaction: its first answer, then its webhook calls. */
type Step =
  | { answer: number; data: unknown; files?: unknown }
  | { method: string; path: string; body: unknown };

interface Tools {
  command(
    name: string,
    guildId: string | null,
    options?: Json[],
    user?: UserData,
    resolved?: UserData[],
  ): Promise<InteractionCallback>;
  press(on: InteractionCallback, customId: string, user?: UserData): Promise<InteractionCallback>;
  /** The webhook calls made with the interaction's token, once `method` on `path` came. */
  webhookCalls(callback: InteractionCallback, method: string, ending: string): Promise<Step[]>;
  /**
   * The message a picture-carrying answer shows, with its files: over the gateway the first
   * answer carries them (one multipart callback); over HTTP, whose JSON response cannot, a
   * deferral and then one edit of @original carries them.
   */
  shown(callback: InteractionCallback): Promise<Step>;
}

function tools(transport: Transport, checked: InteractionRequest[]): Tools {
  const send = async (interaction: Json) => {
    const callback = await fake.sendInteraction(interaction);
    expect(callback.via).toBe(transport);
    // Both transports read the same payload the same way.
    const parsed = parseInteraction(JSON.parse(JSON.stringify(interaction)))?.request;
    if (transport === 'gateway') {
      expect(gatewayRequests.get(String(interaction.id))).toEqual(parsed);
      if (parsed) checked.push(parsed);
    }
    return callback;
  };
  return {
    command: (name, guildId, options = [], user = ALICE, resolved = []) =>
      send(fake.command(name, options as never, { guildId, user }, resolved)),
    press: (on, customId, user = ALICE) =>
      send(fake.button(customId, fake.message(on.data, BIG), { guildId: BIG, user })),
    async webhookCalls(callback, method, ending) {
      const { token } = callback;
      await fake.waitForRequest(
        (r) => r.method === method && r.path.endsWith(`/${token}${ending}`),
      );
      return fake.requests
        .filter((r) => r.path.startsWith('/webhooks/') && r.path.includes(`/${token}`))
        .map((r) => ({ method: r.method, path: r.path.replace(token, '<token>'), body: r.body }));
    },
    async shown(callback) {
      const { token } = callback;
      if (transport === 'gateway') {
        expect(callback.type).toBe(4);
        const call = await fake.waitForRequest((r) => r.path.endsWith(`/${token}/callback`));
        return { answer: 4, data: callback.data, files: call.files };
      }
      expect(callback.type).toBe(5);
      const edit = await fake.waitForRequest(
        (r) => r.method === 'PATCH' && r.path.endsWith(`/${token}/messages/@original`),
      );
      return { answer: 4, data: edit.body, files: edit.files };
    },
  };
}

const first = (callback: InteractionCallback): Step => ({
  answer: callback.type,
  data: callback.data,
});

const buttons = (c: InteractionCallback) => c.data.components?.[0]?.components ?? [];

/** Every scenario, as the list of steps Discord saw. */
const scenarios: Record<string, (t: Tools) => Promise<Step[]>> = {
  '/points: the same message and picture, in one call or two as each transport can': async (t) => [
    await t.shown(await t.command('points', RICH)),
    await t.shown(await t.command('points', BIG)),
  ],
  '/points, none on this server': async (t) => [first(await t.command('points', SPARSE))],
  '/jobs': async (t) => [
    first(await t.command('jobs', RICH)),
    first(await t.command('jobs', SPARSE)),
  ],
  '/premium': async (t) =>
    Promise.all(
      [RICH, LIFETIME, SPARSE, EMPTY].map(async (g) => first(await t.command('premium', g))),
    ),
  '/players, one page': async (t) => [first(await t.command('players', RICH))],
  '/players, pages turned with ◀ ▶, by the invoker only': async (t) => {
    const page1 = await t.command('players', BIG);
    const page2 = await t.press(page1, buttons(page1)[1]?.custom_id ?? '');
    const back = await t.press(page2, buttons(page2)[0]?.custom_id ?? '');
    const notYours = await t.press(back, buttons(back)[1]?.custom_id ?? '', BOB);
    const stale = await t.press(back, `players:page:99999:${ALICE.id}`);
    const unknown = await t.press(back, 'nothing:here');
    return [page1, page2, back, notYours, stale, unknown].map(first);
  },
  '/players member': async (t) => [
    first(
      await t.command('players', RICH, [{ name: 'member', type: 6, value: DRACO.id }], ALICE, [
        DRACO,
      ]),
    ),
    first(
      await t.command('players', RICH, [{ name: 'member', type: 6, value: NOBODY.id }], ALICE, [
        NOBODY,
      ]),
    ),
    first(await t.command('players', EMPTY)),
  ],
  '/apikey list, and revoke of a key that is not there': async (t) => [
    first(await t.command('apikey', OTHER, [{ name: 'list', type: 1 }])),
    first(
      await t.command('apikey', OTHER, [
        { name: 'revoke', type: 1, options: [{ name: 'id', type: 4, value: 9999 }] },
      ]),
    ),
  ],
  '/webhook add, list, a refused add, remove (secret and number masked)': async (t) => {
    const added = await t.command('webhook', OTHER, [
      {
        name: 'add',
        type: 1,
        options: [
          { name: 'url', type: 3, value: 'https://8.8.8.8/parity?token=t' },
          { name: 'points', type: 5, value: true },
          { name: 'term', type: 5, value: true },
        ],
      },
    ]);
    const id = /#(\d+)/.exec(added.data.embeds?.[0]?.title ?? '')?.[1] ?? '0';
    const listed = await t.command('webhook', OTHER, [{ name: 'list', type: 1 }]);
    const refused = await t.command('webhook', OTHER, [
      { name: 'add', type: 1, options: [{ name: 'url', type: 3, value: 'https://10.0.0.1/' }] },
    ]);
    const removed = await t.command('webhook', OTHER, [
      { name: 'remove', type: 1, options: [{ name: 'id', type: 4, value: Number(id) }] },
    ]);
    const mask = (step: Step) =>
      JSON.parse(
        JSON.stringify(step)
          .replace(/whsec_[A-Za-z0-9+/]+=*/g, 'whsec_…')
          .replaceAll(`#${id}`, '#N'),
      );
    return [first(added), first(listed), first(refused), first(removed)].map(mask);
  },
  '/apikey create, then revoke (key and number masked)': async (t) => {
    const created = await t.command('apikey', RICH, [
      { name: 'create', type: 1, options: [{ name: 'name', type: 3, value: 'parity' }] },
    ]);
    const id = /#(\d+)/.exec(created.data.embeds?.[0]?.title ?? '')?.[1] ?? '0';
    const revoked = await t.command('apikey', RICH, [
      { name: 'revoke', type: 1, options: [{ name: 'id', type: 4, value: Number(id) }] },
    ]);
    const mask = (step: Step) =>
      JSON.parse(
        JSON.stringify(step)
          .replace(/hc_[A-Za-z0-9_-]+/g, 'hc_…')
          .replaceAll(`#${id}`, '#N'),
      );
    return [first(created), first(revoked)].map(mask);
  },
  'outside a server, an unknown command, a failing handler': async (t) => [
    first(await t.command('points', null)),
    first(await t.command('nope', RICH)),
    first(await t.command('points', BROKEN)),
  ],
  'a slow handler: deferred, then @original edited': async (t) => {
    const deferred = await t.command('points', SLOW);
    expect(deferred.type).toBe(5);
    const calls = await t.webhookCalls(deferred, 'PATCH', '/messages/@original');
    expect(calls.map((c) => 'method' in c && c.method)).toEqual(['PATCH']);
    return [first(deferred), ...calls];
  },
  'a slow "not found": deferred, then deleted and answered privately': async (t) => {
    const deferred = await t.command('jobs', SLOW);
    expect(deferred.type).toBe(5);
    const calls = await t.webhookCalls(deferred, 'POST', '');
    expect(calls.map((c) => 'method' in c && c.method)).toEqual(['DELETE', 'POST']);
    return [first(deferred), ...calls];
  },
};

describe('the gateway and POST /interactions answer alike', () => {
  const checked: InteractionRequest[] = [];

  it.each(Object.keys(scenarios))('%s', async (name) => {
    const scenario = scenarios[name];
    if (!scenario) throw new Error(name);
    await fake.setInteractionsEndpoint(null);
    const viaGateway = await scenario(tools('gateway', checked));
    await fake.setInteractionsEndpoint(`${served.url}/interactions`);
    const viaHttp = await scenario(tools('http', checked));
    await fake.setInteractionsEndpoint(null);
    expect(viaGateway.length).toBeGreaterThan(0);
    expect(viaHttp).toEqual(viaGateway);
  });

  it('compared what each transport made of the interactions, member permissions included', () => {
    expect(checked.length).toBeGreaterThan(20);
    const command = checked.find((r) => r.kind === 'command' && r.command === 'apikey');
    expect(command).toMatchObject({ memberPermissions: 2251799813685247n, user: ALICE });
    expect(checked.some((r) => r.kind === 'button')).toBe(true);
  });

  it('logged both transports’ interactions, never a key or an interaction token', () => {
    const lines = log.entries().filter((e) => e.msg === 'interaction');
    expect(lines.filter((e) => e.component === 'discord').length).toBeGreaterThan(20);
    expect(lines.filter((e) => e.component === 'interactions').length).toBeGreaterThan(20);
    expect(log.raw.filter((line) => /interaction-token-|hc_(?!\[redacted\])/.test(line))).toEqual(
      [],
    );
  });
});
