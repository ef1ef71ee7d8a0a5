import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AwardsReport } from './awards.js';
import { type ColdPeer, formatColdPeer } from './cold-peer.js';
import type { DatasetManifest } from './dataset.js';
import {
  BASELINE_LARGE,
  BASELINE_SMALL,
  FASTIFY_LARGE,
  FASTIFY_SMALL,
  LIMITED_ROW,
} from './endpoints.js';
import type { HistoryReport } from './history.js';
import type { LiveFairnessReport } from './live-fairness.js';
import type { LiveScoreboardsReport } from './live-scoreboards.js';
import type { LoadResult } from './load.js';
import type { CodeUnderTest, Machine } from './machine.js';
import type { MembersReport } from './members.js';
import { formatMixed, type MixedReport } from './mixed.js';
import type { ColdRead, CommitToAnswer } from './postgres.js';
import type { ProbeResult } from './probe.js';
import type { RendersReport } from './renders.js';
import type { SortedReport } from './sorted.js';
import { median } from './stats.js';
import { formatStreams, type StreamsResult } from './streams.js';
import { goal, PEER_TARGETS, TARGETS, type TargetLine } from './targets.js';
import type { TermsReport } from './terms.js';
import type { WebhooksReport } from './webhooks.js';
import type { WebhooksFairnessReport } from './webhooks-fairness.js';

export interface RoundMeasure extends LoadResult {
  round: number;
  /** This run's req/s over the mean of the same round's two A (small body) runs. */
  ratioToA: number;
  /** Server RSS right after this run, MiB. */
  rssMiB: number | null;
  /** The process that answered (sides.ts); absent from runs before. */
  pid?: number;
}

/** A separate request to one of the endpoint's paths, checked before any load. */
export interface Sample {
  path: string;
  status: number;
  bytes: number;
  validJson: boolean;
}

export interface Row {
  id: string;
  label: string;
  connections: number;
  sample: Sample;
  rounds: RoundMeasure[];
  /** Medians over rounds (RSS: the highest). */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  ratioToA: number;
  rssMiB: number | null;
}

export interface Report {
  startedAt: string;
  mode: 'full' | 'quick';
  ok: boolean;
  failures: string[];
  machine: Machine;
  code: CodeUnderTest;
  pinning: string;
  loadGenerator: string;
  /** `processes`: per server in the rows' rounds (sides.ts); absent from runs before: one. */
  settings: { rounds: number; durationS: number; connections: number; processes?: number };
  dataset: {
    path: string;
    counts: DatasetManifest['counts'];
    generated: boolean;
    generationMs: number;
  };
  startup: {
    serverMs: number[];
    baselineMs: number[];
    serverMedianMs: number;
    baselineMedianMs: number;
    /** housecup ÷ A. */
    ratio: number;
    /** F's and the peer's starts in the same series; absent from runs before 2026-12-01. */
    fastifyMs?: number[];
    peerMs?: number[];
    fastifyMedianMs?: number;
    peerMedianMs?: number;
    /** housecup ÷ the peer. */
    peerRatio?: number;
  };
  memory: {
    serverIdleMiB: number | null;
    /** VmHWM before the sorted lists' figures (they report their own peak). */
    serverPeakMiB: number | null;
    /**
     * VmRSS and VmHWM once the rows' rounds are over, the node still up (the largest of the
     * SQLite server's processes, each one's RSS beside); absent before them.
     */
    serverAfterRoundsMiB?: number | null;
    serverAfterRoundsPeakMiB?: number | null;
    serverAfterRoundsEachMiB?: number[];
    baselineIdleMiB: number | null;
    /** Baseline F's idle RSS; absent from runs before F. */
    fastifyIdleMiB?: number | null;
    /** The peer's idle RSS, read at the same moment; absent from runs before 2026-12-01. */
    peerIdleMiB?: number | null;
  };
  /** Bare Fastify (F) × A, same rounds; absent from runs before F, null: not measured. */
  fastifyCeiling?: FastifyCeiling | null;
  eventLoop: (ProbeResult & { while: string; smallPath: string }) | null;
  /** Signed /points interactions sent one at a time to POST /interactions. */
  interactionRoundTrip: ProbeResult | null;
  /** Points with REDIS_URL over points without, per round and their median; null: no Redis. */
  redis: { source: string; ratioToPoints: number; rounds: number[] } | null;
  /** The PostgreSQL rows (postgres.ts); null: no PostgreSQL. */
  postgres: {
    source: string;
    /** Each PostgreSQL row over the same row on SQLite, per round and their median. */
    cached: { id: string; median: number; rounds: number[] }[];
    cold: ColdRead[];
    commitToAnswer: CommitToAnswer;
  } | null;
  /** The event streams row (streams.ts); null when not run. */
  streams: StreamsResult | null;
  /** The public scoreboard's streams (streams.ts, `public`); absent from runs before issue 22. */
  publicStreams?: StreamsResult | null;
  /** Sorted lists on the largest guild (sorted.ts); absent from runs before issue 15. */
  sorted?: SortedReport | null;
  /** Each row the peer implements, × peer (issue 24); absent from runs before it. */
  peer?: PeerRatio[];
  /** Each hand-written replacement against its library put back (variants/start.mjs). */
  replacements?: ReplacementGain[];
  /** housecup and each variant: spawn → first 200 (one start each) and idle RSS. */
  replacementCosts?: { variant: string; startMs: number; idleRssMiB: number | null }[];
  /** Cold answers (the first after a commit) × peer, per store (cold-peer.ts; issue 24). */
  coldPeer?: ColdPeer[];
  /** The mixed load at half of the maximum rate, beside the peer (mixed.ts; issue 24). */
  mixed?: MixedReport[];
  /** The house cup's cold figures (history.ts); absent from runs before issue 21. */
  history?: HistoryReport | null;
  /** The sections run after the rows (issue 36); absent from runs before it, null: not run. */
  members?: MembersReport | null;
  terms?: TermsReport | null;
  renders?: RendersReport[] | null;
  webhooks?: WebhooksReport | null;
  liveScoreboards?: LiveScoreboardsReport | null;
  /** One guild against another (issue 42); absent from runs before it. */
  webhooksFairness?: WebhooksFairnessReport | null;
  liveFairness?: LiveFairnessReport | null;
  /** The awards' speed (awards.ts, issue 45); absent from runs before it. */
  awards?: AwardsReport | null;
  /** One line per target and figure (targets.ts); absent from runs before issue 36. */
  targets?: TargetLine[];
  rows: Row[];
}

/** Fills a row's summary figures from its rounds. */
export function summarise(row: Omit<Row, 'rps' | 'p50Ms' | 'p99Ms' | 'ratioToA' | 'rssMiB'>): Row {
  const rss = row.rounds.map((r) => r.rssMiB).filter((v): v is number => v !== null);
  return {
    ...row,
    rps: median(row.rounds.map((r) => r.rps)),
    p50Ms: median(row.rounds.map((r) => r.latencyMs.p50)),
    p99Ms: median(row.rounds.map((r) => r.latencyMs.p99)),
    ratioToA: median(row.rounds.map((r) => r.ratioToA)),
    rssMiB: rss.length > 0 ? Math.max(...rss) : null,
  };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);
const ms = (value: number) => (value >= 100 ? fixed(value, 0) : fixed(value, 2));
const size = (bytes: number) =>
  bytes >= 1_000_000
    ? `${fixed(bytes / 1_000_000, 1)} MB`
    : bytes >= 1000
      ? `${fixed(bytes / 1000, 1)} KB`
      : `${bytes} B`;

function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

/** The rows' table: each endpoint's req/s, latency, × A and the server's RSS. */
export function formatRows(rows: readonly Row[]): string {
  return table(
    ['endpoint', 'conns', 'body', 'req/s', 'p50 ms', 'p99 ms', '× A', 'server RSS MiB'],
    rows.map((row) => [
      row.label,
      String(row.connections),
      size(row.sample.bytes),
      fixed(row.rps, 0),
      ms(row.p50Ms),
      ms(row.p99Ms),
      fixed(row.ratioToA, 3),
      row.rssMiB === null ? '–' : fixed(row.rssMiB, 0),
    ]),
  );
}

/** The human summary: the machine, the table, then start-up, memory and event-loop figures. */
export function formatReport(report: Report): string {
  const m = report.machine;
  const out: string[] = [];
  out.push(
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, node ${m.node}, ` +
      `Linux ${m.kernel}, load average ${m.loadAverage} at start`,
  );
  out.push(
    `code: commit ${report.code.commit}${report.code.dirty ? ' + uncommitted changes' : ''}`,
  );
  out.push(
    `load: ${report.loadGenerator}, 1 thread; ${report.pinning}; ${report.settings.rounds} ` +
      `round(s) × ${report.settings.durationS} s per endpoint, A at the start and end of each, ` +
      `${report.settings.processes ?? 1} process(es) per server taking turns by round; ` +
      'every status checked in the load generator for bodies up to 64 KiB, statuses ≥ 400 beyond',
  );
  out.push(
    `dataset: ${report.dataset.counts.guilds.toLocaleString('en')} guilds, ` +
      `${report.dataset.counts.profiles.toLocaleString('en')} profiles ` +
      `(${report.dataset.generated ? 'generated' : 'reused'}; generation took ` +
      `${fixed(report.dataset.generationMs / 1000, 1)} s)`,
  );
  out.push('');
  out.push(formatRows(report.rows));
  out.push(formatFastifyCeiling(report.fastifyCeiling));
  out.push('');
  const s = report.startup;
  const started = (name: string, median: number | undefined, each: number[] | undefined) =>
    `${name} ${median === undefined ? '–' : ms(median)} ms [${(each ?? []).map(ms).join(', ')}]`;
  out.push(
    `start-up to first 200 (median of ${s.serverMs.length}): ` +
      `${started('server', s.serverMedianMs, s.serverMs)}, ${started('peer', s.peerMedianMs, s.peerMs)}, ` +
      `${started('F', s.fastifyMedianMs, s.fastifyMs)}, ${started('A', s.baselineMedianMs, s.baselineMs)} ` +
      `→ ${fixed(s.ratio, 2)} × A, ${s.peerRatio === undefined ? '–' : fixed(s.peerRatio, 2)} × peer`,
  );
  const mem = report.memory;
  const mib = (v: number | null) => (v === null ? '–' : `${fixed(v, 1)} MiB`);
  out.push(
    `memory: server idle RSS ${mib(mem.serverIdleMiB)}, peak (VmHWM) ${mib(mem.serverPeakMiB)}; ` +
      `after the rows' rounds RSS ${mib(mem.serverAfterRoundsMiB ?? null)} ` +
      `[${(mem.serverAfterRoundsEachMiB ?? []).map((v) => fixed(v, 1)).join(', ')}] ` +
      `(target ${goal(TARGETS.serverMemory)}), peak ${mib(mem.serverAfterRoundsPeakMiB ?? null)}; ` +
      `A idle ${mib(mem.baselineIdleMiB)}, F idle ${mib(mem.fastifyIdleMiB ?? null)}, ` +
      `peer idle ${mib(mem.peerIdleMiB ?? null)}`,
  );
  const e = report.eventLoop;
  out.push(
    e
      ? `small request (${e.smallPath}, one at a time) while ${e.while}: ${e.requests} requests, ` +
          `p50 ${ms(e.p50Ms)} ms, p99 ${ms(e.p99Ms)} ms, max ${ms(e.maxMs)} ms`
      : 'event-loop probe: not run',
  );
  const r = report.interactionRoundTrip;
  out.push(
    r
      ? `signed /points interaction, one at a time, POST /interactions round trip: ${r.requests} ` +
          `requests, p50 ${ms(r.p50Ms)} ms, p99 ${ms(r.p99Ms)} ms, max ${ms(r.maxMs)} ms`
      : 'interaction round trip: not run',
  );
  const redis = report.redis;
  out.push(
    redis
      ? `Redis (${redis.source}): points with REDIS_URL, a limited key = ${fixed(redis.ratioToPoints, 3)} × ` +
          `points without [${redis.rounds.map((v) => fixed(v, 3)).join(', ')}] (target ${TARGETS.redis.compare} ${TARGETS.redis.threshold})`
      : 'Redis row: not run (no redis-server, TEST_REDIS_URL or local Redis)',
  );
  const pgr = report.postgres;
  if (pgr) {
    out.push(`PostgreSQL (${pgr.source}):`);
    for (const row of pgr.cached) {
      out.push(
        `  cached, ${row.id} = ${fixed(row.median, 3)} × the same row on SQLite ` +
          `[${row.rounds.map((v) => fixed(v, 3)).join(', ')}] (target ${TARGETS.postgresCached.compare} ${TARGETS.postgresCached.threshold})`,
      );
    }
    out.push(
      table(
        ['cold read (store called directly, 8 in flight)', 'reads/s', 'node CPU µs/read', 'rounds'],
        pgr.cold.map((c) => [
          c.label,
          fixed(c.perSecond, 0),
          fixed(c.nodeCpuUs, 0),
          c.rounds.map((v) => fixed(v, 0)).join(', '),
        ]),
      ),
    );
    const c = pgr.commitToAnswer;
    out.push(
      `  commit → first answer with the new body, ${c.changes} changes: median ${ms(c.medianMs)} ms, ` +
        `p99 ${ms(c.p99Ms)} ms, max ${ms(c.maxMs)} ms (target p99 ${goal(TARGETS.postgresCommit)})`,
    );
  } else {
    out.push('PostgreSQL rows: not run (no TEST_DATABASE_URL, local server or installed binaries)');
  }
  if (report.peer)
    out.push('housecup against the peer (peer.mjs), same rounds:', formatPeer(report.peer));
  if (report.replacements) {
    out.push(
      'each replacement against its library put back (variants/start.mjs), /v1/points/:g, a limited key:',
      formatReplacements(report.replacements),
    );
  }
  if (report.replacementCosts) {
    out.push(
      `start-up (one start each) and idle RSS: ${report.replacementCosts
        .map(
          (c) =>
            `${c.variant} ${ms(c.startMs)} ms, ${c.idleRssMiB === null ? '–' : fixed(c.idleRssMiB, 1)} MiB`,
        )
        .join('; ')}`,
    );
  }
  if (report.coldPeer) out.push(formatColdPeer(report.coldPeer));
  if (report.mixed) out.push(formatMixed(report.mixed));
  out.push(formatStreams(report.streams));
  if (report.publicStreams) out.push(formatStreams(report.publicStreams));
  // The sections, the Targets table and the failures follow (run.ts).
  return out.join('\n');
}

/** Bare Fastify over node:http on the same constant body, round by round. */
export interface FastifyCeiling {
  /** F-small's req/s over A-small's, per round (each the mean of its two runs), and the median. */
  small: { median: number; rounds: number[] };
  /** The same with the 21.7 KB body: F-large over A-large. */
  large: { median: number; rounds: number[] };
}

/** F over A for each body, from the baselines' rows; null when either did not run. */
export function fastifyCeiling(rows: readonly Row[]): FastifyCeiling | null {
  const ratios = (fId: string, aId: string) => {
    const f = rows.find((row) => row.id === fId);
    const a = rows.find((row) => row.id === aId);
    if (!f || !a) return null;
    const mean = (row: Row, round: number) => {
      const rps = row.rounds.filter((m) => m.round === round).map((m) => m.rps);
      return rps.length === 0 ? 0 : rps.reduce((sum, v) => sum + v, 0) / rps.length;
    };
    const rounds = [...new Set(f.rounds.map((m) => m.round))].flatMap((round) => {
      const over = mean(a, round);
      return over > 0 ? [mean(f, round) / over] : [];
    });
    return rounds.length === 0 ? null : { median: median(rounds), rounds };
  };
  const small = ratios(FASTIFY_SMALL.id, BASELINE_SMALL.id);
  const large = ratios(FASTIFY_LARGE.id, BASELINE_LARGE.id);
  return small && large ? { small, large } : null;
}

/** One line: what bare Fastify leaves of A, for each body. */
export function formatFastifyCeiling(ceiling: FastifyCeiling | null | undefined): string {
  if (!ceiling) return 'bare Fastify (F): not run';
  const list = (values: number[]) => values.map((v) => fixed(v, 3)).join(', ');
  return (
    `bare Fastify (F): small ${fixed(ceiling.small.median, 2)} × A [${list(ceiling.small.rounds)}], ` +
    `large ${fixed(ceiling.large.median, 2)} × A [${list(ceiling.large.rounds)}] ` +
    '(F over A on the same body, same rounds; a row × F is its × A over F-small’s)'
  );
}

/** housecup over the peer on one row: req/s (higher is better) and p99 (lower is better). */
export interface PeerRatio {
  id: string;
  /** housecup's req/s over the peer's, per round, and their median. */
  rps: number[];
  rpsMedian: number;
  /** housecup's p99 over the peer's, per round, and their median. */
  p99: number[];
  p99Median: number;
  /** Issue 24's target for × peer on this row (req/s), when it sets one. */
  target: number | null;
}

/** `of(twin) / of(other)` for each round both ran in (they ran side by side). */
function perRound(twin: Row, other: Row, of: (m: RoundMeasure) => number): number[] {
  return twin.rounds.flatMap((round) => {
    const same = other.rounds.find((measure) => measure.round === round.round);
    if (!same || of(same) <= 0 || of(round) <= 0) return [];
    return [of(round) / of(same)];
  });
}

/** Each `peer-` row against its twin, round by round. */
export function peerRatios(rows: readonly Row[]): PeerRatio[] {
  return rows.flatMap((peer) => {
    if (!peer.id.startsWith('peer-')) return [];
    const id = peer.id.slice('peer-'.length);
    const twin = rows.find((row) => row.id === id);
    if (!twin) return [];
    const rps = perRound(twin, peer, (m) => m.rps);
    const p99 = perRound(twin, peer, (m) => m.latencyMs.p99);
    return [
      {
        id,
        rps,
        rpsMedian: median(rps),
        p99,
        p99Median: median(p99),
        target: PEER_TARGETS[id] ?? null,
      },
    ];
  });
}

/** A replacement's gain: housecup's req/s over housecup's with the library back in its place. */
export interface ReplacementGain {
  variant: string;
  /** Per round, and their median; below 1.05 the replacement goes back to the library. */
  rps: number[];
  rpsMedian: number;
  /** housecup's p99 over the variant's (lower: housecup's own part is faster at the tail). */
  p99Median: number;
}

/** Issue 24: a replacement gaining less than this on its endpoint goes back to the library. */
export const REPLACEMENT_MIN_GAIN = 1.05;

/** Each `variant-` row against the limited-key row it ran beside (endpoints.ts). */
export function replacementGains(rows: readonly Row[]): ReplacementGain[] {
  const twin = rows.find((row) => row.id === LIMITED_ROW);
  if (!twin) return [];
  return rows.flatMap((variant) => {
    if (!variant.id.startsWith('variant-')) return [];
    const rps = perRound(twin, variant, (m) => m.rps);
    return [
      {
        variant: variant.id.slice('variant-'.length),
        rps,
        rpsMedian: median(rps),
        p99Median: median(perRound(twin, variant, (m) => m.latencyMs.p99)),
      },
    ];
  });
}

function formatReplacements(gains: readonly ReplacementGain[]): string {
  if (gains.length === 0) return 'replacements: not run';
  return table(
    ['library put back', 'housecup req/s ÷ with it', 'rounds', 'p99 ÷ with it', ''],
    gains.map((g) => [
      g.variant,
      fixed(g.rpsMedian, 3),
      g.rps.map((v) => fixed(v, 3)).join(', '),
      fixed(g.p99Median, 2),
      g.rpsMedian >= REPLACEMENT_MIN_GAIN ? 'keeps its place' : 'under 5 %: back to the library?',
    ]),
  );
}

export function formatPeer(ratios: readonly PeerRatio[]): string {
  if (ratios.length === 0) return 'peer: not run';
  return table(
    ['row', 'req/s × peer', 'rounds', 'p99 × peer (lower: faster)', 'target', ''],
    ratios.map((r) => [
      r.id,
      fixed(r.rpsMedian, 2),
      r.rps.map((v) => fixed(v, 2)).join(', '),
      fixed(r.p99Median, 2),
      r.target === null ? '—' : `≥ ${r.target}`,
      r.target === null ? '' : r.rpsMedian >= r.target ? 'met' : 'missed',
    ]),
  );
}

export function writeReport(path: string, report: Report): void {
  writeJson(path, report);
}

/** A results file: the whole report, or the part a partial run (`--only`) measured. */
export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
