/*
 * The live scoreboards' costs, on one SQLite node against the fake Discord (not part of
 * `npm run bench`; run alone: `node --expose-gc --import tsx test/bench/live-scoreboards.ts`):
 *
 * 1. Discord calls for a guild whose points change every second, over `SECONDS` seconds with the
 *    default edit interval: what the debounce leaves of 1 change a second.
 * 2. Memory per live message: the node's heap with 1,000 messages held, less with none.
 * 3. 1,000 live messages on the node, every guild's points changed in one transaction: edits per
 *    second until all 1,000 are edited, and the p99 of `GET /v1/points/:guildId` meanwhile (and
 *    before, as the baseline).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startService } from '../../src/start.js';
import { Sqlite } from '../../src/store/sqlite/driver.js';
import { FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';

const SECONDS = Number(process.env.SECONDS ?? 120);
const MESSAGES = 1_000;
const gc = (globalThis as { gc?: () => void }).gc;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function heap(): Promise<number> {
  for (let i = 0; i < 3; i += 1) {
    gc?.();
    await sleep(50);
  }
  return process.memoryUsage().heapUsed;
}

const guildOf = (i: number) => String(2_000_000_000_000_000_000n + BigInt(i));

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-live-bench-'));
  const path = join(dir, 'housecup.db');
  const guilds = Array.from({ length: MESSAGES }, (_, i) => guildOf(i));
  const fake = await FakeDiscord.start({ guilds: [guilds[0] ?? ''] });
  let key = '';
  const config = loadConfig({
    DATABASE_PATH: path,
    PORT: '0',
    DEMO_DATA: 'false',
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
    RATE_LIMIT_PER_MINUTE: '0',
    RENDERS_PER_MINUTE: '0',
  });
  const service = await startService(config, createLogger({ level: 'silent' }), {
    onFirstKey(k) {
      key = k;
    },
    onDamaged(error) {
      throw error;
    },
  });
  const game = new Sqlite(path);
  try {
    const insertPoints = game.prepare(
      'INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES (?, 100, 90, 80, 70)',
    );
    game.transaction(() => {
      for (const guild of guilds) insertPoints.run(guild);
    })();
    const setPoints = game.prepare('UPDATE house_points SET gryffindor = ? WHERE guild_id = ?');

    while (service.botState() !== 'ready') await sleep(50);
    // 1. One guild, one change a second, the default interval.
    const one = guilds[0] ?? '';
    const posted = await fake.sendInteraction(
      fake.command('scoreboard', [{ name: 'post', type: 1, options: [] }], {
        guildId: one,
        user: { id: '1', username: 'admin' },
      }),
    );
    if (!posted.data.content?.includes('posted'))
      throw new Error(`not posted: ${posted.data.content}`);
    const before = fake.requests.length;
    for (let s = 1; s <= SECONDS; s += 1) {
      setPoints.run(1_000 + s, one);
      await sleep(1_000);
    }
    const calls = fake.requests.slice(before);
    const edits = calls.filter((r) => r.method === 'PATCH').length;
    console.log(
      `1. ${SECONDS} changes over ${SECONDS} s: ${calls.length} Discord calls (${edits} edits), ${Math.round((calls.length * 3_600) / SECONDS)} an hour`,
    );
    game.prepare('DELETE FROM live_messages').run();

    // 2. Memory: the node holding none, then 1,000.
    await sleep(11_000);
    const empty = await heap();
    const insertLive = game.prepare(
      "INSERT INTO live_messages (guild_id, channel_id, message_id, locale, created_at, seq) VALUES (?, ?, ?, 'en-US', '2026-11-26T00:00:00.000Z', ?)",
    );
    const seqOf = game
      .prepare<[string], number>(
        "SELECT max(seq) FROM guild_changes WHERE guild_id = ? AND area IN ('points', 'history')",
      )
      .pluck();
    game.transaction(() => {
      for (const [i, guild] of guilds.entries()) {
        const messageId = String(3_000_000_000_000_000_000n + BigInt(i));
        const channelId = String(4_000_000_000_000_000_000n + BigInt(i));
        insertLive.run(guild, channelId, messageId, seqOf.get(guild) ?? 0);
        fake.channelMessages.set(messageId, {
          id: messageId,
          channelId,
          message: {},
          png: null,
          edits: 0,
        });
      }
    })();
    // The next lease renewal (every 10 s) takes them.
    await sleep(11_000);
    const held = game
      .prepare('SELECT count(*) FROM live_messages WHERE lease_owner IS NOT NULL')
      .pluck()
      .get();
    const full = await heap();
    console.log(
      `2. heap with ${String(held)} live messages held: ${Math.round((full - empty) / MESSAGES)} bytes each (${((full - empty) / 1e6).toFixed(2)} MB for ${MESSAGES}; gc ${gc ? 'forced' : 'not available'})`,
    );

    // 3. Every guild changes at once.
    const request = async () => {
      const guild = guilds[Math.floor(Math.random() * guilds.length)] ?? '';
      const started = performance.now();
      const response = await fetch(`${service.url}/v1/points/${guild}`, {
        headers: { authorization: key },
      });
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const baseline: number[] = [];
    for (let i = 0; i < 500; i += 1) baseline.push(await request());
    const editsBefore = fake.edits.length;
    const started = performance.now();
    game.transaction(() => {
      for (const guild of guilds) setPoints.run(5_000, guild);
    })();
    const during: number[] = [];
    while (fake.edits.length - editsBefore < MESSAGES && performance.now() - started < 600_000) {
      during.push(await request());
      await sleep(10);
    }
    const seconds = (performance.now() - started) / 1_000;
    const done = fake.edits.length - editsBefore;
    console.log(
      `3. ${done} edits in ${seconds.toFixed(1)} s: ${(done / seconds).toFixed(1)} edits/s; GET /v1/points p99 ${percentile(during, 99).toFixed(1)} ms during (p50 ${percentile(during, 50).toFixed(1)}, ${during.length} requests), ${percentile(baseline, 99).toFixed(1)} ms before (p50 ${percentile(baseline, 50).toFixed(1)})`,
    );
  } finally {
    game.close();
    await service.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
