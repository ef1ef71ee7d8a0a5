import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { eventually } from '../support/eventually.js';
import { freePort } from '../support/free-port.js';
import { patiently } from '../support/patience.js';

/*
 * Standard output on a full disk (/dev/full: every write fails with ENOSPC), as when the logs go
 * to a file and the disk fills: the real process starts on a new database (its first key cannot
 * be shown), serves, says once on standard error that its lines wait, and stops cleanly. It used
 * to stop with exit 1 at the first key, and, past that, to spin on its own fatal line.
 */

const FULL = '/dev/full';
const dir = mkdtempSync(join(tmpdir(), 'housecup-full-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(FULL))('standard output on a full disk', () => {
  it('serves, says so once on standard error, and stops cleanly', async () => {
    const port = await freePort();
    const out = openSync(FULL, 'w');
    const child = spawn(process.execPath, [join(packageRoot, 'dist/src/main.js')], {
      cwd: dir,
      env: {
        ...process.env,
        DATABASE_PATH: join(dir, 'housecup.db'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: 'true',
      },
      stdio: ['ignore', out, 'pipe'],
    });
    closeSync(out);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const exited = new Promise<number | string>((resolve) =>
      child.once('close', (code, signal) => resolve(code ?? signal ?? -1)),
    );
    try {
      const url = `http://127.0.0.1:${port}`;
      const health = await eventually(
        () =>
          fetch(`${url}/healthz`).then(
            (answer) => answer.status,
            () => 0,
          ),
        (status) => status === 200,
      );
      expect(health).toBe(200);
      // Each answer is an access line that cannot be written.
      for (let i = 0; i < 20; i++) {
        expect((await fetch(`${url}/v1/points/1`)).status).toBe(401);
      }
      const said = stderr.split('\n').filter((line) => line.includes('cannot be written'));
      expect(said).toEqual([
        'housecup: log lines cannot be written to standard output (ENOSPC); they wait, up to 16 MiB, then are dropped, until it takes them again',
      ]);
      child.kill('SIGTERM');
      expect(await patiently(exited, 'the stop')).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
