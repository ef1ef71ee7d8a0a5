import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killChildren, spawnTs, startMain } from '../support/child.js';
import { runCli } from '../support/cli.js';
import { needOutside } from '../support/outside.js';
import { createTestDatabase } from '../support/store.js';

/*
 * DATABASE_URL carries the database's password: it must never reach a log line, a CLI message or
 * an answer. The test server trusts every local connection, so a password in the URL is accepted
 * and ignored: the store works, and any place the URL is printed would show it.
 */

const PASSWORD = 'pw-that-must-not-leak-7f3a';
const available = needOutside('postgresql', import.meta.filename);

const withPassword = (url: string) => {
  const parsed = new URL(url);
  parsed.username ||= 'postgres';
  parsed.password = PASSWORD;
  return parsed.toString();
};

/** No password, no stack frame. */
function expectClean(text: string) {
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

describe.runIf(available)('the password of DATABASE_URL', () => {
  let database: { url: string; drop(): Promise<void> };
  let url: string;
  const dir = mkdtempSync(join(tmpdir(), 'housecup-url-secrets-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    url = withPassword(database.url);
  });
  afterEach(killChildren);
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is masked in what the CLI prints, and absent from the server’s logs and answers', async () => {
    const source = join(dir, 'source.db');
    expect(runCli(['migrate'], source).status).toBe(0);
    const copied = runCli(['copy', '--to', url], source);
    expect(copied.status, copied.stderr).toBe(0);
    expect(copied.stdout).toContain(':***@');
    expectClean(copied.stdout + copied.stderr);

    const node = await startMain({
      DATABASE_URL: url,
      DEMO_DATA: 'false',
      AUTO_FIRST_KEY: 'false',
    });
    const ready = await fetch(`${node.url}/readyz`);
    const body = await ready.text();
    expect(ready.status, body).toBe(200);
    expectClean(body);
    node.child.process.kill('SIGTERM');
    await node.child.exited;
    expectClean(node.child.stdout() + node.child.stderr());
  });

  it('is absent when the database cannot be reached: from the CLI’s error and the server’s', async () => {
    const unreachable = withPassword('postgres://postgres@127.0.0.1:1/housecup');
    const cli = runCli(['keys', 'list'], { DATABASE_URL: unreachable });
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toContain('Cannot connect to postgres://postgres:***@127.0.0.1:1/housecup');
    expectClean(cli.stdout + cli.stderr);
    // pg takes it as a parameter too, and the client key's as sslpassword.
    const asParameters = `postgres://postgres@127.0.0.1:1/housecup?password=${PASSWORD}&sslpassword=${PASSWORD}`;
    const inQuery = runCli(['keys', 'list'], { DATABASE_URL: asParameters });
    expect(inQuery.status).not.toBe(0);
    expect(inQuery.stderr).toContain('housecup?password=***&sslpassword=***');
    expectClean(inQuery.stdout + inQuery.stderr);

    const server = spawnTs('src/main.ts', [], {
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: unreachable,
    });
    expect(await server.exited).not.toBe(0);
    expect(server.stdout() + server.stderr()).toMatch(/127\.0\.0\.1:1/);
    expectClean(server.stdout() + server.stderr());
  });
});
