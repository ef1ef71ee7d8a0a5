import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port.js';
import { serverNodeFlags } from '../support/server-command.js';
import { get } from './http-get.js';

/** The repository root, two folders above this file. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('../../dist/src/main.js', import.meta.url));
const BASELINE_ENTRY = fileURLToPath(new URL('./baseline.mjs', import.meta.url));
const FASTIFY_BASELINE_ENTRY = fileURLToPath(new URL('./fastify-baseline.mjs', import.meta.url));
const STREAM_BASELINE_ENTRY = fileURLToPath(new URL('./stream-baseline.mjs', import.meta.url));
const PEER_ENTRY = fileURLToPath(new URL('./peer.mjs', import.meta.url));
const LIMIT_ENTRY = fileURLToPath(new URL('./cold-limit.mjs', import.meta.url));
const VARIANT_ENTRY = fileURLToPath(new URL('./variants/start.mjs', import.meta.url));

export interface Served {
  url: string;
  pid: number;
  /** SIGTERM, then SIGKILL if it does not go within 5 s. */
  stop(): Promise<void>;
}

export { freePort };

export interface SpawnOptions {
  port: number;
  /** CPU list for taskset, or undefined for unpinned. */
  cpu?: string;
  /** Database file of the real server; absent = baseline A (or F, with `fastify`). */
  databasePath?: string;
  /** Without `databasePath`: baseline F (fastify-baseline.mjs) instead of A. */
  fastify?: boolean;
  /** Without `databasePath`: the event streams' baseline (stream-baseline.mjs) instead of A. */
  streams?: boolean;
  /** Node's own flags, before the entry (streams.ts sets the young generation's size). */
  nodeFlags?: readonly string[];
  /** Folder to run in: the real server reads a `.env` there, so never the developer's own. */
  cwd: string;
  /** More configuration of the real server (DISCORD_PUBLIC_KEY, REDIS_URL…). */
  env?: Record<string, string>;
  /** Start the peer (peer.mjs) on `databasePath` (or env DATABASE_URL) instead of housecup. */
  peer?: boolean;
  /** Start the cold limit (cold-limit.mjs) on `databasePath` (or env DATABASE_URL) instead. */
  limit?: boolean;
  /** Start housecup with this library in place of its own part (variants/start.mjs). */
  variant?: string;
  /** Where its log lines go (default /dev/null, or BENCH_SERVER_LOG): cold-peer.ts reads them. */
  logFile?: string;
}

/**
 * Starts the real server in production settings (logging on, to /dev/null; auth and rate
 * limiting on), or baseline A (or F) when no database is given. Returns at once; wait for it with
 * `waitForOk`.
 */
export function spawnServer(options: SpawnOptions): Served {
  const entry = options.peer
    ? PEER_ENTRY
    : options.limit
      ? LIMIT_ENTRY
      : options.variant
        ? VARIANT_ENTRY
        : options.databasePath
          ? SERVER_ENTRY
          : options.fastify
            ? FASTIFY_BASELINE_ENTRY
            : options.streams
              ? STREAM_BASELINE_ENTRY
              : BASELINE_ENTRY;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
  };
  if (options.databasePath) {
    Object.assign(env, {
      DATABASE_PATH: options.databasePath,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '600',
      // The load generator is one address: the public pages' per-address limits would measure
      // themselves (429s), not the page.
      PUBLIC_LIMIT_PER_MINUTE: '0',
      PUBLIC_STREAMS_PER_ADDRESS: '0',
      METRICS: 'false',
      ...(options.variant ? { BENCH_VARIANT: options.variant } : {}),
      ...options.env,
    });
  }
  // A real file descriptor on /dev/null: pino writes its lines exactly as in production.
  // BENCH_SERVER_LOG=<file> keeps them instead, to look into a run.
  const devNull = openSync(options.logFile ?? process.env.BENCH_SERVER_LOG ?? '/dev/null', 'w');
  // housecup (or a variant of it) runs with the flags npm start gives it; the baselines with none.
  const startFlags = entry === SERVER_ENTRY || entry === VARIANT_ENTRY ? serverNodeFlags() : [];
  const node = [...startFlags, ...(options.nodeFlags ?? []), entry];
  const [command, args] = options.cpu
    ? ['taskset', ['-c', options.cpu, process.execPath, ...node]]
    : [process.execPath, node];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env,
    stdio: ['ignore', devNull, 'pipe'],
  });
  closeSync(devNull);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null) {
      process.stderr.write(`bench: ${entry} exited with ${code}\n${stderr}\n`);
    }
  });
  if (child.pid === undefined) throw new Error(`could not start ${entry}`);
  return {
    url: `http://127.0.0.1:${options.port}`,
    // taskset execs the command, so this pid is node's own: /proc/<pid> describes the server.
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Polls `url` until it answers 200; resolves with the milliseconds since `since`. Another status
 * fails at once, except those in `waitingStatuses` (a readiness probe's 503).
 */
export async function waitForOk(
  url: string,
  headers: Record<string, string>,
  since: number,
  timeoutMs = 60_000,
  waitingStatuses: readonly number[] = [],
): Promise<number> {
  for (;;) {
    let status: number | undefined;
    try {
      status = (await get(url, headers)).status;
    } catch {
      // Not listening yet: try again shortly.
    }
    if (status === 200) return performance.now() - since;
    if (status !== undefined && !waitingStatuses.includes(status)) {
      throw new Error(`${url} answered ${status} while starting`);
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, status === undefined ? 2 : 50));
  }
}

export interface Memory {
  /** Resident set size now, MiB. */
  rssMiB: number;
  /** Highest resident set size since start (VmHWM), MiB. */
  peakMiB: number;
}

/** The process's memory as Linux reports it; undefined where /proc is not there. */
export function memoryOf(pid: number): Memory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s*(\\d+)`, 'm').exec(status)?.[1]);
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}
