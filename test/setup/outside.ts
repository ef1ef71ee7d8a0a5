import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { OUTSIDE, type OutsideFound, type OutsideName } from '../support/outside.js';
import {
  answersAsCreator,
  type PrivatePostgres,
  postgresBinaries,
  startPostgresServer,
} from '../support/postgres-server.js';
import { createMigratedTemplate, dropTemplate } from '../support/postgres-template.js';
import { answersPing, type PrivateRedis, startRedisServer } from '../support/redis-server.js';

/*
 * Vitest's global setup: finds the outside dependencies once for the whole run, and at the end
 * prints, loudly, every suite that did not run for want of one.
 */

function executable(path: string | undefined): string | null {
  if (!path) return null;
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return null;
  }
}

/** Started here when no PostgreSQL answers but its binaries are installed; stopped at the end. */
let privatePostgres: PrivatePostgres | undefined;

/**
 * TEST_DATABASE_URL when set; else a local server on 127.0.0.1:5432 that lets this user create
 * databases; else a private server started from the installed binaries for this run.
 */
async function findPostgres(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const users = [...new Set([userInfo().username, 'postgres'])];
  for (const user of users) {
    const url = `postgres://${user}@127.0.0.1:5432/postgres`;
    if (await answersAsCreator(url)) return url;
  }
  const bin = postgresBinaries();
  if (!bin) return null;
  privatePostgres = await startPostgresServer(bin);
  return privatePostgres.url;
}

const redisServerBinary = () =>
  executable(process.env.REDIS_SERVER_PATH) ?? executable('/usr/bin/redis-server');

/** Started here when no Redis answers but the binary is installed; stopped in the teardown. */
let privateRedis: PrivateRedis | undefined;

/**
 * TEST_REDIS_URL when set; else the usual local Redis (127.0.0.1:6379) if it answers; else a
 * private redis-server for this run. Suites never flush it: each writes under a prefix of its own
 * and deletes what it wrote.
 */
async function findRedis(): Promise<string | null> {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const local = 'redis://127.0.0.1:6379';
  if (await answersPing(local)) return local;
  const binary = redisServerBinary();
  if (!binary) return null;
  privateRedis = await startRedisServer(binary);
  return privateRedis.url;
}

const finders: Record<OutsideName, () => string | null | Promise<string | null>> = {
  chromium: () =>
    executable(process.env.CHROMIUM_PATH) ??
    executable('/usr/bin/chromium') ??
    executable('/usr/bin/chromium-browser'),
  'systemd-analyze': () =>
    executable(process.env.SYSTEMD_ANALYZE_PATH) ??
    executable('/usr/bin/systemd-analyze') ??
    executable('/bin/systemd-analyze'),
  postgresql: findPostgres,
  'postgresql-server': postgresBinaries,
  redis: findRedis,
  'redis-server': redisServerBinary,
};

export default async function setup(project: TestProject) {
  const found = Object.fromEntries(
    await Promise.all(Object.entries(finders).map(async ([name, find]) => [name, await find()])),
  ) as OutsideFound;
  const missing = Object.values(OUTSIDE).filter((dependency) => found[dependency.name] === null);
  if (process.env.CI === 'true' && missing.length > 0) {
    await privatePostgres?.stop();
    await privateRedis?.kill();
    throw new Error(
      `CI=true and these test dependencies are missing: ${missing
        .map((dependency) => `${dependency.label} (${dependency.install})`)
        .join('; ')}. .ci/run installs them.`,
    );
  }
  const notes = mkdtempSync(join(tmpdir(), 'housecup-not-run-'));
  const admin = found.postgresql;
  const template = admin ? await createMigratedTemplate(admin) : null;
  project.provide('outside', found);
  project.provide('outsideNotes', notes);
  project.provide('postgresTemplate', template);

  return async () => {
    if (admin && template) await dropTemplate(admin, template).catch(() => {});
    await privatePostgres?.stop();
    await privateRedis?.kill();
    const lines = readdirSync(notes).map((file) => {
      const [name, suite] = readFileSync(join(notes, file), 'utf8').split('\n');
      const dependency = OUTSIDE[name as OutsideName];
      return `  NOT RUN: ${suite} (needs ${dependency.label}; install: ${dependency.install})`;
    });
    rmSync(notes, { recursive: true, force: true });
    if (lines.length === 0) return;
    const rule = '!'.repeat(78);
    process.stdout.write(
      `\n${rule}\n${lines.length} suite(s) did not run: something outside npm is missing.\n` +
        `${lines.join('\n')}\nUnder CI=true these fail the run instead.\n${rule}\n`,
    );
  };
}
