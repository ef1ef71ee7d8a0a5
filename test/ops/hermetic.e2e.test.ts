import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { cleanEnv, copyFiles, repositoryFiles } from './support/production-tree.js';

/*
 * The suite is hermetic (test/support/hermetic.ts): a contributor's `.env` in the checkout and
 * the housecup variables of their shell change no test's result. Shown on a copy of the checkout
 * holding a `.env` of unusual values, with more of them in the environment, where the suite's
 * own CLI and server tests run and must pass: each value below would fail one of them were it
 * read (a webhook URL over http:// accepted, a database that is not there, a limit of one
 * request a minute, a port nothing can bind…).
 */

const UNUSUAL = {
  DATABASE_PATH: '/nonexistent/housecup.db',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
  REDIS_URL: 'redis://127.0.0.1:1',
  HOST: '203.0.113.7',
  PORT: '1',
  LOG_LEVEL: 'trace',
  RATE_LIMIT_PER_MINUTE: '1',
  FAILURE_LIMIT_PER_MINUTE: '1',
  DEMO_DATA: 'true',
  AUTO_FIRST_KEY: 'false',
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  DISCORD_TOKEN: 'a-token-of-the-contributor',
  DISCORD_REST_URL: 'http://127.0.0.1:1/api',
  METRICS: 'true',
  CACHE_MAX_AGE: '999',
  PUBLIC_URL: 'https://cup.example.invalid',
  CORS_ORIGINS: 'https://dashboard.example.invalid',
};

/** The suites run in the copy: the CLI's (webhooks, keys, a missing database) and the server's. */
const SUITES = [
  'test/cli/webhooks.test.ts',
  'test/cli/keys.test.ts',
  'test/cli/missing-database.test.ts',
  'test/http/contract.test.ts',
  'test/ops/health.test.ts',
];

let copy: string;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'housecup-hermetic-'));
  copyFiles(repositoryFiles(), copy);
  symlinkSync(join(packageRoot, 'node_modules'), join(copy, 'node_modules'));
  writeFileSync(
    join(copy, '.env'),
    Object.entries(UNUSUAL)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

it("passes the CLI's and the server's suites with a .env of unusual values and more in the shell", () => {
  const vitest = join(
    dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
    'vitest.mjs',
  );
  const shell = { ...UNUSUAL, DATABASE_PATH: join(copy, 'nope', 'x.db'), HOUSECUP_MODE: 'odd' };
  // This process's own hermetic setup pointed dotenv away from .env: the run must do it itself.
  const env = cleanEnv(shell);
  delete env.DOTENV_CONFIG_PATH;
  env.NO_COLOR = '1';
  const run = spawnSync(process.execPath, [vitest, 'run', ...SUITES], {
    cwd: copy,
    env,
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(run.status, output.slice(-6_000)).toBe(0);
  expect(output).toMatch(new RegExp(`Test Files\\D+${SUITES.length} passed`));
});
