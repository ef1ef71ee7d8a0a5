/*
 * A rate-limited or failing channel holds only its own live scoreboard (`npm run bench -- --only
 * live-fairness`, or alone: `npx tsx test/bench/live-fairness.ts [--quick] [--hang | --500]`):
 * one SQLite node in this process against the fake Discord, production's edit interval (10 s).
 * One guild has 4 live messages in 4 channels whose every edit Discord answers 429 with
 * `retry_after: 60` (or, with `--hang`, never answers; with `--500`, answers 500), its points
 * changing every second; 20 other guilds have one message each, each guild's points changing
 * every 12 s or so. Measured: each other guild's change → the first edit showing it, p50/p95/max;
 * and the edits sent into the failing channels.
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
import {
  type AcceptedEdit,
  type EditFault,
  FAKE_TOKEN,
  FakeDiscord,
} from '../support/fake-discord.js';
import { percentileOf } from './stats.js';
import { round } from './webhooks.js';

const OTHERS = 20;
const RETRY_AFTER_S = 60;
const BUSY = '2100000000000000000';
const busyChannel = (i: number) => String(2_100_000_000_000_100_000n + BigInt(i));
const otherGuild = (i: number) => String(2_200_000_000_000_000_000n + BigInt(i));
const ADMIN = { id: '1', username: 'admin' };

/** The largest points an edit shows: the house whose points the bench moves leads. */
function shown(edit: AcceptedEdit): number {
  const text = JSON.stringify(edit.body.embeds ?? []);
  const values = [...text.matchAll(/— ([\d,]+) points/g)].map((m) =>
    Number((m[1] ?? '').replaceAll(',', '')),
  );
  return Math.max(0, ...values);
}

export interface LiveFairnessReport {
  seconds: number;
  /** How Discord answered the busy channels' edits: `429` (also when absent: older reports), `500` or `hang`. */
  fault?: string;
  otherEdit: { p50Ms: number; p95Ms: number; maxMs: number; n: number; missed: number };
  busyRefused: number;
  busyEdits: number;
}

const RATE_LIMITED: EditFault = { status: 429, retryAfter: RETRY_AFTER_S };

export async function liveFairnessBench(
  quick: boolean,
  log: (line: string) => void = console.log,
  fault: EditFault = RATE_LIMITED,
): Promise<LiveFairnessReport> {
  // Quick: each other guild changes once or twice, enough to prove the harness.
  const seconds = quick ? 8 : 90;
  const dir = mkdtempSync(join(tmpdir(), 'housecup-live-fairness-'));
  const path = join(dir, 'housecup.db');
  const others = Array.from({ length: OTHERS }, (_, i) => otherGuild(i));
  const fake = await FakeDiscord.start({ guilds: [BUSY, ...others] });
  const service = await startService(
    loadConfig({
      DATABASE_PATH: path,
      PORT: '0',
      DEMO_DATA: 'false',
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
      RATE_LIMIT_PER_MINUTE: '0',
      RENDERS_PER_MINUTE: '0',
    }),
    createLogger({ level: 'silent' }),
    {
      onFirstKey() {},
      onDamaged(error) {
        throw error;
      },
    },
  );
  const game = new Sqlite(path);
  let load: NodeJS.Timeout | undefined;
  try {
    const insert = game.prepare(
      'INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES (?, 100, 90, 80, 70)',
    );
    for (const guildId of [BUSY, ...others]) insert.run(guildId);
    const setPoints = game.prepare('UPDATE house_points SET gryffindor = ? WHERE guild_id = ?');
    while (service.botState() !== 'ready') await sleep(50);
    const post = async (guildId: string, channelId?: string) => {
      const options = channelId ? [{ name: 'channel', type: 7, value: channelId }] : [];
      const answer = await fake.sendInteraction(
        fake.command('scoreboard', [{ name: 'post', type: 1, options }], { guildId, user: ADMIN }),
      );
      // A busy machine defers the answer, then sends it.
      const { content } = await fake.finalMessage(answer);
      if (!content?.includes('posted')) throw new Error(`not posted: ${guildId}`);
    };
    for (let i = 0; i < 4; i += 1) {
      fake.addChannel(BUSY, busyChannel(i));
      await post(BUSY, busyChannel(i));
      fake.failEditsIn(busyChannel(i), fault);
    }
    for (const guildId of others) await post(guildId);
    const otherChannel = new Map(others.map((guildId) => [fake.channelOf(guildId), guildId]));

    // The busy guild changes every second; its four channels are told to wait.
    let busyValue = 1_000;
    load = setInterval(() => {
      busyValue += 1;
      setPoints.run(busyValue, BUSY);
    }, 1_000);
    const busyChannels = new Set(Array.from({ length: 4 }, (_, i) => busyChannel(i)));
    const refusedBefore = fake.failedEdits.length;
    const busyEditsBefore = fake.edits.filter((e) => busyChannels.has(e.channelId)).length;
    await sleep(3_000);

    // Each other guild changes every 12 s or so, staggered; each change waits for its edit.
    const latencies: number[] = [];
    let missed = 0;
    const end = performance.now() + seconds * 1_000;
    const pending: Promise<void>[] = [];
    let value = 10_000;
    while (performance.now() < end) {
      for (const guildId of others) {
        if (performance.now() >= end) break;
        value += 1;
        const sent = value;
        setPoints.run(sent, guildId);
        const at = performance.now();
        const channelId = fake.channelOf(guildId);
        const ceiling = sleep(60_000).then(() => null);
        pending.push(
          Promise.race([
            fake.waitForEdit(
              (e) => e.channelId === channelId && otherChannel.has(e.channelId) && shown(e) >= sent,
            ),
            ceiling,
          ]).then((edit) => {
            if (edit) latencies.push(Math.max(0, edit.receivedAt - at));
            else missed += 1;
          }),
        );
        await sleep(12_000 / OTHERS);
      }
    }
    await Promise.all(pending);
    clearInterval(load);
    const report: LiveFairnessReport = {
      seconds,
      fault: String(fault.status),
      otherEdit: {
        p50Ms: round(percentileOf(latencies, 50)),
        p95Ms: round(percentileOf(latencies, 95)),
        maxMs: round(Math.max(...latencies)),
        n: latencies.length,
        missed,
      },
      busyRefused: fake.failedEdits.length - refusedBefore,
      busyEdits: fake.edits.filter((e) => busyChannels.has(e.channelId)).length - busyEditsBefore,
    };
    log(formatLiveFairness(report));
    return report;
  } finally {
    clearInterval(load);
    game.close();
    await service.stop();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatLiveFairness(report: LiveFairnessReport | null): string {
  if (!report) return 'live scoreboards fairness: not run';
  const e = report.otherEdit;
  const fault = report.fault ?? '429';
  return [
    `live scoreboards, 4 channels of one guild ${
      fault === 'hang'
        ? 'never answering'
        : `answering ${fault}${fault === '429' ? ` (retry_after ${RETRY_AFTER_S} s)` : ''}`
    }, ${report.seconds} s:`,
    `  ${OTHERS} other guilds' changes → edit showing them: p50 ${e.p50Ms} ms, p95 ${e.p95Ms} ms, max ${e.maxMs} ms (${e.n} changes, ${e.missed} not edited within 60 s); ${report.busyRefused} edits sent into the waiting channels (${report.busyEdits} accepted)`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fault: EditFault = process.argv.includes('--hang')
    ? { status: 'hang' }
    : process.argv.includes('--500')
      ? { status: 500 }
      : RATE_LIMITED;
  await liveFairnessBench(process.argv.includes('--quick'), console.log, fault);
}
