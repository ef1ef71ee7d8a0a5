import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { type RunningService, startService } from '../../src/start.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { until } from '../support/eventually.js';

/** A key prefix no other test (or deployment) uses: each test counts in a Redis of its own. */
export function testPrefix(): string {
  return `housecup-test:${randomUUID()}:`;
}

/** Every key under `prefix`, found with SCAN (never KEYS, never a flush). */
export async function keysUnder(url: string, prefix: string): Promise<string[]> {
  const client = createClient({ url });
  await client.connect();
  try {
    const found: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
      found.push(...batch);
    }
    return found;
  } finally {
    client.destroy();
  }
}

/** Deletes what a test wrote under its prefix, and only that. */
export async function deleteKeysUnder(url: string, prefix: string): Promise<void> {
  const keys = await keysUnder(url, prefix);
  if (keys.length === 0) return;
  const client = createClient({ url });
  await client.connect();
  try {
    await client.del(keys);
  } finally {
    client.destroy();
  }
}

export interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

export interface Node extends RunningService {
  /** Every line this node logged, parsed. */
  logs(): LogLine[];
}

export interface Nodes {
  database: TestDatabase;
  nodes: Node[];
  stop(): Promise<void>;
}

/**
 * `count` real services (startService, as `npm start` runs it) over one SQLite file holding
 * `data`, each on a loopback port of its own, configured by `env` (REDIS_URL, limits...).
 */
export async function startNodes(
  count: number,
  data: unknown,
  env: Record<string, string>,
): Promise<Nodes> {
  const database = await openTestDatabase(data);
  const nodes: Node[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    database.cleanup();
  };
  try {
    for (let i = 0; i < count; i++) {
      const raw: string[] = [];
      const logger = createLogger({
        level: 'info',
        destination: { write: (line: string) => void raw.push(line) },
      });
      const config = loadConfig({
        DATABASE_PATH: database.path,
        DEMO_DATA: 'false',
        PORT: '0',
        ...env,
      });
      const service = await startService(config, logger, {
        onFirstKey: () => undefined,
        onDamaged: (error) => raw.push(JSON.stringify({ level: 60, msg: error.message })),
      });
      nodes.push({ ...service, logs: () => raw.map((line) => JSON.parse(line) as LogLine) });
      await untilReady(service.url);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { database, nodes, stop };
}

/** Waits until /readyz says 200: the database passed its check (start.ts runs it after listen). */
async function untilReady(url: string): Promise<void> {
  await until(async () => (await fetch(`${url}/readyz`)).status === 200, `${url} to be ready`);
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** A GET with `Authorization: <key>` (none when null). */
export async function get(url: string, key: string | null): Promise<Answer> {
  const response = await fetch(url, { headers: key === null ? {} : { authorization: key } });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The rate-limit headers of an answer, as the in-memory limiter would set them. */
export function budgetHeaders(answer: Answer) {
  return {
    limit: answer.headers.get('x-ratelimit-limit'),
    remaining: answer.headers.get('x-ratelimit-remaining'),
    reset: answer.headers.get('x-ratelimit-reset'),
    retryAfter: answer.headers.get('retry-after'),
  };
}
