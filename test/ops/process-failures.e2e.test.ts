/*
 * What the process does with a failure no handler caught (src/process-failures.ts,
 * docs/operations.md). The real server (`node dist/src/main.js`) is given a fault on SIGUSR2 by
 * a preloaded test file (support/fault-on-signal.mjs), so nothing in the service exists for
 * the test: an uncaught exception is logged once, with its stack, and the service stops
 * gracefully, exit 1; an unhandled rejection is logged and the service keeps serving. A tiny
 * process with a stop that never ends shows the deadline.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Child, killChildren, spawnTs, startMain } from '../support/child.js';

const FAULT = join(import.meta.dirname, 'support', 'fault-on-signal.mjs');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-failures-'));
});
afterEach(killChildren);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type LogLine = { level: number; msg?: string; failure?: Record<string, string>; signal?: string };

function logLines(child: Child): LogLine[] {
  return child
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

async function startWithFault(name: string, fault: 'exception' | 'rejection') {
  const database = join(dir, `${name}.db`);
  const started = await startMain({
    DATABASE_PATH: database,
    NODE_OPTIONS: `--import=${FAULT}`,
    HOUSECUP_TEST_FAULT: fault,
  });
  return { ...started, database };
}

describe('the real server', () => {
  it('an uncaught exception: one fatal line with its stack, a graceful stop, exit 1', async () => {
    const { child, url, database } = await startWithFault('exception', 'exception');
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(existsSync(`${database}-wal`)).toBe(true);

    child.process.kill('SIGUSR2');
    expect(await child.exited).toBe(1);

    const lines = logLines(child);
    const fatal = lines.filter((line) => line.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]?.msg).toMatch(/^uncaught exception: /);
    expect(fatal[0]?.failure).toMatchObject({
      type: 'Error',
      message: 'test fault: thrown outside every handler',
      stack: expect.stringContaining('fault-on-signal.mjs'),
    });
    // Then the same stop as SIGTERM's: the database closed (its WAL folded in and removed).
    const stop = lines.findIndex((line) => line.msg === 'shutting down');
    expect(stop).toBeGreaterThan(lines.indexOf(fatal[0] as LogLine));
    expect(lines[stop]?.signal).toBe('uncaughtException');
    expect(existsSync(`${database}-wal`)).toBe(false);
    // Nothing on stderr: no second, unstructured report of the same failure.
    expect(child.stderr()).toBe('');
  });

  it('an unhandled rejection: one error line, and the service keeps serving', async () => {
    const { child, url } = await startWithFault('rejection', 'rejection');
    child.process.kill('SIGUSR2');
    await child.waitForStdout(/unhandled promise rejection/);

    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(child.process.exitCode).toBeNull();
    const logged = logLines(child).filter((line) => line.failure);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      failure: { type: 'Error', message: 'test fault: a promise nobody awaited' },
    });

    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  });
});

describe('the deadline', () => {
  it('ends the process with exit 1 when the stop after an uncaught exception never ends', async () => {
    const child = spawnTs('test/ops/support/stuck-stop.ts', ['300'], {});
    expect(await child.exited).toBe(1);
    const messages = logLines(child).map((line) => line.msg);
    expect(messages[0]).toMatch(/^uncaught exception: /);
    expect(messages).toContain('shutdown took over 0.3 s: exiting anyway');
  });
});
