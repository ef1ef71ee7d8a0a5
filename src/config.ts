import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be from 0 to 65535')
  .max(65535, 'must be from 0 to 65535');

const envSchema = z.object({
  DATABASE_PATH: z.string().min(1, 'must not be empty').default('data/housecup.db'),
  DEMO_DATA: booleanFlag.default(true),
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
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' }),
      ),
    ),
  DISCORD_TOKEN: z.string().optional(),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a Discord snowflake (digits)')
    .optional(),
  DISCORD_REST_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://discord.com/api'),
});

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL'];

export interface Config {
  databasePath: string;
  demoData: boolean;
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
  /** Browser origins allowed by CORS; empty = CORS off. */
  corsOrigins: string[];
  discord: {
    token: string | undefined;
    applicationId: string | undefined;
    restUrl: string;
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
  return {
    databasePath: e.DATABASE_PATH,
    demoData: e.DEMO_DATA,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    failureLimitPerMinute: e.FAILURE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    metrics: e.METRICS,
    cacheMaxAge: e.CACHE_MAX_AGE,
    corsOrigins: e.CORS_ORIGINS,
    discord: {
      token: e.DISCORD_TOKEN,
      applicationId: e.DISCORD_APPLICATION_ID,
      restUrl: e.DISCORD_REST_URL,
    },
  };
}
