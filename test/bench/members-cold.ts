import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { get } from './http-get.js';
import { ascending, percentile } from './stats.js';

/*
 * The members' section's cold figures (members.ts): a game's commit to the big guild before each
 * request or read, requests in series interleaved over the server's processes, and the store's
 * reads alone in this process, warm or with the CPU's caches emptied first.
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
      // The node hears of a commit by LISTEN/NOTIFY (cold-peer.ts: p99 9.3 ms).
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

/**
 * Each series' paths in turn, one request per series per sample, each after a commit and timed
 * as the client sees it (keep-alive): the series interleaved, in an order rotated each sample, so
 * that each meets the node as the others do; sample i asks process i mod n of `urls`. Figures in
 * the order of `series`.
 */
export async function coldOverHttp(
  urls: readonly string[],
  series: readonly (readonly string[])[],
  samples: number,
  committer: Committer,
  headers: Record<string, string>,
  failures: string[],
): Promise<ColdFigures[]> {
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const times = series.map(() => urls.map((): number[] => []));
  try {
    for (let i = -WARM_UP * urls.length; i < samples; i++) {
      const which = wrap(i, urls.length);
      for (let turn = 0; turn < series.length; turn++) {
        const at = (turn + Math.max(i, 0)) % series.length;
        const path = nth(series[at] as readonly string[], i);
        await committer.commit();
        // Timed as a client meets it: the first request after the commit pays all the node
        // does on seeing a commit (the guilds' generations, the API keys) besides the answer.
        // An untimed request before it (another guild's points) hid that part, 10–25 ms on
        // SQLite (a scan of guild_changes), from the figure.
        const started = performance.now();
        const answer = await get(urls[which] + path, headers, agents[which]);
        const ms = performance.now() - started;
        if (answer.status !== 200) failures.push(`members: GET ${path} answered ${answer.status}`);
        if (i >= 0) times[at]?.[which]?.push(ms);
      }
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return times.map(figures);
}

/** Written a byte a cache line before a read: twice this machine kind's last-level cache. */
let cacheFlush: Buffer | undefined;

function flushCaches(): void {
  cacheFlush ??= Buffer.alloc(64 * 1024 * 1024);
  for (let i = 0; i < cacheFlush.length; i += 64) cacheFlush[i] = i;
}

/** A read of the store alone: what it runs for a member, and whether the caches go first. */
interface StoreRead {
  run: (userId: string) => Promise<unknown>;
  flush?: boolean;
}

/**
 * Each read alone, once per member per sample, after a commit, interleaved as coldOverHttp's
 * series are. Figures in the order of `reads`.
 */
export async function coldInStore(
  reads: readonly StoreRead[],
  members: readonly string[],
  samples: number,
  committer: Committer,
): Promise<ColdFigures[]> {
  const times = reads.map((): number[] => []);
  for (let i = -WARM_UP; i < samples; i++) {
    const userId = nth(members, i);
    for (let turn = 0; turn < reads.length; turn++) {
      const at = (turn + Math.max(i, 0)) % reads.length;
      const read = reads[at] as StoreRead;
      await committer.commit();
      if (read.flush) flushCaches();
      const started = performance.now();
      const entries = await read.run(userId);
      const ms = performance.now() - started;
      if (entries === null) throw new Error(`members: no rank for ${userId}`);
      if (i >= 0) times[at]?.push(ms);
    }
  }
  return times.map((each) => figures([each]));
}
