import type { DatasetManifest } from './dataset.js';

/** What one load run against one endpoint measured; every load generator reports this shape. */
export interface LoadResult {
  requests: number;
  durationS: number;
  rps: number;
  /** Mean bytes per response, headers included. */
  bytesPerResponse: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Responses whose status was outside 2xx. */
  non2xx: number;
  /** Connect, read and write errors and timeouts. */
  socketErrors: number;
  /** Signed requests sent after the list ran out (replays the server refuses). */
  ranOut: number;
}

export interface LoadOptions {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  /**
   * File with one request path per line; each request picks one at random. With `signed`,
   * each line is a whole signed POST instead (interactions.ts), sent in order and only once.
   */
  pathsFile: string;
  signed?: boolean;
  /** Authorization header value, if any. */
  authorization?: string;
  connections: number;
  durationS: number;
  timeoutS: number;
  /** CPU list for taskset, or undefined to run unpinned. */
  cpu?: string;
  /**
   * Check every status in the load generator, 1xx and 3xx too. Off for large bodies: wrk then
   * hands each body to Lua, and a 200 KB or 10 MB body made wrk, not the server, the bottleneck
   * (1,000-profile lists: 3.9k req/s strict, 9.6k without). Without it, statuses of 400 and up
   * are still counted, and every endpoint's answers were checked one by one beforehand.
   */
  strict: boolean;
  /**
   * A pause of this many ms between an answer and a connection's next request (wrk's delay()):
   * with the number of connections, it sets a rate below the maximum (the mixed load).
   */
  delayMs?: number;
}

export type LoadGenerator = (options: LoadOptions) => Promise<LoadResult>;

/** What every section that drives load against running nodes is handed by sections.ts. */
export interface LoadSettings {
  manifest: DatasetManifest;
  /** An API key every node of the section accepts. */
  key: string;
  load: LoadGenerator;
  /** CPU list the load generator runs on. */
  cpu?: string | undefined;
  /** A folder for the load generator's path files. */
  work: string;
  durationS: number;
}

/** The shortest window a run goes again over when its first completed no request. */
const AGAIN_MIN_S = 5;

/**
 * Runs `run` over `durationS`, and once more over a longer window if no request completed: a
 * short window with no warm-up (--quick) can pass before a busy machine answers once (a
 * PostgreSQL pool still connecting). That is no measurement; only a node that completes nothing
 * over the longer window too has failed, and problemOf says so.
 */
export async function loadCompleting(
  run: (durationS: number) => Promise<LoadResult>,
  durationS: number,
  log: (line: string) => void = () => {},
): Promise<LoadResult> {
  const result = await run(durationS);
  if (result.requests > 0) return result;
  const longer = Math.max(4 * durationS, AGAIN_MIN_S);
  log(`no request completed in ${durationS} s; again over ${longer} s`);
  return run(longer);
}

/** Why a run must fail, or undefined when every response was a 2xx and no socket failed. */
export function problemOf(result: LoadResult): string | undefined {
  if (result.requests === 0) return 'no request completed';
  if (result.ranOut > 0) {
    return `the signed interactions ran out (${result.ranOut} more were needed): raise SIGNED_PER_SECOND`;
  }
  if (result.non2xx > 0) return `${result.non2xx} responses outside 2xx`;
  if (result.socketErrors > 0) return `${result.socketErrors} socket errors or timeouts`;
  return undefined;
}
