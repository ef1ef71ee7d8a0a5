import type { DatasetManifest } from './dataset.js';

export interface Endpoint {
  id: string;
  label: string;
  /**
   * Which server answers: the real one, baseline A, baseline F (bare Fastify), or the real one
   * with DISCORD_PUBLIC_KEY set, sent signed interactions (its own process, so the others'
   * memory figures stay as is).
   */
  target: 'api' | 'baseline' | 'fastify' | 'interactions' | 'peer' | 'variant';
  /** For `variant`: which library is put back in housecup (variants/start.mjs). */
  variant?: Variant;
  /**
   * 'redis': the real server started with REDIS_URL, read with a limited key (redis.ts);
   * 'postgres': the real server started with DATABASE_URL on a copy of the dataset (postgres.ts).
   */
  via?: 'redis' | 'postgres';
  /**
   * Request paths; each request picks one, so answers come from many guilds. For
   * `interactions`, the guilds the signed interactions come from (signed afresh per run).
   */
  paths: string[];
  connections: number;
  timeoutS: number;
  /** What a 200 carries (default JSON): checked before the load, per row. */
  body?: 'json' | 'png' | 'html';
}

/** The baseline's two routes: the reference every ratio is taken to, and a 21.7 KB body. */
export const BASELINE_SMALL: Endpoint = {
  id: 'A-small',
  label: 'A: node:http, 111 B constant',
  target: 'baseline',
  paths: ['/'],
  connections: 32,
  timeoutS: 10,
};
export const BASELINE_LARGE: Endpoint = {
  id: 'A-large',
  label: 'A: node:http, 21.7 KB constant',
  target: 'baseline',
  paths: ['/large'],
  connections: 32,
  timeoutS: 10,
};

/**
 * Baseline F (fastify-baseline.mjs): A's two bodies from bare Fastify, what the framework leaves
 * of A before housecup does anything.
 */
export const FASTIFY_SMALL: Endpoint = {
  ...BASELINE_SMALL,
  id: 'F-small',
  label: 'F: bare Fastify, 111 B constant',
  target: 'fastify',
};
export const FASTIFY_LARGE: Endpoint = {
  ...BASELINE_LARGE,
  id: 'F-large',
  label: 'F: bare Fastify, 21.7 KB constant',
  target: 'fastify',
};

/** The API endpoints to load, aimed at guilds for which each answers 200. */
export function apiEndpoints(manifest: DatasetManifest, connections: number): Endpoint[] {
  const api = (id: string, label: string, paths: string[], conns = connections): Endpoint => {
    if (paths.length === 0) throw new Error(`dataset has no guild for ${label}`);
    return { id, label, target: 'api', paths, connections: conns, timeoutS: 10 };
  };
  const sized = (size: number) => manifest.guildsBySize[String(size)] ?? [];
  const endpoints = [
    api(
      'points',
      '/v1/points/:g',
      manifest.withPoints.map((g) => `/v1/points/${g}`),
    ),
    api(
      'premium',
      '/v1/premium/:g (active)',
      manifest.premiumActive.map((g) => `/v1/premium/${g}`),
    ),
    api('players-area', '/v1/players (area)', ['/v1/players']),
    api(
      'players-10',
      '/v1/players/:g (10)',
      sized(10).map((g) => `/v1/players/${g}`),
    ),
    api(
      'players-100',
      '/v1/players/:g (100)',
      sized(100).map((g) => `/v1/players/${g}`),
    ),
    api(
      'players-1000',
      '/v1/players/:g (1,000)',
      sized(1000).map((g) => `/v1/players/${g}`),
    ),
    api(
      'player-member',
      '/v1/players/:g/:u',
      manifest.members.map(([g, u]) => `/v1/players/${g}/${u}`),
    ),
    api(
      'jobs',
      '/v1/jobs/:g',
      manifest.withJobs.map((g) => `/v1/jobs/${g}`),
    ),
  ];
  // The house cup (issues 21, 22), all on the race guild: a year of hourly history.
  const race = manifest.race.guildId;
  endpoints.push(
    api('history-year', '/v1/points/:g/history?step=day (a year)', [
      `/v1/points/${race}/history?step=day&from=${manifest.race.from}`,
    ]),
    api('history-48h', '/v1/points/:g/history?step=hour (48 h)', [
      `/v1/points/${race}/history?step=hour`,
    ]),
    { ...api('chart', '/v1/points/:g/chart.png', [`/v1/points/${race}/chart.png`]), body: 'png' },
    { ...api('cup-page', '/cup/:g (public page)', [`/cup/${race}`]), body: 'html' },
  );
  endpoints.push({
    id: 'interactions-premium',
    label: 'POST /interactions (/premium, signed)',
    target: 'interactions',
    paths: manifest.withPoints.slice(0, 200),
    connections,
    timeoutS: 10,
  });
  if (sized(50_000).length > 0) {
    // Each answer is about 8 MB: a few connections keep the test about the server, not about
    // queueing megabytes in socket buffers; the long timeout lets a slow (unstreamed) list finish.
    endpoints.push({
      ...api(
        'players-50000',
        '/v1/players/:g (50,000)',
        sized(50_000).map((g) => `/v1/players/${g}`),
        4,
      ),
      timeoutS: 60,
    });
  }
  return endpoints;
}

/** housecup's rows the peer (peer.mjs) implements too: each gets a `peer-` twin in every round. */
const PEER_ROWS = [
  'points',
  'points-redis',
  'premium',
  'players-10',
  'players-100',
  'players-1000',
  'player-member',
  'jobs',
  'points-postgres',
  'players-100-postgres',
];

/** The peer's twin of each row it implements: the same paths, the same key, the same store. */
export function peerEndpoints(endpoints: readonly Endpoint[]): Endpoint[] {
  return endpoints
    .filter((endpoint) => PEER_ROWS.includes(endpoint.id))
    .map((endpoint) => ({
      ...endpoint,
      id: `peer-${endpoint.id}`,
      label: `peer: ${endpoint.label}`,
      target: 'peer' as const,
    }));
}

/**
 * The libraries housecup replaced with parts of its own, each put back in its place by
 * variants/start.mjs: @fastify/rate-limit (for the key limiter), Fastify's per-request log lines (for
 * app.ts' one line), and pino's destination written line by line with Fastify's child logger
 * per request (for log-stream.ts and request-logger.ts, which together write that line).
 */
export const VARIANTS = ['rate-limit', 'fastify-log', 'log-per-line'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * housecup on /v1/points/:g with a limited key (the bench key is exempt, so no limiter would
 * count it): the row each variant runs beside, every round.
 */
export const LIMITED_ROW = 'points-limited';

/** The limited-key row and one row per variant, all on the paths of `points`. */
export function variantEndpoints(points: Endpoint): Endpoint[] {
  return [
    { ...points, id: LIMITED_ROW, label: `${points.label}, a limited key` },
    ...VARIANTS.map((variant) => ({
      ...points,
      id: `variant-${variant}`,
      label: `${points.label}, a limited key, ${variant} in place`,
      target: 'variant' as const,
      variant,
    })),
  ];
}
