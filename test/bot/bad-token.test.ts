/*
 * A token Discord refuses must give one clear fatal line and a bot that stays down: no
 * reconnect loop, no rejected promise, so the HTTP API in the same process keeps serving.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { BAD_TOKEN_MESSAGE, startBot } from '../../src/bot/client.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { until } from '../support/eventually.js';
import { FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { RICH } from './support/fixture.js';

const WRONG_TOKEN = 'not-the-token-discord-knows.xyz';
/**
 * discord.js waits 500 ms before reconnecting; three times that after the fatal line shows
 * whether it tries (a busy machine may delay a reconnect past it: a miss, never a false alarm).
 */
const RECONNECT_WINDOW_MS = 1_500;

let fake: FakeDiscord | undefined;
let database: TestDatabase | undefined;

afterEach(async () => {
  await fake?.close();
  database?.cleanup();
});

async function startWithWrongToken(checkRestToken: boolean) {
  database = await openTestDatabase();
  fake = await FakeDiscord.start({ guilds: [RICH], checkRestToken });
  const log = captureLog([WRONG_TOKEN]);
  const config = loadConfig({ DISCORD_TOKEN: WRONG_TOKEN, DISCORD_REST_URL: fake.restUrl });
  const services = commandServices(database.store, config);
  const bot = await startBot({ config, services, logger: log.logger });
  return { bot, log, fake };
}

/** Once the bot has said the token is refused: what stops it, before checking that it stopped. */
const fatalLine = (log: ReturnType<typeof captureLog>) =>
  until(() => log.entries().some((e) => e.level === 60), 'the fatal line');

describe('a token Discord rejects', () => {
  it('gateway close 4004: one fatal line, the bot stops, no reconnect', async () => {
    const { bot, log, fake } = await startWithWrongToken(false);
    expect(bot.ready).toBe(false);
    expect(bot.client.isReady()).toBe(false);

    await fatalLine(log);
    await sleep(RECONNECT_WINDOW_MS);
    expect(fake.connections).toBe(1);
    expect(fake.identifies).toBe(1);
    const fatal = log.entries().filter((e) => e.level === 60);
    expect(fatal.map((e) => e.msg)).toEqual([BAD_TOKEN_MESSAGE]);
    expect(BAD_TOKEN_MESSAGE).toMatch(/^Discord rejected the token/);
    expect(log.raw.join('')).not.toContain(WRONG_TOKEN);
    await bot.stop();
  });

  it('a 4004 after READY (token reset while running): the same fatal line, no reconnect', async () => {
    database = await openTestDatabase();
    fake = await FakeDiscord.start({ guilds: [RICH] });
    const log = captureLog([FAKE_TOKEN]);
    const config = loadConfig({ DISCORD_TOKEN: FAKE_TOKEN, DISCORD_REST_URL: fake.restUrl });
    const services = commandServices(database.store, config);
    const bot = await startBot({ config, services, logger: log.logger });
    expect(bot.ready).toBe(true);
    fake.disconnect(4004, 'Authentication failed.');
    await fatalLine(log);
    await sleep(RECONNECT_WINDOW_MS);
    expect(fake.connections).toBe(1);
    expect(bot.client.isReady()).toBe(false);
    expect(
      log
        .entries()
        .filter((e) => e.level === 60)
        .map((e) => e.msg),
    ).toEqual([BAD_TOKEN_MESSAGE]);
    await bot.stop();
  });

  it('HTTP 401 on the gateway lookup: the same fatal line, no gateway connection at all', async () => {
    const { bot, log, fake } = await startWithWrongToken(true);
    expect(bot.ready).toBe(false);
    expect(fake.connections).toBe(0);
    expect(
      log
        .entries()
        .filter((e) => e.level === 60)
        .map((e) => e.msg),
    ).toEqual([BAD_TOKEN_MESSAGE]);
    await bot.stop();
  });
});

describe('no token at all', () => {
  it('does not start, says why, and does not pretend Discord refused it', async () => {
    database = await openTestDatabase();
    const log = captureLog();
    const config = loadConfig({ DISCORD_REST_URL: 'http://127.0.0.1:9/api' });
    const services = commandServices(database.store, config);
    const bot = await startBot({ config, services, logger: log.logger });
    expect(bot.ready).toBe(false);
    expect(log.entries().map((e) => e.msg)).toEqual([
      'DISCORD_TOKEN is not set: the Discord bot is not started',
    ]);
    await bot.stop();
  });
});
