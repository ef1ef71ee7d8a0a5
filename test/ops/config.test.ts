import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      databasePath: 'data/housecup.db',
      demoData: true,
      autoFirstKey: true,
      host: '127.0.0.1',
      port: 3000,
      logLevel: 'info',
      rateLimitPerMinute: 600,
      failureLimitPerMinute: 120,
      redisUrl: undefined,
      redisKeyPrefix: 'housecup:',
      metrics: false,
      cacheMaxAge: 5,
      historyDays: 400,
      live: { editIntervalMs: 10_000, leaseMs: 30_000 },
      publicUrl: 'http://127.0.0.1:3000',
      publicLimitPerMinute: 120,
      publicStreamsPerAddress: 5,
      rendersPerMinute: 60,
      // One core is left to the event loop.
      renderConcurrency: Math.max(1, availableParallelism() - 1),
      renderQueue: 8,
      trustProxy: [],
      corsOrigins: [],
      eventStreamsPerKey: 20,
      eventKeepAliveSeconds: 25,
      webhooks: { allowHttp: false, allowPrivate: false },
      discord: {
        token: undefined,
        applicationId: undefined,
        restUrl: 'https://discord.com/api',
        publicKey: undefined,
        shards: 'auto',
        shardCount: undefined,
      },
    });
  });

  it('reads every variable, and treats an empty one as unset', () => {
    const config = loadConfig({
      DATABASE_PATH: '/tmp/x.db',
      DEMO_DATA: 'false',
      HOST: '0.0.0.0',
      PORT: '8080',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      REDIS_URL: 'redis://:secret@cache:6379/2',
      REDIS_KEY_PREFIX: 'hc-test:',
      METRICS: 'true',
      CACHE_MAX_AGE: '0',
      CORS_ORIGINS: 'https://a.example, http://localhost:5173',
      DISCORD_TOKEN: 'token',
      DISCORD_APPLICATION_ID: '123',
      DISCORD_REST_URL: 'http://127.0.0.1:9999/api/',
      DISCORD_PUBLIC_KEY: `${'AB'.repeat(16)}${'0c'.repeat(16)}`,
      DISCORD_SHARDS: '1, 3,1',
      DISCORD_SHARD_COUNT: '4',
      PORT_UNUSED: '',
    });
    expect(config).toMatchObject({
      databasePath: '/tmp/x.db',
      demoData: false,
      host: '0.0.0.0',
      port: 8080,
      logLevel: 'warn',
      rateLimitPerMinute: 0,
      redisUrl: 'redis://:secret@cache:6379/2',
      redisKeyPrefix: 'hc-test:',
    });
    expect(config.discord).toEqual({
      token: 'token',
      applicationId: '123',
      restUrl: 'http://127.0.0.1:9999/api',
      publicKey: `${'ab'.repeat(16)}${'0c'.repeat(16)}`,
      shards: [1, 3],
      shardCount: 4,
    });
    // `auto` with a count runs every shard of that count here; without one, Discord's advice.
    expect(loadConfig({ DISCORD_SHARDS: 'auto', DISCORD_SHARD_COUNT: '2' }).discord).toMatchObject({
      shards: 'auto',
      shardCount: 2,
    });
    expect(loadConfig({ PORT: '', DISCORD_TOKEN: '' })).toMatchObject({
      port: 3000,
      discord: { token: undefined },
    });
  });

  it.each<[Record<string, string>, string]>([
    [{ PORT: 'abc' }, 'Invalid PORT: must be a port number'],
    [{ PORT: '70000' }, 'Invalid PORT: must be from 0 to 65535'],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, 'Invalid RATE_LIMIT_PER_MINUTE: must be 0 (off) or more'],
    [{ DEMO_DATA: 'maybe' }, 'Invalid DEMO_DATA: must be true or false'],
    [
      { CORS_ORIGINS: 'https://ok.example, nope' },
      'Invalid CORS_ORIGINS: must be a comma-separated list of http(s) origins',
    ],
    [{ CACHE_MAX_AGE: '1.5' }, 'Invalid CACHE_MAX_AGE: must be a whole number of seconds'],
    [{ METRICS: 'on' }, 'Invalid METRICS: must be true or false'],
    [{ AUTO_FIRST_KEY: 'sometimes' }, 'Invalid AUTO_FIRST_KEY: must be true or false'],
    ...['true', '*', 'proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8', '10.0.0.0/x'].map(
      (value): [Record<string, string>, string] => [
        { TRUST_PROXY: `127.0.0.1,${value}` },
        'Invalid TRUST_PROXY: must be a comma-separated list of proxy addresses or CIDR blocks',
      ],
    ),
    [{ REDIS_URL: 'http://cache:6379' }, 'Invalid REDIS_URL: must be a redis:// or rediss:// URL'],
    [{ REDIS_URL: 'cache:6379' }, 'Invalid REDIS_URL: must be a redis:// or rediss:// URL'],
    [{ REDIS_KEY_PREFIX: 'a b' }, 'Invalid REDIS_KEY_PREFIX: must have no blanks'],
    [{ RENDERS_PER_MINUTE: '-1' }, 'Invalid RENDERS_PER_MINUTE: must be 0 (no limit) or more'],
    [
      { RENDER_CONCURRENCY: '0' },
      'Invalid RENDER_CONCURRENCY: must be a whole number of 1 or more',
    ],
    [{ RENDER_QUEUE: '2.5' }, 'Invalid RENDER_QUEUE: must be a whole number'],
    [{ DISCORD_REST_URL: 'ftp://x' }, 'Invalid DISCORD_REST_URL: must be an http(s) URL'],
    [
      { DISCORD_APPLICATION_ID: 'abc' },
      'Invalid DISCORD_APPLICATION_ID: must be a Discord snowflake (digits)',
    ],
    [
      { DISCORD_PUBLIC_KEY: 'ab'.repeat(31) },
      "Invalid DISCORD_PUBLIC_KEY: must be 64 hex characters (the application's public key)",
    ],
    [
      { DISCORD_PUBLIC_KEY: 'zz'.repeat(32) },
      "Invalid DISCORD_PUBLIC_KEY: must be 64 hex characters (the application's public key)",
    ],
    [
      { DISCORD_SHARDS: 'some' },
      'Invalid DISCORD_SHARDS: must be auto or a list of shard ids such as 0,1',
    ],
    [
      { DISCORD_SHARDS: '0,-1', DISCORD_SHARD_COUNT: '2' },
      'Invalid DISCORD_SHARDS: must be auto or a list of shard ids such as 0,1',
    ],
    [
      { DISCORD_SHARD_COUNT: '0' },
      'Invalid DISCORD_SHARD_COUNT: must be a whole number of 1 or more',
    ],
    [
      { DISCORD_SHARDS: '0,1' },
      'Invalid DISCORD_SHARD_COUNT: must be set when DISCORD_SHARDS lists shard ids',
    ],
    [
      { DISCORD_SHARDS: '0,2', DISCORD_SHARD_COUNT: '2' },
      'Invalid DISCORD_SHARDS: shard 2 is not below DISCORD_SHARD_COUNT (2)',
    ],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads TRUST_PROXY as a list of addresses, CIDR blocks and named ranges', () => {
    expect(
      loadConfig({ TRUST_PROXY: ' 127.0.0.1, ::1 ,10.0.0.0/8,fd00::/8,,uniquelocal' }),
    ).toMatchObject({
      trustProxy: ['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8', 'uniquelocal'],
    });
    expect(loadConfig({ AUTO_FIRST_KEY: 'false' }).autoFirstKey).toBe(false);
  });
});
