import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { get } from './http-get.js';
import { ascending, percentile } from './stats.js';

/*
 * The members' section's cold figures (members.ts): a game's commit to the big guild before each
 * request or read, the requests over the server's processes and the store's reads alone in this
 * process (warm, or with the CPU's caches emptied first) all in one interleaved series, so that
 * each figure and the one it is divided by meet the machine at the same moments.
 */

export interface ColdFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Each process's p50, in the order of the nodes (one in process). */
  p50ByProcess: number[];
}

interface Committer {
  /** Moves one profile of the guild that no member asked about by ±1, and waits for the node. */
  commit(): Promise<void>;
  close(): Promise<void>;
}

// The guild's last profile in id order: a commit the node sees as a change of the guild.
const TOUCH_SQLITE =
  'UPDATE profiles SET galleons = galleons + ? WHERE guild_id = ? AND id = (SELECT max(id) FROM profiles WHERE guild_id = ?)';
const TOUCH_POSTGRES =
  'UPDATE profiles SET galleons = galleons + $1 WHERE guild_id = $2 AND id = (SELECT max(id) FROM profiles WHERE guild_id = $2)';

export function sqliteCommitter(path: string, guildId: string): Committer {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  const touch = db.prepare(TOUCH_SQLITE);
  let delta = 1;
  return {
    async commit() {
      if (touch.run(delta, guildId, guildId).changes !== 1) throw new Error('no profile to touch');
      delta = -delta;
      // Past the millisecond within which the node may not look at data_version again.
      await sleep(3);
    },
    async close() {
      if (delta === -1) touch.run(-1, guildId, guildId);
      db.close();
    },
  };
}

export async function postgresCommitter(url: string, guildId: string): Promise<Committer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let delta = 1;
  return {
    async commit() {
      const result = await client.query(TOUCH_POSTGRES, [delta, guildId]);
      if (result.rowCount !== 1) throw new Error('no profile to touch');
      delta = -delta;
      // The node hears of a commit by LISTEN/NOTIFY, well within this wait (the bench's
      // commit → answer row on PostgreSQL).
      await sleep(30);
    },
    async close() {
      if (delta === -1) await client.query(TOUCH_POSTGRES, [-1, guildId]);
      await client.end();
    },
  };
}

/** The figures of all `byProcess` times together, and each process's p50. */
function figures(byProcess: readonly number[][]): ColdFigures {
  const sorted = ascending(byProcess.flat());
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
    p50ByProcess: byProcess.map((times) => percentile(ascending(times), 50)),
  };
}

/** Untimed first rounds per process: statements prepared, code optimised. */
const WARM_UP = 5;

/** i's place among n, round and round (i may be negative). */
const wrap = (i: number, n: number) => ((i % n) + n) % n;

/** The i-th of `items`, round and round. */
const nth = <T>(items: readonly T[], i: number): T => items[wrap(i, items.length)] as T;

/** One series of cold samples: sample i, run right after a commit, and its time in ms. */
export interface ColdProbe {
  /** The processes that answer it in turn, sample i from process i mod this (1: this one). */
  processes: number;
  time(i: number): Promise<number>;
}

/**
 * Every probe once per sample, each after a commit of its own, in an order rotated each sample so
 * that none always follows another (and finds its code warm in the CPU's caches). Figures in the
 * order of `probes`.
 */
export async function coldSeries<const P extends readonly ColdProbe[]>(
  probes: P,
  samples: number,
  committer: Committer,
): Promise<{ [K in keyof P]: ColdFigures }> {
  const times = probes.map((probe) => Array.from({ length: probe.processes }, (): number[] => []));
  const warmUp = WARM_UP * Math.max(...probes.map((probe) => probe.processes));
  for (let i = -warmUp; i < samples; i++) {
    for (let turn = 0; turn < probes.length; turn++) {
      const at = (turn + Math.max(i, 0)) % probes.length;
      const probe = probes[at] as ColdProbe;
      await committer.commit();
      const ms = await probe.time(i);
      if (i >= 0) times[at]?.[wrap(i, probe.processes)]?.push(ms);
    }
  }
  return times.map(figures) as { [K in keyof P]: ColdFigures };
}

/**
 * Requests to the server's processes (`urls`), one kept-alive connection each, timed as the client
 * sees them: the first request after a commit pays all the node does on seeing it (the guilds'
 * generations, the API keys) besides the answer. `close` ends the connections.
 */
export function overHttp(
  urls: readonly string[],
  headers: Record<string, string>,
  failures: string[],
) {
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  return {
    /** A probe asking `paths` in turn. */
    probe(paths: readonly string[]): ColdProbe {
      return {
        processes: urls.length,
        async time(i) {
          const which = wrap(i, urls.length);
          const path = nth(paths, i);
          const started = performance.now();
          const answer = await get(urls[which] + path, headers, agents[which]);
          const ms = performance.now() - started;
          if (answer.status !== 200)
            failures.push(`members: GET ${path} answered ${answer.status}`);
          return ms;
        },
      };
    },
    close() {
      for (const agent of agents) agent.destroy();
    },
  };
}

/** Written a byte a cache line before a read: twice this machine kind's last-level cache. */
let cacheFlush: Buffer | undefined;

function flushCaches(): void {
  cacheFlush ??= Buffer.alloc(64 * 1024 * 1024);
  for (let i = 0; i < cacheFlush.length; i += 64) cacheFlush[i] = i;
}

/** A read of the store alone in this process, for each member in turn, the caches emptied first if `flush`. */
export function inStore(
  run: (userId: string) => Promise<unknown>,
  members: readonly string[],
  flush = false,
): ColdProbe {
  return {
    processes: 1,
    async time(i) {
      const userId = nth(members, i);
      if (flush) flushCaches();
      const started = performance.now();
      const entries = await run(userId);
      const ms = performance.now() - started;
      if (entries === null) throw new Error(`members: no rank for ${userId}`);
      return ms;
    },
  };
}
