/*
 * Discord misbehaving, against the real discord.js Client with production settings (no
 * shortened deferral, default REST retries): dropped gateway connections, refused replies,
 * rate limits and a slow handler. Each case ends with the next command still answered, and
 * no unhandled rejection or uncaught exception anywhere in the process.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import type { ReadService } from '../../src/read/service.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { until } from '../support/eventually.js';
import {
  type EmbedData,
  FAKE_TOKEN,
  FakeDiscord,
  type Handshake,
  type InteractionCallback,
  type UserData,
} from '../support/fake-discord.js';
import { type CapturedLog, captureLog } from '../support/log-capture.js';
import { botFixture, RICH } from './support/fixture.js';

const ALICE: UserData = { id: '500000000000000001', username: 'alice' };
/** A guild whose /points takes longer than the 2 s after which the dispatcher defers. */
const SLOW = '1133557799224466899';
const SLOW_MS = 2_300;
const STANDINGS = '🏆 House Cup standings';

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let log: CapturedLog;
const escaped: { kind: string; error: unknown }[] = [];
const onRejection = (error: unknown) => escaped.push({ kind: 'unhandledRejection', error });
const onException = (error: unknown) => escaped.push({ kind: 'uncaughtException', error });

function withSlowGuild(real: ReadService): ReadService {
  return {
    ...real,
    points: {
      async get(guildId) {
        if (guildId !== SLOW) return real.points.get(guildId);
        await sleep(SLOW_MS);
        return real.points.get(RICH);
      },
    },
  };
}

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  database = await openTestDatabase(botFixture);
  fake = await FakeDiscord.start({ guilds: [RICH, SLOW] });
  log = captureLog([FAKE_TOKEN]);
  const config = loadConfig({
    DATABASE_PATH: database.path,
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
  });
  const services = {
    ...commandServices(database.store, config),
    read: withSlowGuild(database.store.read),
  };
  bot = await startBot({ config, services, logger: log.logger });
});

afterEach(() => {
  expect(escaped).toEqual([]);
  // Interaction tokens are credentials for 15 minutes: no error may carry one into the log.
  expect(log.raw.filter((line) => line.includes('interaction-token-'))).toEqual([]);
});

afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  database?.cleanup();
  process.off('unhandledRejection', onRejection);
  process.off('uncaughtException', onException);
});

function points(guildId = RICH): Promise<InteractionCallback> {
  return fake.sendInteraction(fake.command('points', [], { guildId, user: ALICE }));
}

/** /points answers with the standings and the picture (after a deferral on a busy machine). */
async function expectStandings(callback: Promise<InteractionCallback>): Promise<void> {
  const answered = await fake.finalMessage(await callback);
  expect(answered.embeds?.[0]?.title).toBe(STANDINGS);
}

/** Log entries written from now on. */
function logFromHere() {
  const start = log.raw.length;
  return () => log.entries().slice(start);
}

describe('a dropped gateway connection', () => {
  /** Drops the connection with `drop` and returns the next handshake the fake answers. */
  async function dropAndReconnect(drop: () => void): Promise<Handshake> {
    const next = fake.waitForHandshake(fake.handshakes.length);
    drop();
    return next;
  }

  it('logs in with one IDENTIFY and a live session', () => {
    expect(bot.ready).toBe(true);
    expect(fake.handshakes).toEqual([
      {
        kind: 'identify',
        outcome: 'ready',
        connection: 1,
        sessionId: 'fake-session-1',
        replayed: 0,
        shard: [0, 1],
      },
    ]);
  });

  it('close 4000 (unknown error): RESUMEs the same session on a new connection, then answers', async () => {
    const before = { connections: fake.connections, identifies: fake.identifies };
    const lines = logFromHere();
    const handshake = await dropAndReconnect(() => fake.disconnect(4000, 'Unknown error.'));
    expect(handshake).toMatchObject({
      kind: 'resume',
      outcome: 'resumed',
      sessionId: 'fake-session-1',
    });
    expect(fake.connections).toBe(before.connections + 1);
    expect(fake.identifies).toBe(before.identifies);
    await expectStandings(points());
    expect(lines().map((e) => e.msg)).toContain('Discord gateway connection lost; reconnecting');
  });

  it('close 1006 (socket cut without a close frame): RESUMEs too, then answers', async () => {
    const before = { connections: fake.connections, identifies: fake.identifies };
    const handshake = await dropAndReconnect(() => fake.terminate());
    expect(handshake).toMatchObject({
      kind: 'resume',
      outcome: 'resumed',
      sessionId: 'fake-session-1',
    });
    expect(fake.connections).toBe(before.connections + 1);
    expect(fake.identifies).toBe(before.identifies);
    await expectStandings(points());
  });

  it('a command sent while the connection is down is replayed on RESUME and answered', async () => {
    const handshake = fake.waitForHandshake(fake.handshakes.length);
    fake.terminate();
    // Dispatched into the session with no live connection: only the RESUME can deliver it.
    const answer = points();
    expect(await handshake).toMatchObject({ kind: 'resume', outcome: 'resumed', replayed: 1 });
    await expectStandings(answer);
  });

  it('a session Discord no longer knows: op 9 on RESUME, then a fresh IDENTIFY, then answers', async () => {
    const first = fake.handshakes.length;
    const identifies = fake.identifies;
    fake.forgetSessions();
    const refused = await dropAndReconnect(() => fake.disconnect(4000, 'Unknown error.'));
    expect(refused).toMatchObject({ kind: 'resume', outcome: 'invalid' });
    // discord.js spaces IDENTIFYs 5 s apart (max_concurrency 1): this one may wait for that.
    const identified = await fake.waitForHandshake(first + 1);
    expect(identified).toMatchObject({ kind: 'identify', outcome: 'ready' });
    expect(fake.identifies).toBe(identifies + 1);
    await expectStandings(points());
  });
});

describe('Discord refusing a reply', () => {
  /**
   * Waits for the dispatcher's closing "interaction" line with outcome "error" (the previous
   * test's "ok" line may still land in this window: its callback resolves before it is logged).
   */
  async function untilFailed(lines: () => ReturnType<CapturedLog['entries']>) {
    const done = () => lines().some((e) => e.msg === 'interaction' && e.outcome === 'error');
    await until(done, 'the interaction to fail');
    return lines();
  }

  it('one 500 is retried by @discordjs/rest and the answer arrives, without an error line', async () => {
    const lines = logFromHere();
    fake.failCallbacks({ status: 500 });
    const refused = fake.failedCallbacks.length;
    await expectStandings(points());
    expect(fake.failedCallbacks).toHaveLength(refused + 1);
    expect(lines().filter((e) => e.level >= 50)).toEqual([]);
  });

  it('a persistent 500: retried 3 times, then logged once as an error; the next command answers', async () => {
    const lines = logFromHere();
    const refused = fake.failedCallbacks.length;
    // More failures than one reply can use up: any extra attempt (an apology) would meet one.
    fake.failCallbacks({ status: 500 }, 8);
    void points();
    const errors = (await untilFailed(lines)).filter((e) => e.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: 'could not send the answer',
      interaction: '/points',
      err: { type: 'HTTPError', status: 500 },
    });
    // Four attempts (the first and @discordjs/rest's 3 retries), and no apology after them.
    expect(fake.failedCallbacks).toHaveLength(refused + 4);
    expect(fake.clearCallbackFaults()).toBe(4);
    await expectStandings(points());
  });

  it('a 429 with retry_after 0.1 s is waited out and retried: the answer arrives', async () => {
    const lines = logFromHere();
    const refused = fake.failedCallbacks.length;
    fake.failCallbacks({ status: 429, retryAfter: 0.1 });
    await expectStandings(points());
    expect(fake.failedCallbacks).toHaveLength(refused + 1);
    expect(fake.failedCallbacks.at(-1)?.status).toBe(429);
    expect(lines().filter((e) => e.level >= 50)).toEqual([]);
  });

  it('a 429 asking to wait past the 3 s deadline fails at once, logged once; the next command answers', async () => {
    const lines = logFromHere();
    const refused = fake.failedCallbacks.length;
    const accepted = fake.callbacks.length;
    fake.failCallbacks({ status: 429, retryAfter: 5 });
    void points();
    const errors = (await untilFailed(lines)).filter((e) => e.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: 'could not send the answer',
      err: { type: expect.stringMatching(/^RateLimitError/) },
    });
    // Not retried after the wait, nor answered with an apology.
    expect(fake.failedCallbacks).toHaveLength(refused + 1);
    expect(fake.callbacks).toHaveLength(accepted);
    await expectStandings(points());
  });
});

describe('a handler slower than 2 s', () => {
  it('is deferred (default deferAfterMs), then its answer edits the deferral', async () => {
    // The deferral comes first, the answer after it; how soon is the dispatcher's timer's
    // business (2 s, under Discord's 3), not a test's.
    const deferred = await points(SLOW);
    expect(deferred.type).toBe(5);
    const edit = await fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path.endsWith(`/${deferred.token}/messages/@original`),
    );
    expect((edit.body as { embeds: EmbedData[] }).embeds[0]?.title).toBe(STANDINGS);
    await expectStandings(points());
  });

  it('a deferral Discord took but answered 500 for: its retry is told so, and the answer edits it', async () => {
    const errors = () => log.entries().filter((line) => line.level >= 50).length;
    const before = errors();
    fake.failCallbacks({ status: 500, accepted: true });
    const deferred = await points(SLOW);
    expect(deferred.type).toBe(5);
    const edit = await fake.waitForRequest(
      (r) => r.method === 'PATCH' && r.path.endsWith(`/${deferred.token}/messages/@original`),
    );
    expect((edit.body as { embeds: EmbedData[] }).embeds[0]?.title).toBe(STANDINGS);
    expect(errors()).toBe(before);
  });

  it('an answer Discord took but answered 500 for: its retry is told so, no apology follows', async () => {
    const errors = () => log.entries().filter((line) => line.level >= 50).length;
    const before = errors();
    const accepted = fake.callbacks.length;
    fake.failCallbacks({ status: 500, accepted: true });
    await expectStandings(points());
    await expectStandings(points());
    // The two answers, each once: no apology, no error line.
    expect(fake.callbacks).toHaveLength(accepted + 2);
    expect(errors()).toBe(before);
  });
});
