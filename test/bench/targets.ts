import type { Report } from './report.js';
import { median } from './stats.js';

/*
 * Every target the bench knows, in one table: its id, its text, its threshold and how to read its
 * figure(s) from a report (the full run's, or the part an `--only` run measured). The lines that
 * print "(target …)" beside a figure read their threshold from here, and the report ends with one
 * line per target and figure: met, missed or not run.
 */

/** What a run measured: the full report, or the part an `--only` run filled. */
export type Results = Partial<Report>;

/** One figure a target is checked against: what it is of (a row, a store) and its value. */
export interface Figure {
  of: string;
  value: number;
}

export interface Target {
  id: string;
  text: string;
  /** `≥`: the figure must reach the threshold; `≤` / `<`: stay under it. */
  compare: '≥' | '≤' | '<';
  threshold: number;
  unit: '×' | 'ms' | 'KiB' | 'MiB' | 'messages' | 'answers';
  /** The figures this target checks in a report; none: not run. */
  figures(results: Results): Figure[];
}

export function meets(target: Pick<Target, 'compare' | 'threshold'>, value: number): boolean {
  if (target.compare === '≥') return value >= target.threshold;
  if (target.compare === '≤') return value <= target.threshold;
  return value < target.threshold;
}

/** `≥ 2 ×`, `≤ 10 ms`: the threshold as the report prints it. */
export function goal(target: Pick<Target, 'compare' | 'threshold' | 'unit'>): string {
  return target.unit === '×'
    ? `${target.compare} ${target.threshold} ×`
    : `${target.compare} ${target.threshold} ${target.unit}`;
}

const one = (of: string, value: number | null | undefined): Figure[] =>
  value === null || value === undefined || Number.isNaN(value) ? [] : [{ of, value }];

/** One figure of each kind of event stream the run measured: the API's and the public page's. */
const eachStream = (
  r: Results,
  figure: (streams: NonNullable<Report['streams']>) => number | undefined,
): Figure[] => [
  ...one('/v1 streams', r.streams ? figure(r.streams) : undefined),
  ...one('public streams', r.publicStreams ? figure(r.publicStreams) : undefined),
];

/** A member's rank figures on `store`, where the run measured them. */
const rankOn = (r: Results, store: 'sqlite' | 'postgres') =>
  r.members?.stores.find((s) => s.store === store)?.rank;

/** Issue 24's targets, req/s × peer: single objects ≥ 2, lists of 100 ≥ 6, lists of 1,000 ≥ 10. */
export const PEER_TARGETS: Readonly<Record<string, number>> = {
  points: 2,
  'points-redis': 2,
  premium: 2,
  'player-member': 2,
  'points-postgres': 2,
  'players-100': 6,
  'players-100-postgres': 6,
  'players-1000': 10,
};

const peerTarget = (row: string, threshold: number): Target => ({
  id: `peer-${row}`,
  text: `cached ${row}, req/s × peer`,
  compare: '≥',
  threshold,
  unit: '×',
  figures: (r) => one(row, r.peer?.find((p) => p.id === row)?.rpsMedian),
});

/** The render section's variant the target is read on: the shipped defaults. */
export const RENDER_TARGET_VARIANT = 'defaults';

/** The targets other modules print beside their figures, by name. */
export const TARGETS = {
  coldLimit: {
    id: 'cold-limit',
    text: 'cold p50 × the cold limit, each store and row',
    compare: '≤',
    threshold: 1.5,
    unit: '×',
    figures: (r) =>
      (r.coldPeer ?? []).map((c) => ({ of: `${c.store} ${c.label}`, value: c.overLimit })),
  },
  renderBlock: {
    id: 'render-loop-block',
    text: 'longest event-loop block p99 beside the chart flood, defaults',
    compare: '≤',
    threshold: 10,
    unit: 'ms',
    figures: (r) => {
      const report = r.renders?.find((v) => v.label === RENDER_TARGET_VARIANT);
      const beside = (report?.rounds ?? []).flatMap((round) =>
        round.blocks ? [round.blocks.beside.p99Ms] : [],
      );
      return beside.length === 0 ? [] : [{ of: RENDER_TARGET_VARIANT, value: median(beside) }];
    },
  },
  rankSqlite: {
    id: 'rank-cold-sqlite',
    text: "a member's rank ?sort=galleons cold over HTTP, p50, SQLite",
    compare: '≤',
    threshold: 2,
    unit: 'ms',
    figures: (r) => one('sqlite', rankOn(r, 'sqlite')?.galleons.p50Ms),
  },
  rankPostgres: {
    id: 'rank-cold-postgres',
    text: "a member's rank ?sort=galleons cold over HTTP, p50, PostgreSQL",
    compare: '≤',
    threshold: 4,
    unit: 'ms',
    figures: (r) => one('postgres', rankOn(r, 'postgres')?.galleons.p50Ms),
  },
  rankOverCount: {
    id: 'rank-over-count',
    text: "a member's rank cold over HTTP less the member's own answer cold, ÷ the store's count with the CPU's caches flushed, p50s of the same commits",
    compare: '≤',
    threshold: 1.25,
    unit: '×',
    figures: (r) =>
      (['sqlite', 'postgres'] as const).flatMap((store) => one(store, rankOn(r, store)?.overCount)),
  },
  periodTriggers: {
    id: 'period-triggers',
    text: "the period triggers' cost: an import with every galleons moved, and a burst of UPDATEs, with ÷ without",
    compare: '≤',
    threshold: 1.15,
    unit: '×',
    figures: (r) =>
      (r.members?.costs ?? []).flatMap((c) => [
        { of: `${c.store} import`, value: c.changedImport.ratio },
        { of: `${c.store} burst`, value: c.burst.ratio },
      ]),
  },
  periodTriggersByHand: {
    id: 'period-triggers-by-hand',
    text: "the period triggers against the same rows written by the application in the write's transaction, a burst of UPDATEs, with ÷ by hand",
    compare: '≤',
    threshold: 1.15,
    unit: '×',
    figures: (r) =>
      (r.members?.costs ?? []).map((c) => ({
        of: `${c.store} burst`,
        value: c.burst.ratioToByHand,
      })),
  },
  redis: {
    id: 'redis-points',
    text: 'points with REDIS_URL and a limited key × points without',
    compare: '≥',
    threshold: 0.8,
    unit: '×',
    figures: (r) => one('points', r.redis?.ratioToPoints),
  },
  postgresCached: {
    id: 'postgres-cached',
    text: 'cached PostgreSQL rows × the same row on SQLite',
    compare: '≥',
    threshold: 0.9,
    unit: '×',
    figures: (r) => (r.postgres?.cached ?? []).map((c) => ({ of: c.id, value: c.median })),
  },
  postgresCommit: {
    id: 'postgres-commit-to-answer',
    text: 'PostgreSQL commit → first answer with the new body, p99',
    compare: '<',
    threshold: 100,
    unit: 'ms',
    figures: (r) => one('postgres', r.postgres?.commitToAnswer.p99Ms),
  },
  startup: {
    id: 'startup',
    text: "start-up, spawn → first 200 ÷ A's (raw node:http)",
    compare: '≤',
    threshold: 2.5,
    unit: '×',
    figures: (r) => one('sqlite', r.startup?.ratio),
  },
  startupPeer: {
    id: 'startup-peer',
    text: "start-up, spawn → first 200 ÷ the peer's, in the same series (proposed)",
    compare: '≤',
    threshold: 2,
    unit: '×',
    figures: (r) => one('sqlite', r.startup?.peerRatio),
  },
  idleMemory: {
    id: 'idle-memory',
    text: 'resident memory of the node idle, before any load',
    compare: '≤',
    threshold: 90,
    unit: 'MiB',
    figures: (r) => one('sqlite', r.memory?.serverIdleMiB),
  },
  idleMemoryPeer: {
    id: 'idle-memory-peer',
    text: "resident memory of the node idle ÷ the peer's, read at the same moment (proposed)",
    compare: '≤',
    threshold: 1.25,
    unit: '×',
    figures: (r) => {
      const { serverIdleMiB, peerIdleMiB } = r.memory ?? {};
      return one('sqlite', serverIdleMiB && peerIdleMiB ? serverIdleMiB / peerIdleMiB : null);
    },
  },
  peakMemory: {
    id: 'peak-memory',
    text: "the node's highest resident memory before the sorted lists (VmHWM)",
    compare: '≤',
    threshold: 200,
    unit: 'MiB',
    figures: (r) => one('sqlite', r.memory?.serverPeakMiB),
  },
  serverMemory: {
    id: 'server-memory',
    text: "resident memory of the node after the rows' rounds, with the bench's data",
    compare: '≤',
    threshold: 256,
    unit: 'MiB',
    figures: (r) => one('sqlite', r.memory?.serverAfterRoundsMiB),
  },
  streamMemory: {
    id: 'stream-memory',
    text: 'memory per open event stream',
    compare: '<',
    threshold: 10,
    unit: 'KiB',
    figures: (r) => eachStream(r, (s) => s.memory?.perStreamKiB),
  },
  streamMemoryRaw: {
    id: 'stream-memory-raw',
    text: 'memory per open event stream ÷ raw node:http holding as many streams, read alike in the same run',
    compare: '≤',
    threshold: 1.5,
    unit: '×',
    figures: (r) => eachStream(r, (s) => s.memory?.ratio),
  },
  streamLatency: {
    id: 'stream-commit-to-last',
    text: 'commit → last stream of the guild, p99',
    compare: '<',
    threshold: 250,
    unit: 'ms',
    figures: (r) => eachStream(r, (s) => s.commitToLastMs.p99),
  },
  sortedWalk: {
    id: 'sorted-walk',
    text: 'sorted list walk, last page ÷ first page, cold',
    compare: '≤',
    threshold: 1.5,
    unit: '×',
    figures: (r) => one('walk', r.sorted?.walk.lastOverFirst),
  },
  historyYearSqlite: {
    id: 'history-year-sqlite',
    text: 'house cup history ?step=day over a year, cold p50, SQLite',
    compare: '≤',
    threshold: 5,
    unit: 'ms',
    figures: (r) => one('sqlite', r.history?.stores.find((s) => s.store === 'sqlite')?.year.p50Ms),
  },
  historyYearPostgres: {
    id: 'history-year-postgres',
    text: 'house cup history ?step=day over a year, cold p50, PostgreSQL',
    compare: '≤',
    threshold: 10,
    unit: 'ms',
    figures: (r) =>
      one('postgres', r.history?.stores.find((s) => s.store === 'postgres')?.year.p50Ms),
  },
  historyChart: {
    id: 'history-chart',
    text: 'chart.png 800×400 read, drawn and encoded, cold p50',
    compare: '≤',
    threshold: 80,
    unit: 'ms',
    figures: (r) => (r.history?.stores ?? []).map((s) => ({ of: s.store, value: s.chart.p50Ms })),
  },
  historyChartBlock: {
    id: 'history-chart-block',
    text: 'chart.png: event-loop block p99 while it renders',
    compare: '≤',
    threshold: 10,
    unit: 'ms',
    figures: (r) => (r.history?.stores ?? []).flatMap((s) => one(s.store, s.chart.blockP99Ms)),
  },
  historyTriggers: {
    id: 'history-triggers',
    text: 'an import with the history triggers ÷ without',
    compare: '≤',
    threshold: 1.1,
    unit: '×',
    figures: (r) => (r.history?.costs ?? []).map((c) => ({ of: c.store, value: c.ratio })),
  },
  mixed: {
    id: 'mixed-p99',
    text: 'the mixed load at half of the maximum rate, p99',
    compare: '≤',
    threshold: 10,
    unit: 'ms',
    figures: (r) =>
      (r.mixed ?? []).map((m) => ({ of: m.store, value: m.housecup.result.latencyMs.p99 })),
  },
  otherGuildWebhooks: {
    id: 'webhooks-other-guild-p95',
    text: "another guild's webhook commit → receiver p95 while one guild's 10 receivers hang",
    compare: '≤',
    threshold: 2_000,
    unit: 'ms',
    figures: (r) => one('sqlite', r.webhooksFairness?.starved.otherDelivery.p95Ms),
  },
  waitingPerSubscription: {
    id: 'webhooks-waiting-per-subscription',
    text: 'messages in the outbox per subscription whose receiver answers 500, the most sampled (one waiting and one being sent per area, 4 areas)',
    compare: '≤',
    threshold: 8,
    unit: 'messages',
    figures: (r) => {
      const samples = r.webhooksFairness?.failed.samples ?? [];
      return samples.length === 0
        ? []
        : [{ of: 'sqlite', value: Math.max(...samples.map((each) => each.maxPerSubscription)) }];
    },
  },
  otherGuildEdits: {
    id: 'live-other-guild-edit-p95',
    text: "other guilds' live message edit after a change, p95, while 4 channels wait out 60 s 429s",
    compare: '≤',
    threshold: 10_000,
    unit: 'ms',
    figures: (r) => one('sqlite', r.liveFairness?.otherEdit.p95Ms),
  },
  ledgerTriggers: {
    id: 'ledger-triggers',
    text: "what the ledger costs the game's writes of house_points (the history's triggers writing who and why, against the history alone; UPDATE bursts, each its own transaction and in one; SQLite's INSERT OR REPLACE), with ÷ without",
    compare: '≤',
    threshold: 1.15,
    unit: '×',
    figures: (r) =>
      (r.awards?.costs ?? []).flatMap((c) =>
        Object.entries(c.costs).map(([write, cost]) => ({
          of: `${c.store} ${write}`,
          value: cost?.ratio ?? Number.NaN,
        })),
      ),
  },
  awardsLog: {
    id: 'awards-log-peer',
    text: 'cached /v1/points/:g/log (a page of 100 entries), req/s × the peer',
    compare: '≥',
    threshold: 6,
    unit: '×',
    figures: (r) => (r.awards?.log ?? []).map((l) => ({ of: l.store, value: l.ratio })),
  },
  awardGatewayDeferred: {
    id: 'award-gateway-deferred',
    text: '/award give over the gateway: answers not an immediate reply (type 4)',
    compare: '≤',
    threshold: 0,
    unit: 'answers',
    figures: (r) => one('sqlite', r.awards?.gateway?.award.deferred),
  },
  awardGatewayP99: {
    id: 'award-gateway-p99',
    text: '/award give over the gateway, dispatch → reply at Discord, p99',
    compare: '≤',
    threshold: 100,
    unit: 'ms',
    figures: (r) => one('sqlite', r.awards?.gateway?.award.p99Ms),
  },
  replacement: {
    id: 'replacement-gain',
    text: 'each hand-written replacement, req/s ÷ with its library put back (below: back to the library)',
    compare: '≥',
    threshold: 1.05,
    unit: '×',
    figures: (r) => (r.replacements ?? []).map((g) => ({ of: g.variant, value: g.rpsMedian })),
  },
} as const satisfies Record<string, Target>;

/** Every target, in the order the report lists them. */
export const ALL_TARGETS: readonly Target[] = [
  ...Object.entries(PEER_TARGETS).map(([row, threshold]) => peerTarget(row, threshold)),
  ...Object.values(TARGETS),
];

export interface TargetLine {
  id: string;
  text: string;
  goal: string;
  of: string | null;
  value: number | null;
  status: 'met' | 'missed' | 'not run';
}

/** One line per target and figure; a target with no figure in these results: one `not run`. */
export function checkTargets(results: Results): TargetLine[] {
  return ALL_TARGETS.flatMap((target): TargetLine[] => {
    const line = (status: TargetLine['status'], figure?: Figure): TargetLine => ({
      id: target.id,
      text: target.text,
      goal: goal(target),
      of: figure?.of ?? null,
      value: figure?.value ?? null,
      status,
    });
    const figures = target.figures(results);
    if (figures.length === 0) return [line('not run')];
    return figures.map((figure) => line(meets(target, figure.value) ? 'met' : 'missed', figure));
  });
}

export function formatTargets(lines: readonly TargetLine[]): string {
  const figure = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));
  const met = lines.filter((l) => l.status === 'met').length;
  const missed = lines.filter((l) => l.status === 'missed').length;
  const notRun = lines.filter((l) => l.status === 'not run').length;
  return [
    `Targets (${met} met, ${missed} missed, ${notRun} not run):`,
    ...lines.map(
      (l) =>
        `  ${l.status === 'missed' ? 'MISSED ' : l.status === 'met' ? 'met    ' : 'not run'} ${l.id}` +
        `${l.of ? ` [${l.of}]` : ''}: ${l.value === null ? '—' : figure(l.value)} (target ${l.goal}) ${l.text}`,
    ),
  ].join('\n');
}
