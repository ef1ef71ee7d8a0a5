import { Agent } from 'node:http';
import { get } from './http-get.js';

export interface ProbeResult {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that were not 200 (each fails the run). */
  failures: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * A slow, steady loop of small requests (one at a time, `intervalMs` apart) with its own
 * latency record: what a user asking for one small thing feels while big lists are served.
 * wrk cannot tell us this, since its latencies are those of the big lists themselves.
 */
export async function probe(
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
  until: Promise<unknown>,
  intervalMs = 20,
): Promise<ProbeResult> {
  let done = false;
  const stop = () => {
    done = true;
  };
  // The caller awaits `until` itself and sees its failure; here it only ends the loop.
  until.then(stop, stop);
  // One kept-alive connection, as a real client would have: no connect cost in the figure.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  try {
    for (let i = 0; !done; i++) {
      const path = paths[i % paths.length] ?? '/';
      const started = performance.now();
      const answer = await get(url + path, headers, agent);
      latencies.push(performance.now() - started);
      if (answer.status !== 200) failures++;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  } finally {
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    failures,
  };
}
