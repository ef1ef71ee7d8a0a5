import { Agent } from 'node:http';
import { type Answer, get } from './http-get.js';
import { percentile } from './stats.js';

export interface ProbeResult {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that were not 200 (each fails the run). */
  failures: number;
}

/**
 * Sends one request at a time (the `i`th by `send`) over one kept-alive connection, as a real
 * client would (no connect cost in the figure), `intervalMs` apart, until `until` settles, and
 * records each one's latency.
 */
export async function oneAtATime(
  send: (i: number, agent: Agent) => Promise<Answer>,
  until: Promise<unknown>,
  intervalMs: number,
): Promise<ProbeResult> {
  let done = false;
  const stop = () => {
    done = true;
  };
  // The caller awaits `until` itself and sees its failure; here it only ends the loop.
  until.then(stop, stop);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  try {
    for (let i = 0; !done; i++) {
      const started = performance.now();
      const answer = await send(i, agent);
      latencies.push(performance.now() - started);
      if (answer.status !== 200) failures++;
      if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
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

/**
 * A slow, steady loop of small requests (one at a time, `intervalMs` apart) with its own
 * latency record: what a user asking for one small thing feels while big lists are served.
 * wrk cannot tell us this, since its latencies are those of the big lists themselves.
 */
export function probe(
  url: string,
  paths: readonly string[],
  headers: Record<string, string>,
  until: Promise<unknown>,
  intervalMs = 20,
): Promise<ProbeResult> {
  return oneAtATime(
    (i, agent) => get(url + (paths[i % paths.length] ?? '/'), headers, agent),
    until,
    intervalMs,
  );
}
