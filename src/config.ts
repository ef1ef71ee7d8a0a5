import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { isTrustedProxyEntry, splitList } from './trusted-proxies.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be from 0 to 65535')
  .max(65535, 'must be from 0 to 65535');

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

const envSchema = z.object({
  DATABASE_PATH: z.string().min(1, 'must not be empty').default('data/housecup.db'),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres:// URL (e.g. postgres://user:password@host:5432/housecup)',
    })
    .optional(),
  DEMO_DATA: booleanFlag.default(true),
  AUTO_FIRST_KEY: booleanFlag.default(true),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: port.default(3000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(600),
  FAILURE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(120),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(/^\S+$/, 'must have no blanks')
    .default('housecup:'),
  METRICS: booleanFlag.default(false),
  CACHE_MAX_AGE: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .default(5),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform(splitList)
    .refine((entries) => entries.every(isTrustedProxyEntry), {
      error:
        'must be a comma-separated list of proxy addresses or CIDR blocks (e.g. 127.0.0.1,10.0.0.0/8), or loopback, linklocal, uniquelocal',
    }),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform(splitList)
    .pipe(
      z.array(
        z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' }),
      ),
    ),
  EVENT_STREAMS_PER_KEY: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no limit) or more')
    .default(20),
  EVENT_KEEP_ALIVE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .positive('must be more than 0')
    .max(25, 'must be at most 25 (proxies close streams idle longer than that)')
    .default(25),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  PUBLIC_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no limit) or more')
    .default(120),
  PUBLIC_STREAMS_PER_ADDRESS: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no limit) or more')
    .default(5),
  RENDERS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no limit) or more')
    .default(RENDER_DEFAULTS.perMinute),
  RENDER_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number of 1 or more' })
    .int('must be a whole number of 1 or more')
    .min(1, 'must be a whole number of 1 or more')
    .default(RENDER_DEFAULTS.concurrency),
  RENDER_QUEUE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no waiting) or more')
    .default(RENDER_DEFAULTS.queue),
  HISTORY_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(0, 'must be 0 (keep everything) or more')
    .default(400),
  LIVE_EDIT_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(500, 'must be from 500 to 600000')
    .max(600_000, 'must be from 500 to 600000')
    .default(10_000),
  LIVE_LEASE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1_500, 'must be from 1500 to 600000')
    .max(600_000, 'must be from 1500 to 600000')
    .default(30_000),
  WEBHOOK_ALLOW_HTTP: booleanFlag.default(false),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  DISCORD_TOKEN: z.string().optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a Discord snowflake (digits)')
    .optional(),
  DISCORD_REST_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://discord.com/api'),
  DISCORD_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (the application's public key)")
    .transform((key) => key.toLowerCase())
    .optional(),
  DISCORD_SHARDS: z
    .string()
    .regex(/^(auto|\d{1,5}(\s*,\s*\d{1,5})*)$/, 'must be auto or a list of shard ids such as 0,1')
    .transform((value): 'auto' | number[] =>
      value === 'auto' ? 'auto' : [...new Set(value.split(',').map((id) => Number(id.trim())))],
    )
    .default('auto'),
  DISCORD_SHARD_COUNT: z.coerce
    .number({ error: 'must be a whole number of 1 or more' })
    .int('must be a whole number of 1 or more')
    .min(1, 'must be a whole number of 1 or more')
    .max(65_535, 'must be at most 65535')
    .optional(),
});

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
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL'];

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
  // An empty value (`PORT=` in .env) means "use the default", as .env.example shows.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
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
