import { spawnSync } from 'node:child_process';
import { answersPing, startRedisServer } from '../support/redis-server.js';
import type { DatasetManifest } from './dataset.js';
import type { Endpoint } from './endpoints.js';
import type { Row } from './report.js';
import { median } from './stats.js';

/*
 * The Redis row: /v1/points/:g on a second server process started with REDIS_URL, read with a key
 * limited to a very high number a minute, so every request is counted in Redis (an unlimited key,
 * like the bench's own, makes no Redis call at all). Its ratio to the points row of the same
 * round is the figure issue 12 asks for (target ≥ 0.8).
 */

export const REDIS_ROW = 'points-redis';
/** Never reached during a run, so every answer is a 200 that went through Redis. */
export const HIGH_LIMIT = 1_000_000_000;

export interface BenchRedis {
  url: string;
  /** Where it came from, for the report. */
  source: string;
  stop(): Promise<void>;
}

function whichRedisServer(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout?.trim();
  return found.status === 0 && path ? path : null;
}

/**
 * A private redis-server pinned to `cpu` (the load generator's core: in production Redis has a
 * machine of its own, and here it must not take the server's core), so the run neither disturbs
 * nor depends on a shared Redis; else TEST_REDIS_URL or the local Redis; else null (no row).
 */
export async function benchRedis(cpu: string | undefined): Promise<BenchRedis | null> {
  const binary = whichRedisServer();
  if (binary) {
    const redis = await startRedisServer(binary);
    const pid = String(redis.process.pid);
    const pinned =
      !!cpu && spawnSync('taskset', ['-p', '-c', cpu, pid], { stdio: 'ignore' }).status === 0;
    // Beside a busy load generator it would wait for its core at every batch, and the row would
    // measure that wait: real-time priority lets it answer at once (its own CPU use is small).
    const prompt =
      pinned && spawnSync('chrt', ['-f', '-p', '10', pid], { stdio: 'ignore' }).status === 0;
    return {
      url: redis.url,
      source: `private redis-server${pinned ? ` on CPU ${cpu}` : ''}${prompt ? ', SCHED_FIFO' : ''}`,
      stop: redis.kill,
    };
  }
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await answersPing(url)) return { url, source: url, stop: async () => undefined };
  return null;
}

export function redisPointsEndpoint(manifest: DatasetManifest, connections: number): Endpoint {
  return {
    id: REDIS_ROW,
    label: '/v1/points/:g, REDIS_URL',
    target: 'api',
    via: 'redis',
    paths: manifest.withPoints.map((g) => `/v1/points/${g}`),
    connections,
    timeoutS: 10,
  };
}

/** Median over rounds of (points with Redis) / (points without) in the same round. */
export function redisRatio(rows: readonly Row[]): { median: number; rounds: number[] } | null {
  const withRedis = rows.find((row) => row.id === REDIS_ROW);
  const without = rows.find((row) => row.id === 'points');
  if (!withRedis || !without) return null;
  const rounds = withRedis.rounds.map((round) => {
    const same = without.rounds.find((other) => other.round === round.round);
    return same && same.rps > 0 ? round.rps / same.rps : 0;
  });
  return { median: median(rounds), rounds };
}

/**
 * What would make the Redis row meaningless, or null: the server must count in Redis (readiness
 * says so) and show the limited key's budget on its answers.
 */
export async function redisRowProblem(
  url: string,
  path: string,
  key: string,
): Promise<string | null> {
  const ready = (await (await fetch(`${url}/readyz`)).json()) as { redis?: string };
  if (ready.redis !== 'ok') return `${REDIS_ROW}: /readyz says redis ${ready.redis}`;
  const answer = await fetch(url + path, { headers: { authorization: key } });
  await answer.arrayBuffer();
  const limit = answer.headers.get('x-ratelimit-limit');
  if (answer.status !== 200 || limit !== String(HIGH_LIMIT)) {
    return `${REDIS_ROW}: ${path} answered ${answer.status} with x-ratelimit-limit ${limit}`;
  }
  return null;
}
