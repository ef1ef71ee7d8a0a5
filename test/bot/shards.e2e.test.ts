/*
 * Sharding through discord.js's own options against a fake Discord that shards as Discord does:
 * one gateway connection and READY per shard, each guild's interactions on the connection of
 * shard (guild_id >> 22) % shard_count. First all shards in one process (`auto`), then two
 * real processes, shards 0 and 1 of 2, each answering only the interactions of its guilds.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { type Child, killChildren, startMain } from '../support/child.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { until } from '../support/eventually.js';
import { FAKE_TOKEN, FakeDiscord, type Handshake, shardOf } from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';

/** Guild ids a snowflake apart in the bits that pick the shard: 0, 1, 0, 1 of 2. */
const GUILDS = [0n, 1n, 2n, 3n].map((n) => (1133557799224466880n + (n << 22n)).toString());
const USER = { id: '500000000000000001', username: 'alice' };

const data = {
  guilds: GUILDS.map((id, i) => ({
    id,
    points: { gryffindor: 100 + i, slytherin: 1, ravenclaw: 2, hufflepuff: 3 },
  })),
};

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase(data);
});
afterAll(() => database?.cleanup());

it('the test guilds fall on both shards of 2', () => {
  expect(GUILDS.map((id) => shardOf(id, 2))).toEqual([0, 1, 0, 1]);
});

async function points(fake: FakeDiscord, guildId: string): Promise<string> {
  const answer = await fake.sendInteraction(fake.command('points', [], { guildId, user: USER }));
  // /points answers in one callback, its picture attached (docs/discord.md).
  expect(answer.type).toBe(4);
  return answer.data.embeds?.[0]?.description?.split('\n')[0] ?? '';
}

describe('DISCORD_SHARDS=auto: as many shards as Discord recommends, in this process', () => {
  let fake: FakeDiscord;
  let bot: RunningBot;
  beforeAll(async () => {
    fake = await FakeDiscord.start({ guilds: GUILDS, shards: 2, maxConcurrency: 2 });
    const config = loadConfig({
      DATABASE_PATH: database.path,
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
    });
    const services = commandServices(database.store, config);
    bot = await startBot({ config, services, logger: captureLog([FAKE_TOKEN]).logger });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
  });

  it('identifies shards 0 and 1 of 2 on two connections and answers guilds of both', async () => {
    expect(bot.ready).toBe(true);
    const ready = fake.handshakes.filter((h) => h.outcome === 'ready');
    expect(ready.map((h) => h.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(new Set(ready.map((h) => h.connection)).size).toBe(2);
    expect(bot.client.guilds.cache.size).toBe(GUILDS.length);
    for (const [i, guildId] of GUILDS.entries()) {
      expect(await points(fake, guildId)).toContain(`${100 + i} points`);
    }
  });
});

describe('DISCORD_SHARDS=0 and =1 of DISCORD_SHARD_COUNT=2: two processes split one bot', () => {
  let fake: FakeDiscord;
  const children: Child[] = [];
  afterEach(async () => {
    await killChildren();
    await fake?.close();
  });

  /** The guilds of the `interaction` log lines a child wrote. */
  function answeredGuilds(child: Child): string[] {
    return child
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; guild?: string })
      .filter((entry) => entry.msg === 'interaction')
      .map((entry) => entry.guild ?? '');
  }

  it('each process identifies its own shard and answers the interactions of its guilds only', async () => {
    fake = await FakeDiscord.start({ guilds: GUILDS });
    const readies: Promise<Handshake>[] = [fake.waitForHandshake(0), fake.waitForHandshake(1)];
    for (const shard of ['0', '1']) {
      const { child } = await startMain({
        DATABASE_PATH: database.path,
        DISCORD_TOKEN: FAKE_TOKEN,
        DISCORD_REST_URL: fake.restUrl,
        DISCORD_SHARDS: shard,
        DISCORD_SHARD_COUNT: '2',
      });
      children.push(child);
    }
    const handshakes = await Promise.all(readies);
    expect(handshakes.map((h) => h.outcome)).toEqual(['ready', 'ready']);
    expect(handshakes.map((h) => h.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    for (const [i, guildId] of GUILDS.entries()) {
      expect(await points(fake, guildId)).toContain(`${100 + i} points`);
    }
    const [zero, one] = children as [Child, Child];
    // The answering process logs the interaction (the line may trail the callback a little).
    await until(
      () => answeredGuilds(zero).length + answeredGuilds(one).length === 4,
      'both processes to log the interactions',
    );
    expect(answeredGuilds(zero).sort()).toEqual([GUILDS[0], GUILDS[2]].sort());
    expect(answeredGuilds(one).sort()).toEqual([GUILDS[1], GUILDS[3]].sort());
  });
});
