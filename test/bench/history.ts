import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chartAnswer } from '../../src/answers/chart.js';
import { pointsHistoryAnswer } from '../../src/answers/points-history.js';
import { RenderSlots } from '../../src/budgets/render-slots.js';
import { createLogger } from '../../src/logger.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import type { DatasetManifest } from './dataset.js';
import { type HistoryCosts, measureHistoryCosts } from './history-costs.js';
import { percentile } from './stats.js';
import { goal, TARGETS } from './targets.js';

/*
 * The house cup's cold figures (issue 21), in this process on each store: an answer built from
 * the store with no answer cache around it, which is what a node does on the first request after
 * a commit (the cached req/s are the rows `history-year`, `history-48h`, `chart` and
 * `history-year-postgres`, run with the others as × A).
 * - the history series: a year at `step=day` and 48 hours at `step=hour` of the race guild, whose
 *   history holds a year of hourly changes (targets: p50 ≤ 5 ms on SQLite, ≤ 10 ms on PostgreSQL);
 * - chart.png: read, drawn and encoded (target p50 ≤ 80 ms), and the longest event-loop block
 *   while it renders (target ≤ 10 ms; the PNG encoding runs off the main thread).
 */

export interface ColdFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bytes: number;
}

export interface HistoryStoreFigures {
  store: 'sqlite' | 'postgres';
  year: ColdFigures;
  hours48: ColdFigures;
  chart: ColdFigures & { longestBlockMs: number; blockP99Ms?: number };
}

export interface HistoryReport {
  guildId: string;
  rows: number;
  stores: HistoryStoreFigures[];
  /** The triggers' share of an import, and bytes per recorded change (history-costs.ts). */
  costs: HistoryCosts[];
}

async function timedBuilds(
  samples: number,
  build: () => Promise<{ status: number; body: Buffer | string }>,
): Promise<ColdFigures> {
  const times: number[] = [];
  let bytes = 0;
  // One untimed build first: statements prepared, fonts loaded.
  await build();
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const built = await build();
    times.push(performance.now() - started);
    if (built.status !== 200) throw new Error(`history bench: answered ${built.status}`);
    bytes = Buffer.byteLength(built.body);
  }
  times.sort((a, b) => a - b);
  return {
    samples,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: times.at(-1) ?? 0,
    bytes,
  };
}

async function figuresOf(
  kind: HistoryStoreFigures['store'],
  store: Store,
  race: DatasetManifest['race'],
  samples: number,
): Promise<HistoryStoreFigures> {
  const { guildId } = race;
  const year = await timedBuilds(samples, () =>
    pointsHistoryAnswer(store.read, guildId, { step: 'day', from: race.from }).build(),
  );
  const hours48 = await timedBuilds(samples, () =>
    pointsHistoryAnswer(store.read, guildId, { step: 'hour' }).build(),
  );
  // One at a time, as timedBuilds asks: the slot never makes a build wait.
  const renders = new RenderSlots({ concurrency: 1, queue: 0 });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const chart = await timedBuilds(Math.max(5, Math.floor(samples / 4)), () =>
    chartAnswer(store.read, renders, guildId, {}).build(),
  );
  delay.disable();
  await renders.close();
  return {
    store: kind,
    year,
    hours48,
    chart: { ...chart, longestBlockMs: delay.max / 1e6, blockP99Ms: delay.percentile(99) / 1e6 },
  };
}

export async function historyBench(options: {
  datasetPath: string;
  postgresUrl: string | null;
  manifest: DatasetManifest;
  quick: boolean;
  /** A scratch folder for the cost figures' SQLite files. */
  work: string;
  log: (line: string) => void;
}): Promise<HistoryReport> {
  const { race } = options.manifest;
  const samples = options.quick ? 20 : 200;
  const stores: HistoryStoreFigures[] = [];
  options.log(`history: cold answers of the race guild (${race.rows} hourly rows), SQLite`);
  const sqlite = openSqliteStore(options.datasetPath);
  try {
    stores.push(await figuresOf('sqlite', sqlite, race, samples));
  } finally {
    await sqlite.close();
  }
  if (options.postgresUrl) {
    options.log('history: the same on PostgreSQL');
    const logger = createLogger({ level: 'silent' });
    const postgres = await openPostgresStore(options.postgresUrl, { logger, migrate: false });
    try {
      stores.push(await figuresOf('postgres', postgres, race, samples));
    } finally {
      await postgres.close();
    }
  }
  const costs: HistoryCosts[] = [];
  const sizes = options.quick
    ? { guilds: 200, rounds: 1, changes: 200 }
    : { guilds: 10_000, rounds: 3, changes: 2_000 };
  for (const store of ['sqlite', 'postgres'] as const) {
    if (store === 'postgres' && !options.postgresUrl) continue;
    options.log(`history: the triggers' cost on a ${sizes.guilds}-guild import, ${store}`);
    costs.push(
      await measureHistoryCosts({
        store,
        ...(options.postgresUrl ? { postgresUrl: options.postgresUrl } : {}),
        ...sizes,
        workDir: options.work,
        log: options.log,
      }),
    );
  }
  return { guildId: race.guildId, rows: race.rows, stores, costs };
}

const fixed = (ms: number) => ms.toFixed(2);
const cold = (f: ColdFigures) =>
  `p50 ${fixed(f.p50Ms)} ms, p99 ${fixed(f.p99Ms)} ms, max ${fixed(f.maxMs)} ms (${f.samples}, ${(f.bytes / 1000).toFixed(1)} KB)`;

export function formatHistory(report: HistoryReport | null): string {
  if (!report) return '';
  const lines = [
    `house cup history (a guild with ${report.rows.toLocaleString('en')} hourly rows, cold: built from the store, no cache):`,
  ];
  for (const s of report.stores) {
    const target = (s.store === 'sqlite' ? TARGETS.historyYearSqlite : TARGETS.historyYearPostgres)
      .threshold;
    lines.push(
      `  ${s.store}: ?step=day, a year: ${cold(s.year)} (target p50 ≤ ${target} ms)`,
      `  ${s.store}: ?step=hour, 48 h: ${cold(s.hours48)}`,
      `  ${s.store}: chart.png 800×400: ${cold(s.chart)} (target p50 ${goal(TARGETS.historyChart)}); ` +
        `longest event-loop block ${fixed(s.chart.longestBlockMs)} ms, p99 ` +
        `${s.chart.blockP99Ms === undefined ? '—' : fixed(s.chart.blockP99Ms)} ms (target ${goal(TARGETS.historyChartBlock)})`,
    );
  }
  for (const c of report.costs) {
    const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join('/');
    lines.push(
      `  ${c.store}: ${c.guilds.toLocaleString('en')}-guild import with the history triggers = ` +
        `${c.ratio.toFixed(3)} × without (${ms(c.withTriggersMs)} vs ${ms(c.withoutTriggersMs)} ms; target ${TARGETS.historyTriggers.compare} ${TARGETS.historyTriggers.threshold.toFixed(2)}); ` +
        `${c.bytesPerChange.toFixed(0)} bytes on disk per recorded change (${c.changes} changes)`,
    );
  }
  return `${lines.join('\n')}\n`;
}
