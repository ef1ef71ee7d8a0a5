import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      databasePath: 'data/housecup.db',
      demoData: true,
      host: '127.0.0.1',
      port: 3000,
      logLevel: 'info',
      rateLimitPerMinute: 600,
      failureLimitPerMinute: 120,
      redisUrl: undefined,
      redisKeyPrefix: 'housecup:',
      metrics: false,
      cacheMaxAge: 5,
      corsOrigins: [],
      discord: { token: undefined, applicationId: undefined, restUrl: 'https://discord.com/api' },
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
    });
    expect(loadConfig({ PORT: '', DISCORD_TOKEN: '' })).toMatchObject({
      port: 3000,
      discord: { token: undefined },
    });
  });

  it.each([
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
    [{ REDIS_URL: 'http://cache:6379' }, 'Invalid REDIS_URL: must be a redis:// or rediss:// URL'],
    [{ REDIS_URL: 'cache:6379' }, 'Invalid REDIS_URL: must be a redis:// or rediss:// URL'],
    [{ REDIS_KEY_PREFIX: 'a b' }, 'Invalid REDIS_KEY_PREFIX: must have no blanks'],
    [{ DISCORD_REST_URL: 'ftp://x' }, 'Invalid DISCORD_REST_URL: must be an http(s) URL'],
    [
      { DISCORD_APPLICATION_ID: 'abc' },
      'Invalid DISCORD_APPLICATION_ID: must be a Discord snowflake (digits)',
    ],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
