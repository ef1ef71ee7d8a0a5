import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { clientUrl } from '../../src/http/client-url.js';
import { killChildren, spawnCli, spawnTs, startMain } from '../support/child.js';

/*
 * The first API key, made by the real process: only when this start created the database, never
 * on a later start (even with every key revoked), not at all with AUTO_FIRST_KEY=false; its
 * printed curl names a guild that exists (or none) and an address a client can reach.
 */

const dir = mkdtempSync(join(tmpdir(), 'housecup-first-key-'));
afterEach(killChildren);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CURL = /curl -H 'Authorization: (hc_[A-Za-z0-9_-]{32})' (\S+)/;
const NO_KEY_WARNING = 'no API key works yet';

async function startAndStop(env: Record<string, string>) {
  const { child } = await startMain({ DEMO_DATA: 'true', ...env });
  // The curl (or the warning that there is none) follows the listening line as a second write.
  await child.waitForStdout(new RegExp(`curl -H .*\\n|${NO_KEY_WARNING}`));
  const curl = CURL.exec(child.stdout());
  const answer = curl
    ? await fetch(curl[2] ?? '', { headers: { authorization: curl[1] ?? '' } })
    : undefined;
  const body = answer ? await answer.json() : undefined;
  child.process.kill('SIGTERM');
  expect(await child.exited).toBe(0);
  return { stdout: child.stdout(), key: curl?.[1], url: curl?.[2], status: answer?.status, body };
}

/** The messages of the warning lines a start logged. */
function warnings(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level === 40)
    .map((entry) => entry.msg);
}

async function cli(args: string[], database: string) {
  const run = spawnCli(args, database);
  expect(await run.exited, run.stderr()).toBe(0);
  return run.stdout();
}

describe('the first key', () => {
  it('is made on the first start, with a curl to a guild that exists, on a reachable host', async () => {
    const database = join(dir, 'new.db');
    // Every interface: 0.0.0.0 is no address to send a request to.
    const first = await startAndStop({ DATABASE_PATH: database, HOST: '0.0.0.0' });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/points\/1133557799224466880$/);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ gryffindor: 1240, status: 200 });
    // Printed on stdout as text, never in a log line.
    for (const line of first.stdout.split('\n').filter((l) => l.startsWith('{'))) {
      expect(line).not.toContain('hc_');
    }

    // Every key revoked: the next start makes none, and says in the log how to make one.
    const [key] = JSON.parse(await cli(['keys', 'list', '--json'], database)) as { id: number }[];
    await cli(['keys', 'revoke', String(key?.id)], database);
    const again = await startAndStop({ DATABASE_PATH: database });
    expect(again.key).toBeUndefined();
    expect(again.stdout).not.toContain('hc_');
    expect(again.stdout).toContain(NO_KEY_WARNING);
    expect(JSON.parse(await cli(['keys', 'list', '--json'], database))).toHaveLength(1);
  });

  it('on an empty database (DEMO_DATA=false), the curl names no guild and still answers 200', async () => {
    const start = await startAndStop({ DATABASE_PATH: join(dir, 'empty.db'), DEMO_DATA: 'false' });
    expect(start.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/points$/);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ area: 'points', status: 200 });
  });

  it('is never made with AUTO_FIRST_KEY=false, and each start says truly why there is none', async () => {
    const database = join(dir, 'off.db');
    const start = await startAndStop({ DATABASE_PATH: database, AUTO_FIRST_KEY: 'false' });
    expect(start.stdout).not.toContain('hc_');
    expect(warnings(start.stdout)).toEqual([
      'no API key works yet: create one with `housecup keys create` (AUTO_FIRST_KEY=false: this start created the database and made no key)',
    ]);
    expect(JSON.parse(await cli(['keys', 'list', '--json'], database))).toEqual([]);
    const later = await startAndStop({ DATABASE_PATH: database, AUTO_FIRST_KEY: 'false' });
    expect(warnings(later.stdout)).toEqual([
      'no API key works yet: create one with `housecup keys create` (a key is made automatically only by the start that creates the database, and this database already existed)',
    ]);
  });

  it('is not made on a database the CLI created before the first start', async () => {
    const database = join(dir, 'migrated.db');
    await cli(['migrate'], database);
    const start = await startAndStop({ DATABASE_PATH: database });
    expect(start.key).toBeUndefined();
    expect(start.stdout).toContain(NO_KEY_WARNING);
  });

  it('a first start that cannot listen leaves no database, so the next start shows the key', async () => {
    const database = join(dir, 'busy.db');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const failed = spawnTs('src/main.ts', [], { DATABASE_PATH: database, PORT: String(port) });
    expect(await failed.exited).toBe(1);
    await new Promise<void>((resolve) => taken.close(() => resolve()));
    expect(failed.stderr()).toContain('address is in use');
    expect(failed.stdout()).not.toContain('hc_');
    expect(existsSync(database)).toBe(false);

    const next = await startAndStop({ DATABASE_PATH: database });
    expect(next.status).toBe(200);
  });
});

describe('clientUrl', () => {
  it.each([
    ['0.0.0.0', 'http://127.0.0.1:3000'],
    ['::', 'http://[::1]:3000'],
    ['0:0:0:0:0:0:0:0', 'http://[::1]:3000'],
    ['::1', 'http://[::1]:3000'],
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['192.0.2.10', 'http://192.0.2.10:3000'],
    ['fd00::0:5', 'http://[fd00::5]:3000'],
    ['localhost', 'http://localhost:3000'],
  ])('a server listening on %s is reached at %s', (host, url) => {
    expect(clientUrl(host, 3000)).toBe(url);
  });
});
