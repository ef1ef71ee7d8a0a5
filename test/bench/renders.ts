import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetManifest } from './dataset.js';
import { mulberry32 } from './dataset.js';
import type { LoadGenerator, LoadResult } from './load.js';
import { median } from './stats.js';
import { goal, meets, TARGETS } from './targets.js';

/*
 * Small requests while charts are rendered flat out (issue 29): GET /v1/points/:g loaded by one
 * wrk, alone and then beside a second wrk that asks, with the same key, for charts of sizes and
 * periods drawn at random (tens of thousands of them: nearly every one misses the answer cache
 * and is read, drawn and encoded). Rounds alternate the two on one server. The figure is the
 * points p99 with the renders beside it against without, and the renders (200s) and refusals
 * (429s) a second the flood got meanwhile; and, from the server's own /metrics (METRICS=true,
 * its event-loop delay sampled every millisecond, reset at each scrape), the event loop's
 * longest delays in each window: p99 and max, alone and beside the charts.
 */

export interface RendersSettings {
  rounds: number;
  durationS: number;
  /** Connections of the points load. */
  connections: number;
  /** Connections of the chart flood. */
  renderConnections: number;
}

/** The event loop's delays over one window, ms: each sample is a tick's length, ≥ 1 ms. */
export interface LoopBlocks {
  p99Ms: number;
  maxMs: number;
}

export interface RendersRound {
  alone: LoadResult;
  beside: LoadResult;
  flood: LoadResult;
  /** The event loop while the points load ran alone, and beside the charts. */
  blocks?: { alone: LoopBlocks; beside: LoopBlocks };
}

export interface RendersReport {
  label: string;
  rounds: RendersRound[];
}

interface RendersOptions {
  label: string;
  url: string;
  /** The key of both loads: unlimited (rate limit 0). */
  key: string;
  manifest: DatasetManifest;
  work: string;
  load: LoadGenerator;
  /** The load generator's CPU list, when pinned. */
  cpu: string | undefined;
  settings: RendersSettings;
  log(line: string): void;
}

const DISTINCT_CHARTS = 50_000;

/** Distinct chart URLs of the race guild (the one with a year of history): width × height. */
function chartPaths(guildId: string): string {
  const random = mulberry32(29);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const lines: string[] = [];
  for (let i = 0; i < DISTINCT_CHARTS; i++) {
    lines.push(
      `/v1/points/${guildId}/chart.png?width=${between(400, 1600)}&height=${between(200, 1000)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The event loop's delays since the server's previous scrape (which this one resets). */
async function loopBlocks(url: string): Promise<LoopBlocks> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const seconds = (name: string) => {
    const match = new RegExp(`^housecup_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(
      text,
    );
    if (!match?.[1]) throw new Error(`renders: /metrics has no event-loop ${name}`);
    return Number(match[1]) * 1000;
  };
  return { p99Ms: seconds('p99'), maxMs: seconds('max') };
}

export async function rendersBench(options: RendersOptions): Promise<RendersReport> {
  const { manifest, work, settings, load, url, key, cpu } = options;
  const pointsFile = join(work, 'renders-points.txt');
  const chartsFile = join(work, 'renders-charts.txt');
  writeFileSync(pointsFile, `${manifest.withPoints.map((g) => `/v1/points/${g}`).join('\n')}\n`);
  writeFileSync(chartsFile, chartPaths(manifest.race.guildId));
  const base = { url, authorization: key, timeoutS: 10, strict: false, ...(cpu ? { cpu } : {}) };
  const points = (durationS: number) =>
    load({ ...base, pathsFile: pointsFile, connections: settings.connections, durationS });
  await points(1);
  const rounds: RendersRound[] = [];
  for (let round = 1; round <= settings.rounds; round++) {
    await loopBlocks(url);
    const alone = await points(settings.durationS);
    const blocksAlone = await loopBlocks(url);
    // The flood starts first and ends last, so the points load runs wholly beside it.
    const flood = load({
      ...base,
      pathsFile: chartsFile,
      connections: settings.renderConnections,
      durationS: settings.durationS + 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await loopBlocks(url);
    const beside = await points(settings.durationS);
    const blocks = { alone: blocksAlone, beside: await loopBlocks(url) };
    rounds.push({ alone, beside, flood: await flood, blocks });
    options.log(`renders ${options.label}, round ${round}: ${describeRound(rounds.at(-1))}`);
  }
  return { label: options.label, rounds };
}

const ms = (value: number) => value.toFixed(2);

function describeRound(round: RendersRound | undefined): string {
  if (!round) return '';
  const { alone, beside, flood } = round;
  const refused = flood.non2xx / flood.durationS;
  const rendered = (flood.requests - flood.non2xx) / flood.durationS;
  return (
    `points alone ${Math.round(alone.rps)} req/s p50 ${ms(alone.latencyMs.p50)} p99 ${ms(alone.latencyMs.p99)} ms; ` +
    `beside the charts ${Math.round(beside.rps)} req/s p50 ${ms(beside.latencyMs.p50)} p99 ${ms(beside.latencyMs.p99)} ms ` +
    `max ${ms(beside.latencyMs.max)} ms; charts ${rendered.toFixed(1)} answered/s, ${refused.toFixed(1)} refused/s, ` +
    `chart p50 ${ms(flood.latencyMs.p50)} p99 ${ms(flood.latencyMs.p99)} ms` +
    (round.blocks
      ? `; event loop alone p99 ${ms(round.blocks.alone.p99Ms)} max ${ms(round.blocks.alone.maxMs)} ms, ` +
        `beside the charts p99 ${ms(round.blocks.beside.p99Ms)} max ${ms(round.blocks.beside.maxMs)} ms`
      : '')
  );
}

/** The render target's line: the event loop's p99 beside the charts ≤ 10 ms (medians of rounds; targets.ts). */
function targetLine(report: RendersReport): string {
  const beside = report.rounds.flatMap((round) => (round.blocks ? [round.blocks.beside] : []));
  if (beside.length === 0) return '  event-loop block: not measured';
  const p99 = median(beside.map((b) => b.p99Ms));
  const points = median(report.rounds.map((round) => round.beside.latencyMs.p99));
  return (
    `  target event-loop block p99 ${goal(TARGETS.renderBlock)} beside the charts: ${ms(p99)} ms ` +
    `(max ${ms(median(beside.map((b) => b.maxMs)))} ms, /v1/points p99 ${ms(points)} ms; medians of the rounds): ` +
    (meets(TARGETS.renderBlock, p99) ? 'met' : 'MISSED')
  );
}

export function formatRenders(reports: readonly RendersReport[]): string {
  return reports
    .map((report) =>
      [`Small requests beside chart renders: ${report.label}`]
        .concat(report.rounds.map((round, i) => `  round ${i + 1}: ${describeRound(round)}`))
        .concat(targetLine(report))
        .join('\n'),
    )
    .join('\n');
}

/** Every variant: the key unlimited, and /metrics on for the event loop's figures. */
const WATCHED = { RATE_LIMIT_PER_MINUTE: '0', METRICS: 'true' };

/**
 * The servers the flood runs against, one after the other: renders unbounded (as before the
 * render budgets), the node's bound alone (the key's render budget off) at its default and at
 * two renders at once, and the defaults.
 */
export const RENDER_VARIANTS: readonly { label: string; env: Record<string, string> }[] = [
  {
    label: 'no render bound (RENDER_CONCURRENCY=64, RENDERS_PER_MINUTE=0)',
    env: { ...WATCHED, RENDER_CONCURRENCY: '64', RENDERS_PER_MINUTE: '0' },
  },
  {
    label: "the node's bound alone (RENDERS_PER_MINUTE=0)",
    env: { ...WATCHED, RENDERS_PER_MINUTE: '0' },
  },
  {
    label: 'two renders at once (RENDER_CONCURRENCY=2, RENDERS_PER_MINUTE=0)',
    env: { ...WATCHED, RENDER_CONCURRENCY: '2', RENDERS_PER_MINUTE: '0' },
  },
  { label: 'defaults', env: WATCHED },
];
