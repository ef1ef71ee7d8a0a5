import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from './dataset.js';
import type { Endpoint } from './endpoints.js';
import type { LoadGenerator, LoadResult } from './load.js';
import { loadCompleting, problemOf } from './load.js';
import { TARGETS } from './targets.js';

/*
 * The mixed load (issue 24): a guild's traffic as it comes, 80 % points and premium, 15 % lists,
 * 5 % history and pictures, first at the most housecup answers, then at half of that with a
 * pause between each answer and the connection's next request (wrk's delay()), where the p99 is
 * what a user meets on a busy day. The peer gets the same rate and the same mix without the
 * history and pictures it does not have.
 */

/** Each row's share of the requests, in percent (issue 24's mix). */
const MIX: readonly [string, number][] = [
  ['points', 40],
  ['premium', 40],
  ['players-10', 5],
  ['players-100', 9],
  ['players-1000', 1],
  ['history-year', 2],
  ['history-48h', 2],
  ['chart', 1],
];
/** Lines of a mix's paths file: each request picks one line at random. */
const LINES = 2000;
/** ms between an answer and the connection's next request at the reduced rate. */
const DELAY_MS = 1;
/** More would measure the load generator's queue (one wrk thread), not the server. */
const MAX_CONNECTIONS = 256;
/** Issue 24: p99 at half of the maximum rate, on both stores. */
export const MIXED_P99_TARGET_MS = TARGETS.mixed.threshold;

export interface MixedRun {
  server: string;
  /** The rate asked for (req/s), and what the run reached. */
  targetRps: number;
  connections: number;
  result: LoadResult;
}

export interface MixedReport {
  store: 'sqlite' | 'postgres';
  /** Requests in percent per row (the peer's: the same without history and pictures). */
  mix: Record<string, number>;
  /** housecup's rate with 32 connections and no pause. */
  maxRps: number;
  housecup: MixedRun;
  peer: MixedRun | null;
}

/** A seeded choice of paths in the mix's proportions, written one per line. */
function writeMix(file: string, rows: readonly Endpoint[], withOnly: (id: string) => boolean) {
  const parts = MIX.filter(([id]) => withOnly(id));
  const total = parts.reduce((sum, [, share]) => sum + share, 0);
  const lines: string[] = [];
  const random = mulberry32(24);
  for (const [id, share] of parts) {
    const row = rows.find((endpoint) => endpoint.id === id);
    if (!row || row.paths.length === 0) throw new Error(`the mixed load needs the ${id} row`);
    const count = Math.round((LINES * share) / total);
    for (let i = 0; i < count; i++)
      lines.push(row.paths[Math.floor(random() * row.paths.length)] ?? '');
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return Object.fromEntries(parts.map(([id, share]) => [id, (100 * share) / total]));
}

export async function mixedLoad(options: {
  store: 'sqlite' | 'postgres';
  /** The rows of this store (their paths), by the ids of MIX. */
  rows: readonly Endpoint[];
  housecupUrl: string;
  peerUrl: string | null;
  key: string;
  load: LoadGenerator;
  cpu?: string;
  durationS: number;
  work: string;
  log: (line: string) => void;
  failures: string[];
}): Promise<MixedReport> {
  const { load, log } = options;
  const mixFile = join(options.work, `mixed-${options.store}.txt`);
  const peerFile = join(options.work, `mixed-${options.store}-peer.txt`);
  const mix = writeMix(mixFile, options.rows, () => true);
  writeMix(peerFile, options.rows, (id) => !id.startsWith('history') && id !== 'chart');
  const run = async (
    server: string,
    url: string,
    file: string,
    connections: number,
    durationS: number,
    delayMs = 0,
  ) => {
    const once = (seconds: number) =>
      load({
        url,
        pathsFile: file,
        authorization: options.key,
        connections,
        durationS: seconds,
        timeoutS: 10,
        cpu: options.cpu,
        // Lists of 1,000 and pictures are big bodies: wrk's own count of statuses ≥ 400 applies.
        strict: false,
        delayMs,
      });
    const result = await loadCompleting(once, durationS);
    const problem = problemOf(result);
    if (problem) options.failures.push(`mixed load, ${options.store}, ${server}: ${problem}`);
    return result;
  };
  /**
   * Connections for `targetRps` with the pause: short runs to learn what one connection makes at
   * that load, the count scaled to the rate each time (a closed loop: each connection waits for
   * its answer, so a slower server needs more of them for the same rate).
   */
  const atRate = async (server: string, url: string, file: string, targetRps: number) => {
    let connections = Math.max(1, Math.round((targetRps * (DELAY_MS + 0.5)) / 1000));
    for (let trial = 0; trial < 3; trial++) {
      const result = await run(server, url, file, connections, 1, DELAY_MS);
      if (Math.abs(result.rps / targetRps - 1) < 0.03) break;
      const perConnection = result.rps / connections;
      connections = Math.max(1, Math.min(MAX_CONNECTIONS, Math.round(targetRps / perConnection)));
    }
    const result = await run(server, url, file, connections, options.durationS, DELAY_MS);
    log(
      `  mixed ${options.store}, ${server} at ${targetRps.toFixed(0)} req/s asked: ` +
        `${result.rps.toFixed(0)} req/s over ${connections} connections, p99 ${result.latencyMs.p99.toFixed(2)} ms`,
    );
    return { server, targetRps, connections, result };
  };

  log(`mixed load, ${options.store}: the maximum, 32 connections`);
  const max = await run('housecup', options.housecupUrl, mixFile, 32, options.durationS);
  const targetRps = max.rps / 2;
  const housecup = await atRate('housecup', options.housecupUrl, mixFile, targetRps);
  const peer = options.peerUrl ? await atRate('peer', options.peerUrl, peerFile, targetRps) : null;
  return { store: options.store, mix, maxRps: max.rps, housecup, peer };
}

export function formatMixed(reports: readonly MixedReport[]): string {
  if (reports.length === 0) return 'mixed load: not run';
  const lines = ['mixed load (80 % points/premium, 15 % lists, 5 % history and pictures):'];
  const runOf = (run: MixedRun) =>
    `${run.result.rps.toFixed(0)} req/s of ${run.targetRps.toFixed(0)} asked (${run.connections} connections, ${DELAY_MS} ms pause), ` +
    `p50 ${run.result.latencyMs.p50.toFixed(2)} ms, p99 ${run.result.latencyMs.p99.toFixed(2)} ms`;
  for (const r of reports) {
    const met = r.housecup.result.latencyMs.p99 <= MIXED_P99_TARGET_MS ? 'met' : 'missed';
    lines.push(
      `  ${r.store}: maximum ${r.maxRps.toFixed(0)} req/s; at half, housecup ${runOf(r.housecup)} ` +
        `(p99 ≤ ${MIXED_P99_TARGET_MS} ms: ${met})`,
      `    peer at the same rate (no history or pictures): ${r.peer ? runOf(r.peer) : 'not run'}`,
    );
  }
  return lines.join('\n');
}
