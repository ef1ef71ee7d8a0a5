import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createLogger } from '../../src/logger.js';
import { HOUSES } from '../../src/records/houses.js';
import { startColumn } from '../../src/records/terms.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import type { DatasetManifest } from './dataset.js';
import { get } from './http-get.js';
import type { LoadResult, LoadSettings } from './load.js';
import { median, percentileOf } from './stats.js';

/*
 * The terms' figures (`npm run bench -- --only terms`), on the race guild: a year of hourly
 * history, given twelve monthly terms (each with the points the history held at its start, as
 * `term start` keeps them; eleven ended, with the points the history held at their ends, and the
 * open one):
 * - GET /v1/points/:g/terms cached, req/s as × A (A measured before and after each round);
 * - ending a term with --reset on that guild, in this process on each store: its time, and the
 *   longest event-loop block while it runs (on SQLite the driver is synchronous, so the whole
 *   transaction is one block).
 */

const TERMS = 12;

export interface TermEndFigures {
  store: 'sqlite' | 'postgres';
  samples: number;
  p50Ms: number;
  maxMs: number;
  longestBlockMs: number;
}

export interface TermsStoreFigures {
  store: 'sqlite' | 'postgres';
  cached: LoadResult;
  aRps: [number, number];
  ratioToA: number;
}

export interface TermsReport {
  guildId: string;
  historyRows: number;
  terms: number;
  bytes: number;
  stores: TermsStoreFigures[];
  end: TermEndFigures[];
  failures: string[];
}

/** Gives the race guild its twelve monthly terms, straight into the scratch copy. */
export function prepareTerms(path: string, manifest: DatasetManifest): { terms: number } {
  const { guildId, from, to } = manifest.race;
  const db = new Database(path);
  try {
    const start = Date.parse(from);
    const span = (Date.parse(to) - start) / TERMS;
    const standingsAt = db.prepare<[string, string], Record<string, number | null>>(
      `SELECT ${HOUSES.join(', ')} FROM points_history WHERE guild_id = ? AND at <= ? ORDER BY at DESC, id DESC LIMIT 1`,
    );
    const columns = [...HOUSES, ...HOUSES.map(startColumn)];
    const insert = db.prepare(
      `INSERT INTO terms (guild_id, id, name, started_at, ended_at, ${columns.join(', ')})
       VALUES (?, ?, ?, ?, ?, ${columns.map(() => '?').join(', ')})`,
    );
    db.transaction(() => {
      db.prepare('DELETE FROM terms WHERE guild_id = ?').run(guildId);
      for (let i = 0; i < TERMS; i++) {
        const startedAt = new Date(start + i * span).toISOString();
        const open = i === TERMS - 1;
        const endedAt = open ? null : new Date(start + (i + 1) * span).toISOString();
        const standings = endedAt ? standingsAt.get(guildId, endedAt) : undefined;
        const begun = standingsAt.get(guildId, startedAt);
        insert.run(
          guildId,
          i + 1,
          `Month ${i + 1}`,
          startedAt,
          endedAt,
          ...HOUSES.map((house) => standings?.[house] ?? null),
          ...HOUSES.map((house) => begun?.[house] ?? null),
        );
      }
    })();
    return { terms: TERMS };
  } finally {
    db.close();
  }
}

export interface TermsOptions extends LoadSettings {
  datasetPath: string;
  nodes: { store: 'sqlite' | 'postgres'; url: string; databaseUrl?: string }[];
  baselineUrl: string;
  rounds: number;
  samples: number;
  log: (line: string) => void;
}

export async function termsBench(options: TermsOptions): Promise<TermsReport> {
  const { guildId } = options.manifest.race;
  const path = `/v1/points/${guildId}/terms`;
  const failures: string[] = [];
  const headers = { authorization: options.key };
  const stores: TermsStoreFigures[] = [];
  let bytes = 0;
  const aFile = join(options.work, 'terms-A.txt');
  writeFileSync(aFile, '/\n');
  for (const node of options.nodes) {
    const first = await get(node.url + path, headers);
    const body = JSON.parse(first.body.toString('utf8')) as { count?: number };
    if (first.status !== 200 || body.count !== TERMS) {
      failures.push(`terms (${node.store}): ${path} answered ${first.status}, ${body.count} terms`);
    }
    bytes = first.body.length;
    const pathsFile = join(options.work, `terms-${node.store}.txt`);
    writeFileSync(pathsFile, `${path}\n`);
    const run = (url: string, file: string, authorization?: string) =>
      options.load({
        url,
        pathsFile: file,
        authorization,
        connections: 32,
        durationS: options.durationS,
        timeoutS: 10,
        cpu: options.cpu,
        strict: true,
      });
    const cachedRuns: LoadResult[] = [];
    const aRuns: [number, number][] = [];
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const before = await run(options.baselineUrl, aFile);
      const cached = await run(node.url, pathsFile, options.key);
      const after = await run(options.baselineUrl, aFile);
      if (cached.non2xx > 0 || cached.socketErrors > 0 || cached.requests === 0) {
        failures.push(`terms cached (${node.store}): ${cached.non2xx} non-2xx`);
      }
      const reference = (before.rps + after.rps) / 2;
      cachedRuns.push(cached);
      aRuns.push([before.rps, after.rps]);
      ratios.push(reference > 0 ? cached.rps / reference : 0);
      options.log(
        `terms (${node.store}): cached ${cached.rps.toFixed(0)} req/s, A ${before.rps.toFixed(0)} → ${after.rps.toFixed(0)}`,
      );
    }
    const middle = ratios.indexOf(median(ratios));
    const at = middle >= 0 ? middle : 0;
    stores.push({
      store: node.store,
      cached: cachedRuns[at] as LoadResult,
      aRps: aRuns[at] ?? [0, 0],
      ratioToA: median(ratios),
    });
  }
  const end: TermEndFigures[] = [];
  // After the loads: ending terms writes the race guild (points reset, history rows).
  for (const node of options.nodes) {
    const store =
      node.store === 'sqlite'
        ? openSqliteStore(options.datasetPath)
        : await openPostgresStore(node.databaseUrl ?? '', {
            logger: createLogger({ level: 'silent' }),
            migrate: false,
          });
    const move = `UPDATE house_points SET gryffindor = gryffindor + 1 WHERE guild_id = '${guildId}'`;
    const sqlite = node.store === 'sqlite' ? new Database(options.datasetPath) : null;
    const client = node.databaseUrl ? new pg.Client({ connectionString: node.databaseUrl }) : null;
    if (node.store === 'postgres') await client?.connect();
    try {
      const movePoints = async () => {
        if (sqlite) sqlite.prepare(move).run();
        else await client?.query(move);
      };
      end.push(await timeTermEnds(node.store, store, guildId, options.samples, movePoints));
    } finally {
      sqlite?.close();
      if (node.store === 'postgres') await client?.end();
      await store.close();
    }
  }
  return {
    guildId,
    historyRows: options.manifest.race.rows,
    terms: TERMS,
    bytes,
    stores,
    end,
    failures,
  };
}

/**
 * Ends the open term with --reset `samples` times (a new one started between two, untimed), each
 * after the points moved again so that the reset is a real change.
 */
async function timeTermEnds(
  kind: 'sqlite' | 'postgres',
  store: Store,
  guildId: string,
  samples: number,
  movePoints: () => Promise<void>,
): Promise<TermEndFigures> {
  const times: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let longest = 0;
  for (let i = 0; i < samples; i++) {
    if (!(await store.read.terms.open(guildId))) await store.terms.start(guildId, `Bench ${i}`);
    // The game's own write: the reset is then a real change (a history row of its own).
    await movePoints();
    delay.reset();
    delay.enable();
    const started = performance.now();
    const ended = await store.terms.end(guildId, { reset: true });
    const took = performance.now() - started;
    // One more turn of the loop, so a block that ended with the call is sampled.
    await new Promise((resolve) => setImmediate(resolve));
    delay.disable();
    if (!ended) throw new Error('terms bench: no open term to end');
    times.push(took);
    longest = Math.max(longest, delay.max / 1e6, kind === 'sqlite' ? took : 0);
  }
  return {
    store: kind,
    samples,
    p50Ms: percentileOf(times, 50),
    maxMs: Math.max(...times),
    longestBlockMs: longest,
  };
}

export function formatTerms(report: TermsReport): string {
  const fixed = (n: number) => n.toFixed(2);
  const lines = [
    `Terms: race guild ${report.guildId}, ${report.historyRows.toLocaleString('en')} hourly history rows, ${report.terms} terms (${report.bytes} B answer)`,
    ...report.stores.map(
      (s) =>
        `  ${s.store} GET /v1/points/:g/terms cached: ${s.cached.rps.toFixed(0)} req/s = ${fixed(s.ratioToA)} × A (A ${s.aRps[0].toFixed(0)} → ${s.aRps[1].toFixed(0)})`,
    ),
    ...report.end.map(
      (e) =>
        `  ${e.store} term end --reset on a year of hourly history: p50 ${fixed(e.p50Ms)} ms, max ${fixed(e.maxMs)} ms over ${e.samples}; longest event-loop block ${fixed(e.longestBlockMs)} ms`,
    ),
    ...report.failures.map((failure) => `  FAILED: ${failure}`),
  ];
  return lines.join('\n');
}
