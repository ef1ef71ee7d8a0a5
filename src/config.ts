import { availableParallelism } from 'node:os';
import {
  anyText,
  flag,
  list,
  mapped,
  matching,
  number,
  oneOf,
  optional,
  url,
  ValueProblem,
  type Variable,
  whole,
  withDefault,
} from './env-values.js';
import { isTrustedProxyEntry } from './trusted-proxies.js';

const port = number({
  notNumber: 'must be a port number',
  notWhole: 'must be a whole number',
  min: [0, 'must be from 0 to 65535'],
  max: [65535, 'must be from 0 to 65535'],
});

/** A whole number of 0 or more; `zero` says what 0 means. */
const count = (zero: string, unit = 'must be a whole number') =>
  whole(unit, [0, `must be 0${zero} or more`]);

/** Milliseconds from `min` to 600000. */
const milliseconds = (min: number) => {
  const range = `must be from ${min} to 600000`;
  return whole('must be a whole number of milliseconds', [min, range], [600_000, range]);
};

const httpUrl = url(['http', 'https'], 'must be an http(s) URL');
const withoutTrailingSlash = (text: string) => text.replace(/\/+$/, '');

/**
 * The render budgets' defaults. Renders at once: one core is left to the event loop, which
 * answers everything else, since each render takes a chart worker's thread beside it (2 cores:
 * 1 render).
 */
export const RENDER_DEFAULTS = {
  perMinute: 60,
  concurrency: Math.max(1, availableParallelism() - 1),
  queue: 8,
} as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every variable, in the order a problem is reported: its reader and what unset means. */
const VARIABLES = {
  DATABASE_PATH: withDefault(anyText, 'data/housecup.db'),
  DATABASE_URL: optional(
    url(
      ['postgres', 'postgresql'],
      'must be a postgres:// URL (e.g. postgres://user:password@host:5432/housecup)',
    ),
  ),
  DEMO_DATA: withDefault(flag, true),
  AUTO_FIRST_KEY: withDefault(flag, true),
  HOST: withDefault(anyText, '127.0.0.1'),
  PORT: withDefault(port, 3000),
  LOG_LEVEL: withDefault(oneOf(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  RATE_LIMIT_PER_MINUTE: withDefault(count(' (off)'), 600),
  FAILURE_LIMIT_PER_MINUTE: withDefault(count(' (off)'), 120),
  REDIS_URL: optional(url(['redis', 'rediss'], 'must be a redis:// or rediss:// URL')),
  REDIS_KEY_PREFIX: withDefault(
    matching(/^\S+$/, 'must have no blanks', [100, 'must be at most 100 characters']),
    'housecup:',
  ),
  METRICS: withDefault(flag, false),
  CACHE_MAX_AGE: withDefault(count('', 'must be a whole number of seconds'), 5),
  TRUST_PROXY: withDefault(
    list(
      matching(
        { test: isTrustedProxyEntry },
        'must be a comma-separated list of proxy addresses or CIDR blocks (e.g. 127.0.0.1,10.0.0.0/8), or loopback, linklocal, uniquelocal',
      ),
    ),
    [],
  ),
  CORS_ORIGINS: withDefault(
    list(url(['http', 'https'], 'must be a comma-separated list of http(s) origins')),
    [],
  ),
  EVENT_STREAMS_PER_KEY: withDefault(count(' (no limit)'), 20),
  EVENT_KEEP_ALIVE_SECONDS: withDefault(
    number({
      notNumber: 'must be a number of seconds',
      min: [0, 'must be more than 0', 'exclusive'],
      max: [25, 'must be at most 25 (proxies close streams idle longer than that)'],
    }),
    25,
  ),
  PUBLIC_URL: optional(mapped(httpUrl, withoutTrailingSlash)),
  PUBLIC_LIMIT_PER_MINUTE: withDefault(count(' (no limit)'), 120),
  PUBLIC_STREAMS_PER_ADDRESS: withDefault(count(' (no limit)'), 5),
  RENDERS_PER_MINUTE: withDefault(count(' (no limit)'), RENDER_DEFAULTS.perMinute),
  RENDER_CONCURRENCY: withDefault(
    whole('must be a whole number of 1 or more', [1, 'must be a whole number of 1 or more']),
    RENDER_DEFAULTS.concurrency,
  ),
  RENDER_QUEUE: withDefault(count(' (no waiting)'), RENDER_DEFAULTS.queue),
  HISTORY_DAYS: withDefault(count(' (keep everything)', 'must be a whole number of days'), 400),
  LIVE_EDIT_INTERVAL_MS: withDefault(milliseconds(500), 10_000),
  LIVE_LEASE_MS: withDefault(milliseconds(1_500), 30_000),
  WEBHOOK_ALLOW_HTTP: withDefault(flag, false),
  WEBHOOK_ALLOW_PRIVATE: withDefault(flag, false),
  DISCORD_TOKEN: optional(anyText),
  DISCORD_APPLICATION_ID: optional(matching(/^\d{1,20}$/, 'must be a Discord snowflake (digits)')),
  DISCORD_REST_URL: withDefault(mapped(httpUrl, withoutTrailingSlash), 'https://discord.com/api'),
  DISCORD_PUBLIC_KEY: optional(
    mapped(
      matching(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (the application's public key)"),
      (key) => key.toLowerCase(),
    ),
  ),
  DISCORD_SHARDS: withDefault(
    mapped(
      matching(
        /^(auto|\d{1,5}(\s*,\s*\d{1,5})*)$/,
        'must be auto or a list of shard ids such as 0,1',
      ),
      (value): 'auto' | number[] =>
        value === 'auto' ? 'auto' : [...new Set(value.split(',').map((id) => Number(id.trim())))],
    ),
    'auto',
  ),
  DISCORD_SHARD_COUNT: optional(
    whole(
      'must be a whole number of 1 or more',
      [1, 'must be a whole number of 1 or more'],
      [65_535, 'must be at most 65535'],
    ),
  ),
} satisfies Record<string, Variable<unknown>>;

type Environment = { [Name in keyof typeof VARIABLES]: ReturnType<(typeof VARIABLES)[Name]> };

/** Each variable read in order; the first that is not what it asks for stops the start. */
function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const read: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(VARIABLES)) {
    // An empty value (`PORT=` in .env) means "use the default", as .env.example shows.
    const text = env[name] === '' ? undefined : env[name];
    try {
      read[name] = (variable as Variable<unknown>)(text);
    } catch (error) {
      if (!(error instanceof ValueProblem)) throw error;
      throw new ConfigError(`Invalid ${name}: ${error.message}`);
    }
  }
  return read as Environment;
}

/** The shard settings must agree with each other: checked after each variable on its own. */
function shardProblem(shards: 'auto' | number[], count: number | undefined): string | undefined {
  if (shards === 'auto') return undefined;
  if (count === undefined) {
    return 'Invalid DISCORD_SHARD_COUNT: must be set when DISCORD_SHARDS lists shard ids';
  }
  const outside = shards.find((id) => id >= count);
  if (outside !== undefined) {
    return `Invalid DISCORD_SHARDS: shard ${outside} is not below DISCORD_SHARD_COUNT (${count})`;
  }
  return undefined;
}

/** Every variable housecup reads (and `.env.example` lists): the tests keep them out of their runs. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(VARIABLES);

export interface Config {
  databasePath: string;
  /** PostgreSQL's URL: when set, the store (and DATABASE_PATH is ignored). */
  databaseUrl: string | undefined;
  demoData: boolean;
  /** Create an API key when this start creates the database (and only then). */
  autoFirstKey: boolean;
  host: string;
  port: number;
  logLevel: LogLevel;
  rateLimitPerMinute: number;
  /** Failed requests (bad key, unknown path) per client address per minute; 0 = no limit. */
  failureLimitPerMinute: number;
  /** Redis holding the rate-limit budgets shared by every node; unset = budgets in memory. */
  redisUrl: string | undefined;
  /** Starts every Redis key this node writes; nodes that share budgets share it. */
  redisKeyPrefix: string;
  /** Serve Prometheus metrics at /metrics. */
  metrics: boolean;
  /** `Cache-Control: private, max-age=N` on data answers. */
  cacheMaxAge: number;
  /** Days of points history kept (HISTORY_DAYS); 0 keeps everything. */
  historyDays: number;
  /**
   * Where the public scoreboard pages are reached from outside (PUBLIC_URL, docs/scoreboard.md), no
   * trailing slash.
   */
  publicUrl: string;
  /** Requests per minute per client address on the public pages; 0 = no limit. */
  publicLimitPerMinute: number;
  /** Open public event streams per client address; 0 = no limit. */
  publicStreamsPerAddress: number;
  /** Uncached chart renders per API key (per client address on public pages) per minute; 0 = no limit. */
  rendersPerMinute: number;
  /** Charts rendered at once on this node (API, public pages and bot together). */
  renderConcurrency: number;
  /** Renders that may wait for a slot; an API or page request past them gets 429. */
  renderQueue: number;
  /**
   * Addresses and CIDR blocks of reverse proxies whose X-Forwarded-For is believed; empty = none
   * (the client address is the socket's).
   */
  trustProxy: string[];
  /** Browser origins allowed by CORS; empty = CORS off. */
  corsOrigins: string[];
  /** Open event streams per key, across nodes with REDIS_URL; 0 = no limit. */
  eventStreamsPerKey: number;
  /** Seconds between `: keep-alive` comments on an event stream (at most 25). */
  eventKeepAliveSeconds: number;
  /**
   * The live scoreboards in Discord: at most one edit per message per `editIntervalMs`; a node's
   * hold on a message lasts `leaseMs` unless renewed.
   */
  live: { editIntervalMs: number; leaseMs: number };
  webhooks: {
    /** WEBHOOK_ALLOW_HTTP: subscriptions may use http:// URLs (tests, closed networks). */
    allowHttp: boolean;
    /** WEBHOOK_ALLOW_PRIVATE: and reach loopback, private, link-local… addresses. */
    allowPrivate: boolean;
  };
  discord: {
    token: string | undefined;
    applicationId: string | undefined;
    restUrl: string;
    /** Lower-case hex; when set, `POST /interactions` answers Discord's signed requests. */
    publicKey: string | undefined;
    /**
     * Gateway shards this process runs: `auto` (as many as Discord recommends, or all of
     * `shardCount` when that is set) or the listed ids out of `shardCount`.
     */
    shards: 'auto' | number[];
    shardCount: number | undefined;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the environment. Throws a ConfigError whose message is one line
 * naming the first bad variable, so start-up can print it and stop.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = readEnvironment(env);
  const shardError = shardProblem(e.DISCORD_SHARDS, e.DISCORD_SHARD_COUNT);
  if (shardError) throw new ConfigError(shardError);
  return {
    databasePath: e.DATABASE_PATH,
    databaseUrl: e.DATABASE_URL,
    demoData: e.DEMO_DATA,
    autoFirstKey: e.AUTO_FIRST_KEY,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    failureLimitPerMinute: e.FAILURE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    metrics: e.METRICS,
    cacheMaxAge: e.CACHE_MAX_AGE,
    historyDays: e.HISTORY_DAYS,
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`,
    publicLimitPerMinute: e.PUBLIC_LIMIT_PER_MINUTE,
    publicStreamsPerAddress: e.PUBLIC_STREAMS_PER_ADDRESS,
    rendersPerMinute: e.RENDERS_PER_MINUTE,
    renderConcurrency: e.RENDER_CONCURRENCY,
    renderQueue: e.RENDER_QUEUE,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    eventStreamsPerKey: e.EVENT_STREAMS_PER_KEY,
    eventKeepAliveSeconds: e.EVENT_KEEP_ALIVE_SECONDS,
    live: { editIntervalMs: e.LIVE_EDIT_INTERVAL_MS, leaseMs: e.LIVE_LEASE_MS },
    webhooks: { allowHttp: e.WEBHOOK_ALLOW_HTTP, allowPrivate: e.WEBHOOK_ALLOW_PRIVATE },
    discord: {
      token: e.DISCORD_TOKEN,
      applicationId: e.DISCORD_APPLICATION_ID,
      restUrl: e.DISCORD_REST_URL,
      publicKey: e.DISCORD_PUBLIC_KEY,
      shards: e.DISCORD_SHARDS,
      shardCount: e.DISCORD_SHARD_COUNT,
    },
  };
}
