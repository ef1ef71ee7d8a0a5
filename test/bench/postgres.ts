import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import pg from 'pg';
import { createLogger } from '../../src/logger.js';
import { HOUSES } from '../../src/records/houses.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import {
  answersAsCreator,
  postgresBinaries,
  startPostgresServer,
} from '../support/postgres-server.js';
import type { DatasetManifest } from './dataset.js';
import type { Endpoint } from './endpoints.js';
import { get } from './http-get.js';
import type { Row } from './report.js';
import { ascending, median, percentile } from './stats.js';

/*
 * The PostgreSQL rows of the bench (issue 12): the bench dataset copied into a database of its
 * own, a server process on it, and three measures —
 * - cached answers: points and the 100-profile list from the PostgreSQL node, each run beside the
 *   same row on the SQLite node (target: within 10 %);
 * - cold reads: the store called directly, no answer cache, PostgreSQL vs SQLite vs a naive
 *   `pg` query + JSON.stringify of the rows (target: ≥ 3 × the naive one for the list);
 * - commit → answer: an UPDATE committed through another connection, then the node polled until
 *   it answers the new body; median and p99 over 100 changes (target p99 < 100 ms).
 */

/** The rows that run beside another row of the same round, and which. */
export const POSTGRES_PAIRS: Readonly<Record<string, string>> = {
  'points-postgres': 'points',
  'players-100-postgres': 'players-100',
  'history-year-postgres': 'history-year',
};

export interface BenchPostgres {
  url: string;
  /** Where the server came from, for the report. */
  source: string;
  drop(): Promise<void>;
}

/** One statement on its own connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own holding the dataset (copied as `housecup copy --to` does), on
 * TEST_DATABASE_URL, the local server, or a private one from the installed binaries; null when
 * there is none.
 */
export async function benchPostgres(
  datasetPath: string,
  log: (line: string) => void,
): Promise<BenchPostgres | null> {
  let adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let source = adminUrl;
  let stopServer = async () => {};
  if (!(await answersAsCreator(adminUrl))) {
    const bin = postgresBinaries();
    if (!bin) return null;
    const server = await startPostgresServer(bin);
    adminUrl = server.url;
    source = `private PostgreSQL from ${bin}`;
    stopServer = server.stop;
  }
  const name = `housecup_bench_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await stopServer();
  };
  try {
    const since = performance.now();
    const from = openSqliteStore(datasetPath);
    const to = await openPostgresStore(url.toString(), {
      logger: createLogger({ level: 'silent' }),
    });
    try {
      await from.readEverything((rows) => to.writeEverything(rows, { replace: false }));
      await admin(url.toString(), 'VACUUM ANALYZE');
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
    log(
      `PostgreSQL rows: dataset copied to ${name} in ${((performance.now() - since) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), source, drop };
}

export function postgresEndpoints(manifest: DatasetManifest, connections: number): Endpoint[] {
  const row = (id: string, label: string, paths: string[]): Endpoint => ({
    id,
    label,
    target: 'api',
    via: 'postgres',
    paths,
    connections,
    timeoutS: 10,
  });
  return [
    row(
      'points-postgres',
      '/v1/points/:g, PostgreSQL',
      manifest.withPoints.map((g) => `/v1/points/${g}`),
    ),
    row(
      'players-100-postgres',
      '/v1/players/:g (100), PostgreSQL',
      (manifest.guildsBySize['100'] ?? []).map((g) => `/v1/players/${g}`),
    ),
    row('history-year-postgres', '/v1/points/:g/history?step=day (a year), PostgreSQL', [
      `/v1/points/${manifest.race.guildId}/history?step=day&from=${manifest.race.from}`,
    ]),
  ];
}

/** Median over rounds of each PostgreSQL row over its SQLite pair in the same round. */
export function postgresRatios(
  rows: readonly Row[],
): { id: string; median: number; rounds: number[] }[] {
  return Object.entries(POSTGRES_PAIRS).flatMap(([id, pairId]) => {
    const row = rows.find((r) => r.id === id);
    const pair = rows.find((r) => r.id === pairId);
    if (!row || !pair) return [];
    const rounds = row.rounds.map((round) => {
      const same = pair.rounds.find((other) => other.round === round.round);
      return same && same.rps > 0 ? round.rps / same.rps : 0;
    });
    return [{ id, median: median(rounds), rounds }];
  });
}

export interface ColdRead {
  label: string;
  /** Reads per second, median over rounds. */
  perSecond: number;
  rounds: number[];
  /**
   * CPU time of this process (the node) per read, µs, median over rounds: what a node pays
   * when the database has a machine of its own, as it does on several machines.
   */
  nodeCpuUs: number;
}

type Read = (guild: string) => Promise<unknown>;

/**
 * Runs `read` over `guilds` with `concurrency` reads in flight for `ms`: reads per second, and
 * this process's CPU µs per read.
 */
async function throughput(read: Read, guilds: readonly string[], concurrency: number, ms: number) {
  let done = 0;
  const until = performance.now() + ms;
  const worker = async (offset: number) => {
    for (let i = offset; performance.now() < until; i += concurrency) {
      await read(guilds[i % guilds.length] ?? '');
      done++;
    }
  };
  const since = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  const used = process.cpuUsage(cpu);
  return {
    perSecond: done / ((performance.now() - since) / 1000),
    cpuUs: (used.user + used.system) / Math.max(1, done),
  };
}

/**
 * Cold reads, in this process, with no answer cache: what a node does on every cache miss. The
 * variants run interleaved, in a rotating order, so that drift hits them alike.
 */
export async function coldReads(options: {
  datasetPath: string;
  postgresUrl: string;
  manifest: DatasetManifest;
  rounds: number;
  durationMs: number;
}): Promise<ColdRead[]> {
  const logger = createLogger({ level: 'silent' });
  const sqlite = openSqliteStore(options.datasetPath);
  const postgres = await openPostgresStore(options.postgresUrl, { logger, migrate: false });
  // The naive way: rows parsed into objects by the driver, then stringified in JavaScript.
  const naive = new pg.Pool({ connectionString: options.postgresUrl, max: 10 });
  const lists = options.manifest.guildsBySize['100'] ?? [];
  const points = options.manifest.withPoints;
  const list = (store: Store) => (g: string) =>
    store.read.players.listSerialized(g, { limit: 100 });
  const houses = (store: Store) => async (g: string) =>
    JSON.stringify(await store.read.points.get(g));
  const variants: [string, Read, readonly string[]][] = [
    ['100-profile list, SQLite store', list(sqlite), lists],
    ['100-profile list, PostgreSQL store', list(postgres), lists],
    [
      '100-profile list, naive pg + JSON.stringify',
      async (g) =>
        JSON.stringify(
          (
            await naive.query(
              'SELECT * FROM profiles WHERE guild_id = $1 ORDER BY user_id, id LIMIT 100',
              [g],
            )
          ).rows,
        ),
      lists,
    ],
    ['points, SQLite store', houses(sqlite), points],
    ['points, PostgreSQL store', houses(postgres), points],
    [
      'points, naive pg + JSON.stringify',
      async (g) =>
        JSON.stringify(
          (
            await naive.query(`SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = $1`, [
              g,
            ])
          ).rows[0],
        ),
      points,
    ],
  ];
  const measured = new Map<string, { perSecond: number; cpuUs: number }[]>();
  try {
    for (const [, read, guilds] of variants) await throughput(read, guilds, 8, 200);
    for (let round = 0; round < options.rounds; round++) {
      const shift = round % variants.length;
      for (const [label, read, guilds] of [...variants.slice(shift), ...variants.slice(0, shift)]) {
        const result = await throughput(read, guilds, 8, options.durationMs);
        measured.set(label, [...(measured.get(label) ?? []), result]);
      }
    }
  } finally {
    await Promise.all([sqlite.close(), postgres.close(), naive.end()]);
  }
  return variants.map(([label]) => {
    const results = measured.get(label) ?? [];
    const rounds = results.map((r) => r.perSecond);
    return {
      label,
      perSecond: median(rounds),
      rounds,
      nodeCpuUs: median(results.map((r) => r.cpuUs)),
    };
  });
}

export interface CommitToAnswer {
  changes: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * 100 commits through a connection of their own, each followed by polling the node (one request
 * at a time, keep-alive) until its answer is the new body: the time from the commit's
 * acknowledgement to that answer.
 */
export async function commitToAnswer(options: {
  nodeUrl: string;
  postgresUrl: string;
  key: string;
  guilds: readonly string[];
  changes?: number;
}): Promise<CommitToAnswer> {
  const client = new pg.Client({ connectionString: options.postgresUrl });
  await client.connect();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { authorization: options.key };
  const times: number[] = [];
  try {
    for (let i = 0; i < (options.changes ?? 100); i++) {
      const guild = options.guilds[i % options.guilds.length] ?? '';
      const path = `${options.nodeUrl}/v1/points/${guild}`;
      const before = (await get(path, headers, agent)).body.toString();
      await client.query(
        'UPDATE house_points SET gryffindor = gryffindor + 1 WHERE guild_id = $1',
        [guild],
      );
      const committed = performance.now();
      for (;;) {
        const answer = await get(path, headers, agent);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        if (answer.body.toString() !== before) break;
        if (performance.now() - committed > 5000) throw new Error(`${path} kept its old body`);
      }
      times.push(performance.now() - committed);
    }
  } finally {
    agent.destroy();
    await client.end();
  }
  const sorted = ascending(times);
  return {
    changes: times.length,
    medianMs: median(times),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
  };
}
