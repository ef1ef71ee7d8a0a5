import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readSignedRequest } from './interactions.js';
import type { LoadOptions, LoadResult } from './load.js';

/*
 * The fallback load generator, for machines without wrk. It is installed on first use into the
 * bench's git-ignored tool folder rather than as a project dependency: the project does not
 * need it when wrk is there, and it runs in this very process, so it cannot be pinned to a core
 * and its numbers are lower-fidelity (hence the warning the runner prints).
 */

const VERSION = '8';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  throughput: { total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  pipelining: number;
  /** Requests per second per connection, at most (stands in for wrk's delay()). */
  connectionRate?: number;
  headers: Record<string, string>;
  requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;

async function loadAutocannon(toolsDir: string): Promise<Autocannon> {
  const entry = join(toolsDir, 'node_modules', 'autocannon', 'autocannon.js');
  if (!existsSync(entry)) {
    mkdirSync(toolsDir, { recursive: true });
    const npm = spawnSync(
      'npm',
      ['install', '--prefix', toolsDir, '--no-audit', '--no-fund', `autocannon@${VERSION}`],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (npm.status !== 0 || !existsSync(entry)) {
      throw new Error('neither wrk nor autocannon is available: install wrk (apt-get install wrk)');
    }
  }
  const module = (await import(pathToFileURL(entry).href)) as { default: Autocannon };
  return module.default;
}

export function createAutocannon(toolsDir: string): (options: LoadOptions) => Promise<LoadResult> {
  let loaded: Promise<Autocannon> | undefined;
  return async (options) => {
    loaded ??= loadAutocannon(toolsDir);
    const autocannon = await loaded;
    const paths = readFileSync(options.pathsFile, 'utf8').split('\n').filter(Boolean);
    let sent = 0;
    const headers: Record<string, string> = options.authorization
      ? { authorization: options.authorization }
      : {};
    const result = await autocannon({
      url: options.url,
      connections: options.connections,
      duration: options.durationS,
      timeout: options.timeoutS,
      pipelining: 1,
      ...(options.delayMs ? { connectionRate: 1000 / options.delayMs } : {}),
      headers,
      requests: [
        {
          setupRequest: (request) => {
            if (!options.signed) {
              return { ...request, path: paths[Math.floor(Math.random() * paths.length)] ?? '/' };
            }
            // In order and never again: the server answers each interaction id once.
            const line = paths[sent++] ?? paths.at(-1) ?? '';
            const signed = readSignedRequest(line);
            return {
              ...request,
              method: 'POST',
              path: signed.path,
              headers: { ...request.headers, ...signed.headers },
              body: signed.body,
            };
          },
        },
      ],
    });
    const requests = result.requests.total;
    return {
      requests,
      durationS: result.duration,
      rps: requests / result.duration,
      bytesPerResponse: requests > 0 ? result.throughput.total / requests : 0,
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      non2xx: result.non2xx,
      socketErrors: result.errors + result.timeouts,
      ranOut: Math.max(0, sent - paths.length),
    };
  };
}
