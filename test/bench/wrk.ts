import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadOptions, LoadResult } from './load.js';

const SCRIPT = fileURLToPath(new URL('./bench.lua', import.meta.url));

/** True when the `wrk` binary can be run. */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

interface WrkSummary {
  requests: number;
  bytes: number;
  duration_us: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  strict: boolean;
  non2xx: number;
  responses: number;
  ran_out: number;
  latency_us: { p50: number; p90: number; p99: number; max: number; mean: number };
}

/** Runs wrk with one thread (one core's worth of load generator) and bench.lua. */
export function runWrk(options: LoadOptions): Promise<LoadResult> {
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.durationS}s`,
    `--timeout`,
    `${options.timeoutS}s`,
    '-s',
    SCRIPT,
    options.url,
  ];
  const [command, commandArgs] = options.cpu
    ? ['taskset', ['-c', options.cpu, 'wrk', ...args]]
    : ['wrk', args];
  const env = {
    ...process.env,
    BENCH_PATHS: options.pathsFile,
    BENCH_KEY: options.authorization ?? '',
    // Lua-side status counting costs little on small bodies (within noise at 25k req/s) and also
    // catches 1xx/3xx, which wrk's own count (status >= 400) lets through; see LoadOptions.
    BENCH_STRICT: options.strict ? '1' : '0',
    BENCH_SIGNED: options.signed ? '1' : '0',
    BENCH_DELAY_MS: String(options.delayMs ?? 0),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`wrk exited with ${code}: ${stderr.trim() || stdout.trim()}`));
        return;
      }
      try {
        resolve(parseWrk(stdout));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Reads bench.lua's JSON line, cross-checked with wrk's own error lines. */
export function parseWrk(output: string): LoadResult {
  const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const summary = JSON.parse(line.slice('BENCH_JSON '.length)) as WrkSummary;
  // wrk's text lines, in case the Lua counters ever disagree: take the larger of the two.
  const textNon2xx = Number(/Non-2xx or 3xx responses:\s*(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const textSocket = socket
    ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) + Number(socket[4])
    : 0;
  const e = summary.errors;
  const durationS = summary.duration_us / 1e6;
  const ms = (us: number) => us / 1000;
  return {
    requests: summary.requests,
    durationS,
    rps: summary.requests / durationS,
    bytesPerResponse: summary.requests > 0 ? summary.bytes / summary.requests : 0,
    latencyMs: {
      p50: ms(summary.latency_us.p50),
      p90: ms(summary.latency_us.p90),
      p99: ms(summary.latency_us.p99),
      max: ms(summary.latency_us.max),
    },
    non2xx: Math.max(summary.non2xx, e.status, textNon2xx),
    socketErrors: Math.max(e.connect + e.read + e.write + e.timeout, textSocket),
    ranOut: summary.ran_out,
  };
}
