/*
 * `/apikey create` past the guild's cap (GUILD_KEY_CAP active keys of its own), through the fake
 * Discord on both transports, the real discord.js client and the real POST /interactions over
 * one SQLite file: refused privately, in the member's language, saying how to free a place;
 * no key is made; once one is revoked, create works again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { ENGLISH, languageOf } from '../../src/bot/i18n/index.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { GUILD_KEY_CAP } from '../../src/keys/key-store.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import type { LocaleOptions } from '../support/fake-discord/objects.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
  type InteractionOptions,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { ALICE } from './support/fixture.js';

const GUILDS = { gateway: '1133557799224466870', http: '1133557799224466871' } as const;
const EPHEMERAL = 64;

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;
const log = captureLog([FAKE_TOKEN]);

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await FakeDiscord.start({ guilds: Object.values(GUILDS) });
  const config = loadConfig({ DISCORD_TOKEN: FAKE_TOKEN, DISCORD_REST_URL: fake.restUrl });
  const services = commandServices(database.store, config);
  bot = await startBot({ config, services, logger: log.logger });
  served = await startInteractionsApp({
    database,
    services,
    publicKey: fake.publicKey,
    restUrl: fake.restUrl,
    logger: log.logger,
  });
});

afterAll(async () => {
  await bot?.stop();
  await served?.close();
  await fake?.close();
  database?.cleanup();
});

const create: CommandOption[] = [{ name: 'create', type: 1 }];

describe.each(['gateway', 'http'] as const)('over the %s', (via) => {
  const guildId = GUILDS[via];
  const apikey = (options: CommandOption[], locale = 'en-US'): Promise<InteractionCallback> => {
    const who: InteractionOptions & LocaleOptions = { guildId, user: ALICE, locale };
    return fake.ask(fake.command('apikey', options, who));
  };
  const active = async () =>
    (await database.store.keyStore.list({ guildId })).filter((key) => key.revoked_at === null);

  beforeAll(async () => {
    await fake.setInteractionsEndpoint(via === 'http' ? `${served.url}/interactions` : null);
    for (let i = 1; i < GUILD_KEY_CAP; i++) {
      await database.store.keyStore.create({ name: `key ${i}`, guilds: [guildId] });
    }
  });

  it('creates the last key the cap allows, then refuses the next, privately', async () => {
    const last = await apikey(create);
    expect(last.data.embeds?.[0]?.title).toMatch(/^API key #\d+ created$/);

    const refused = await apikey(create);
    expect(refused.data.flags).toBe(EPHEMERAL);
    expect(refused.data.embeds ?? []).toEqual([]);
    expect(refused.data.content).toBe(ENGLISH.t.apikey.full(String(GUILD_KEY_CAP)));
    expect(refused.data.content).toContain('`/apikey revoke id:<number>`');
    expect(await active()).toHaveLength(GUILD_KEY_CAP);
  });

  it('refuses in the member’s language', async () => {
    const french = languageOf('fr');
    const refused = await apikey(create, 'fr');
    expect(refused.data.content).toBe(french.t.apikey.full(String(GUILD_KEY_CAP)));
    expect(refused.data.content).toContain('`/clé-api révoquer numéro:<numéro>`');
  });

  it('creates again once a key is revoked', async () => {
    const [first] = await active();
    const revoked = await apikey([
      { name: 'revoke', type: 1, options: [{ name: 'id', type: 4, value: first?.id ?? 0 }] },
    ]);
    expect(revoked.data.content).toBe(ENGLISH.t.apikey.revokeAnswer(String(first?.id)));
    const again = await apikey(create);
    expect(again.data.embeds?.[0]?.title).toMatch(/^API key #\d+ created$/);
    expect(await active()).toHaveLength(GUILD_KEY_CAP);
  });
});
