/*
 * The live scoreboards' costs, on one SQLite node against the fake Discord, in this process
 * (`npm run bench -- --only live-scoreboards`, part of the full run; or alone:
 * `node --expose-gc --import tsx test/bench/live-scoreboards.ts`, SECONDS=120 by default):
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
import { pathToFileURL } from 'node:url';
import Sqlite from 'better-sqlite3';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startService } from '../../src/start.js';
import { FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { collectGarbage } from '../support/gc.js';
import { percentileOf } from './stats.js';

/** Live messages of part 2 and 3: 1,000 in the full bench. */
const MESSAGES = 1_000;

async function heap(): Promise<number> {
  for (let i = 0; i < 3; i += 1) {
    collectGarbage();
    await sleep(50);
  }
  return process.memoryUsage().heapUsed;
}

const guildOf = (i: number) => String(2_000_000_000_000_000_000n + BigInt(i));

export interface LiveScoreboardsReport {
  /** 1. One guild, one change a second over `seconds`, the default edit interval. */
  seconds: number;
  discordCalls: number;
  edits: number;
  callsPerHour: number;
  /** 2. The heap per live message held. */
  heldMessages: number;
  bytesPerMessage: number;
  heapMB: number;
  gcForced: boolean;
  /** 3. Every guild's points changed at once. */
  burst: {
    edits: number;
    seconds: number;
    editsPerSecond: number;
    during: { p50Ms: number; p99Ms: number; requests: number };
    before: { p50Ms: number; p99Ms: number };
  };
}

/**
 * `seconds`: how long part 1 changes its guild's points, once a second; `messages`: the live
 * messages of parts 2 and 3 (fewer in a quick run, which proves the harness).
 */
export async function liveScoreboardsBench(
  seconds: number,
  log: (line: string) => void = console.log,
  messages = MESSAGES,
): Promise<LiveScoreboardsReport> {
  const SECONDS = seconds;
  const report: LiveScoreboardsReport = {
    seconds,
    discordCalls: 0,
    edits: 0,
    callsPerHour: 0,
    heldMessages: 0,
    bytesPerMessage: 0,
    heapMB: 0,
    gcForced: true,
    burst: {
      edits: 0,
      seconds: 0,
      editsPerSecond: 0,
      during: { p50Ms: 0, p99Ms: 0, requests: 0 },
      before: { p50Ms: 0, p99Ms: 0 },
    },
  };
  const dir = mkdtempSync(join(tmpdir(), 'housecup-live-bench-'));
  const path = join(dir, 'housecup.db');
  const guilds = Array.from({ length: messages }, (_, i) => guildOf(i));
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
    // A busy machine defers the answer, then sends it.
    const { content } = await fake.finalMessage(posted);
    if (!content?.includes('posted')) throw new Error(`not posted: ${content}`);
    const before = fake.requests.length;
    for (let s = 1; s <= SECONDS; s += 1) {
      setPoints.run(1_000 + s, one);
      await sleep(1_000);
    }
    const calls = fake.requests.slice(before);
    const edits = calls.filter((r) => r.method === 'PATCH').length;
    report.discordCalls = calls.length;
    report.edits = edits;
    report.callsPerHour = Math.round((calls.length * 3_600) / SECONDS);
    log(
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
    const heldNow = game
      .prepare<[], number>('SELECT count(*) FROM live_messages WHERE lease_owner IS NOT NULL')
      .pluck();
    const leased = performance.now();
    while ((heldNow.get() ?? 0) < messages && performance.now() - leased < 60_000) await sleep(200);
    const held = heldNow.get();
    const full = await heap();
    report.heldMessages = Number(held);
    report.bytesPerMessage = Math.round((full - empty) / messages);
    report.heapMB = (full - empty) / 1e6;
    log(
      `2. heap with ${String(held)} live messages held: ${Math.round((full - empty) / messages)} bytes each (${((full - empty) / 1e6).toFixed(2)} MB for ${messages}; gc forced)`,
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
    while (fake.edits.length - editsBefore < messages && performance.now() - started < 600_000) {
      during.push(await request());
      await sleep(10);
    }
    const seconds = (performance.now() - started) / 1_000;
    const done = fake.edits.length - editsBefore;
    report.burst = {
      edits: done,
      seconds,
      editsPerSecond: done / seconds,
      during: {
        p50Ms: percentileOf(during, 50),
        p99Ms: percentileOf(during, 99),
        requests: during.length,
      },
      before: { p50Ms: percentileOf(baseline, 50), p99Ms: percentileOf(baseline, 99) },
    };
    log(
      `3. ${done} edits in ${seconds.toFixed(1)} s: ${(done / seconds).toFixed(1)} edits/s; GET /v1/points p99 ${percentileOf(during, 99).toFixed(1)} ms during (p50 ${percentileOf(during, 50).toFixed(1)}, ${during.length} requests), ${percentileOf(baseline, 99).toFixed(1)} ms before (p50 ${percentileOf(baseline, 50).toFixed(1)})`,
    );
  } finally {
    game.close();
    await service.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return report;
}

export function formatLiveScoreboards(report: LiveScoreboardsReport | null): string {
  if (!report) return 'live scoreboards: not run';
  const b = report.burst;
  return [
    'live scoreboards (one SQLite node in the bench process, the fake Discord):',
    `  1. ${report.seconds} changes over ${report.seconds} s: ${report.discordCalls} Discord calls (${report.edits} edits), ${report.callsPerHour} an hour`,
    `  2. heap with ${report.heldMessages} live messages held: ${report.bytesPerMessage} bytes each (${report.heapMB.toFixed(2)} MB for ${report.heldMessages}; gc ${report.gcForced ? 'forced' : 'not available'})`,
    `  3. ${b.edits} edits in ${b.seconds.toFixed(1)} s: ${b.editsPerSecond.toFixed(1)} edits/s; GET /v1/points p99 ${b.during.p99Ms.toFixed(1)} ms during (p50 ${b.during.p50Ms.toFixed(1)}, ${b.during.requests} requests), ${b.before.p99Ms.toFixed(1)} ms before (p50 ${b.before.p50Ms.toFixed(1)})`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await liveScoreboardsBench(Number(process.env.SECONDS ?? 120));
}
