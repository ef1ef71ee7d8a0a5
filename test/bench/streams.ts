import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { type LoadGenerator, type LoadResult, loadCompleting, problemOf } from './load.js';
import { freePort, memoryOf, type Served, spawnServer, waitForOk } from './processes.js';
import { median, percentile } from './stats.js';
import type { ClientCommand, ClientReport } from './stream-clients.js';
import { goal, TARGETS } from './targets.js';

/*
 * The event streams row (issue 14): N open streams of GET /v1/events/:guildId on one node over
 * G guilds, held by a client process of their own. It measures
 *  - memory per stream: the server's RSS with the streams open minus before, over N, and the
 *    same of raw `node:http` holding as many (stream-baseline.mjs), measured alike with the same
 *    clients just before: most of a stream's memory is the connection's, Node's own (from Node 22
 *    to 26 it rose by half), and what housecup adds is the ratio of the two. Both servers' young
 *    generation has one size throughout (YOUNG_GENERATION): V8 grows it with the allocation
 *    rate, and its growth while the streams open is no memory of theirs (Node 26 grows it twice
 *    as far as Node 22, and the leaner a server started the more of it a reading counted);
 *  - commit → last stream: a points UPDATE committed by this process (another connection, as
 *    the game's would be), until the last stream of that guild got the event (p50, p99);
 *  - ordinary requests meanwhile: req/s of GET /v1/points/:g with the streams open, as a ratio
 *    to the same server without them, in alternating rounds.
 */

const CLIENTS_ENTRY = fileURLToPath(new URL('./stream-clients.ts', import.meta.url));

/** Semi-spaces of 16 MiB from the start (Node 22's largest by default), never grown. */
const YOUNG_GENERATION = ['--min-semi-space-size=16', '--max-semi-space-size=16'];

export interface StreamsSettings {
  /** The scoreboard pages' public streams (issue 22) instead of the API's. */
  public?: boolean;
  streams: number;
  guilds: number;
  commits: number;
  rounds: number;
  durationS: number;
  connections: number;
}

export const FULL_STREAMS: Omit<StreamsSettings, 'rounds' | 'durationS' | 'connections'> = {
  streams: 5_000,
  guilds: 500,
  commits: 300,
};
/** The public scoreboard's streams: issue 22 asks for 2,000. */
export const FULL_PUBLIC_STREAMS: typeof FULL_STREAMS = {
  streams: 2_000,
  guilds: 200,
  commits: 300,
};
export const QUICK_STREAMS: Omit<StreamsSettings, 'rounds' | 'durationS' | 'connections'> = {
  streams: 100,
  guilds: 10,
  commits: 10,
};

export interface StreamsResult {
  public?: boolean;
  streams: number;
  guilds: number;
  memory: {
    beforeMiB: number;
    openMiB: number;
    perStreamKiB: number;
    /** Raw `node:http` holding as many streams, measured alike: KiB per stream. */
    rawPerStreamKiB: number;
    /** perStreamKiB ÷ rawPerStreamKiB. */
    ratio: number;
  } | null;
  commitToLastMs: { p50: number; p99: number; max: number; commits: number };
  requests: { withRps: number[]; withoutRps: number[]; ratios: number[]; ratio: number };
}

export interface StreamsBenchOptions {
  work: string;
  load: LoadGenerator;
  pinning: { server: string; load: string } | undefined;
  settings: StreamsSettings;
  log(line: string): void;
  /** Problems that must fail the run (a stream refused, an event never delivered, non-2xx). */
  failures: string[];
  running: Set<Served>;
}

const guildId = (i: number) => `70000000000000${String(i).padStart(4, '0')}`;

/**
 * A database of its own: `guilds` guilds with points, premium, 3 jobs and 10 players each, all
 * published when `published` (the public pages' streams).
 */
async function makeDatabase(path: string, guilds: number, published: boolean): Promise<string> {
  const store = openSqliteStore(path);
  try {
    await store.importData({
      guilds: Array.from({ length: guilds }, (_, g) => ({
        id: guildId(g),
        points: { gryffindor: 100, slytherin: 90, ravenclaw: 80, hufflepuff: 70 },
        premium: { expiresAt: null },
        jobs: [1, 2, 3].map((id) => ({ id, name: `Job ${id}`, description: '', salary: 10 })),
        players: Array.from({ length: 10 }, (_, p) => ({
          user_id: `8000000000000${String(p).padStart(5, '0')}`,
          name: `Player ${p}`,
          house: 'hufflepuff',
          year: 1,
          job_id: (p % 3) + 1,
          galleons: p,
          created_at: '2026-11-01T00:00:00.000Z',
        })),
      })),
    });
    if (published) for (let g = 0; g < guilds; g++) await store.publication.publish(guildId(g));
    return (await store.keyStore.create({ name: 'streams bench', rateLimit: 0 })).key;
  } finally {
    await store.close();
  }
}

function startClients(cpu: string | undefined): {
  child: ChildProcess;
  ask(command: ClientCommand, until: (report: ClientReport) => boolean): Promise<ClientReport>;
} {
  const args = ['--import', 'tsx', CLIENTS_ENTRY];
  const [command, argv] = cpu
    ? ['taskset', ['-c', cpu, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, argv, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    child,
    ask(message, until) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          reject(new Error(`stream clients: no answer to ${message.type}`));
        }, 120_000);
        const onMessage = (report: ClientReport) => {
          if (!until(report)) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(report);
        };
        child.on('message', onMessage);
        child.send(message);
      });
    },
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

/** `measure` run on the streams' baseline, a server of its own for the occasion. */
async function rawStreamsMemory<T>(
  options: StreamsBenchOptions,
  measure: (served: Served) => Promise<T>,
): Promise<T> {
  const raw = spawnServer({
    port: await freePort(),
    cpu: options.pinning?.server,
    cwd: options.work,
    streams: true,
    nodeFlags: YOUNG_GENERATION,
  });
  options.running.add(raw);
  try {
    await waitForOk(`${raw.url}/`, {}, performance.now());
    return await measure(raw);
  } finally {
    await raw.stop();
    options.running.delete(raw);
  }
}

export async function benchStreams(options: StreamsBenchOptions): Promise<StreamsResult> {
  const { settings, log, failures } = options;
  const path = join(options.work, 'streams.db');
  const key = await makeDatabase(path, settings.guilds, settings.public === true);
  const kind = settings.public ? 'public streams' : 'streams';
  const guilds = Array.from({ length: settings.guilds }, (_, g) => guildId(g));
  const pathsFile = join(options.work, 'streams-points.txt');
  writeFileSync(pathsFile, `${guilds.map((g) => `/v1/points/${g}`).join('\n')}\n`);

  const server = spawnServer({
    port: await freePort(),
    cpu: options.pinning?.server,
    cwd: options.work,
    databasePath: path,
    // The benchmark's one key holds every stream.
    env: { EVENT_STREAMS_PER_KEY: '0' },
    nodeFlags: YOUNG_GENERATION,
  });
  options.running.add(server);
  const clients = startClients(options.pinning?.load);
  const db = new Database(path);
  try {
    const auth = { authorization: key };
    await waitForOk(`${server.url}/v1/points/${guilds[0]}`, auth, performance.now());
    await waitForOk(`${server.url}/readyz`, {}, performance.now(), 60_000, [503]);
    const measure = async (durationS: number, url = server.url): Promise<LoadResult> => {
      const once = (seconds: number) =>
        options.load({
          url,
          pathsFile,
          authorization: key,
          connections: settings.connections,
          durationS: seconds,
          timeoutS: 5,
          cpu: options.pinning?.load,
          strict: true,
        });
      const result = await loadCompleting(once, durationS);
      const problem = problemOf(result);
      if (problem) failures.push(`${kind} row, points: ${problem}`);
      return result;
    };
    const openStreams = async (url = server.url) => {
      const opened = await clients.ask(
        {
          type: 'open',
          url,
          key,
          guilds,
          streams: settings.streams,
          public: settings.public === true,
        },
        (report) => report.type === 'opened',
      );
      if (opened.type === 'opened' && opened.failed > 0) {
        failures.push(`${kind} row: ${opened.failed} of ${settings.streams} streams not opened`);
      }
    };
    const closeStreams = () => clients.ask({ type: 'close' }, (report) => report.type === 'closed');

    /** The RSS a server takes for the streams: warmed by a second of load, then N opened. */
    const streamsMemory = async (served: Served) => {
      await measure(1, served.url); // warm-up, not recorded
      await settle(1_000);
      const before = memoryOf(served.pid);
      await openStreams(served.url);
      await settle(1_000);
      const open = memoryOf(served.pid);
      if (!before || !open) return null;
      const perStreamKiB = ((open.rssMiB - before.rssMiB) * 1024) / settings.streams;
      return { beforeMiB: before.rssMiB, openMiB: open.rssMiB, perStreamKiB };
    };
    log(`${kind}: raw node:http holding ${settings.streams} streams`);
    const raw = await rawStreamsMemory(options, streamsMemory);
    await closeStreams();
    log(`${kind}: opening ${settings.streams} streams over ${settings.guilds} guilds`);
    const own = await streamsMemory(server);
    const memory =
      own && raw
        ? {
            ...own,
            rawPerStreamKiB: raw.perStreamKiB,
            ratio: own.perStreamKiB / raw.perStreamKiB,
          }
        : null;

    // Commit → the last stream of that guild, one commit at a time, at random moments.
    const update = db.prepare('UPDATE house_points SET gryffindor = ? WHERE guild_id = ?');
    const latencies: number[] = [];
    for (let i = 0; i < settings.commits; i++) {
      const guild = guilds[Math.floor(Math.random() * guilds.length)] ?? '';
      const value = 1_000_000 + i;
      const arrived = clients.ask(
        { type: 'expect', guild, value },
        (report) => report.type === 'arrived' && report.guild === guild && report.value === value,
      );
      const committedAt = now();
      update.run(value, guild);
      const report = await arrived;
      if (report.type === 'arrived') latencies.push(report.lastAt - committedAt);
      await settle(Math.random() * 60);
    }
    latencies.sort((a, b) => a - b);
    const commitToLastMs = {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
      commits: latencies.length,
    };
    log(
      `${kind}: commit → last stream p50 ${commitToLastMs.p50.toFixed(1)} ms, p99 ${commitToLastMs.p99.toFixed(1)} ms`,
    );

    // Ordinary requests with and without the streams, alternating which comes first.
    const withRps: number[] = [];
    const withoutRps: number[] = [];
    let streamsOpen = true;
    for (let round = 1; round <= settings.rounds; round++) {
      for (const wanted of round % 2 === 1 ? [true, false] : [false, true]) {
        if (wanted !== streamsOpen) {
          await (wanted ? openStreams() : closeStreams());
          streamsOpen = wanted;
          await settle(500);
        }
        const result = await measure(settings.durationS);
        (wanted ? withRps : withoutRps).push(result.rps);
        log(`  points ${wanted ? 'with' : 'without'} streams: ${result.rps.toFixed(0)} req/s`);
      }
    }
    const ratios = withRps.map((rps, i) => rps / (withoutRps[i] ?? rps));
    return {
      ...(settings.public ? { public: true } : {}),
      streams: settings.streams,
      guilds: settings.guilds,
      memory,
      commitToLastMs,
      requests: { withRps, withoutRps, ratios, ratio: median(ratios) },
    };
  } finally {
    db.close();
    clients.child.kill();
    await server.stop();
    options.running.delete(server);
  }
}

export function formatStreams(result: StreamsResult | null): string {
  if (!result) return 'Event streams row: not run';
  const fixed = (value: number, digits = 1) => value.toFixed(digits);
  const { memory, commitToLastMs: latency, requests } = result;
  return [
    `${result.public ? 'Public scoreboard streams (/cup/:g/events)' : 'Event streams'}: ${result.streams} open on one node over ${result.guilds} guilds`,
    memory
      ? `  memory: RSS ${fixed(memory.beforeMiB)} → ${fixed(memory.openMiB)} MiB = ${fixed(memory.perStreamKiB, 2)} KiB per stream (target ${goal(TARGETS.streamMemory)}); raw node:http holding as many: ${fixed(memory.rawPerStreamKiB, 2)} KiB, ${fixed(memory.ratio, 2)} × (target ${goal(TARGETS.streamMemoryRaw)})`
      : '  memory: not measured (no /proc)',
    `  commit → last stream of the guild: p50 ${fixed(latency.p50)} ms, p99 ${fixed(latency.p99)} ms, max ${fixed(latency.max)} ms over ${latency.commits} commits (target p99 ${TARGETS.streamLatency.compare} ${TARGETS.streamLatency.threshold})`,
    `  GET /v1/points/:g with the streams open: ${fixed(requests.ratio, 3)} × without [${requests.ratios.map((r) => fixed(r, 3)).join(', ')}] (${requests.withRps.map((r) => fixed(r, 0)).join('/')} vs ${requests.withoutRps.map((r) => fixed(r, 0)).join('/')} req/s)`,
  ].join('\n');
}
