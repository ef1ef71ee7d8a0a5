import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, killChildren, startMain } from '../support/child.js';

/*
 * Issue 29: `chart.png?width=Infinity` (or `-Infinity`, or `height=1e400`, GET or HEAD) reached
 * the canvas, which aborted the process (`sk.rs … aborting`), every guild's API and bot with it.
 * One key holder's request must be that parameter's 400 and nothing more. On the real service in
 * a child process, so an abort is seen as what it is: the process gone.
 */

let dir: string;
let child: Child;
let base: string;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-chart-size-'));
  const started = await startMain({ DATABASE_PATH: join(dir, 'housecup.db'), DEMO_DATA: 'true' });
  child = started.child;
  // The first start prints a curl with its key and the demo guild's points URL.
  const curl = await child.waitForStdout(/curl -H 'Authorization: (hc_[\w-]{32})' (\S+)/);
  key = curl[1] ?? '';
  base = curl[2] ?? '';
});
afterAll(async () => {
  await killChildren();
  rmSync(dir, { recursive: true, force: true });
});

const WIDTH = 'Invalid width: must be an integer from 400 to 1600';
const HEIGHT = 'Invalid height: must be an integer from 200 to 1000';

describe('a picture size that is no number of pixels', () => {
  it.each([
    ['GET', 'width=Infinity', WIDTH],
    ['GET', 'width=-Infinity', WIDTH],
    ['GET', 'height=1e400', HEIGHT],
    ['HEAD', 'width=Infinity', WIDTH],
    ['HEAD', 'height=-Infinity', HEIGHT],
  ])('%s chart.png?%s: its 400, and the process serves on', async (method, query, error) => {
    const headers = { authorization: key };
    const response = await fetch(`${base}/chart.png?${query}`, { method, headers }).catch(
      (failure: Error) => failure,
    );
    const exit = async () =>
      `exit ${await Promise.race([child.exited, new Promise((r) => setTimeout(r, 1000, 'none'))])}; stderr: ${child.stderr().slice(-300)}`;
    if (!(response instanceof Response)) expect.fail(`${response.message}, ${await exit()}`);
    expect(response.status).toBe(400);
    if (method === 'GET') {
      expect(await response.json()).toEqual({ error, status: 400 });
    }
    expect(child.process.exitCode ?? child.process.signalCode).toBeNull();
    const next = await fetch(base, { headers });
    expect(next.status).toBe(200);
    const picture = await fetch(`${base}/chart.png?width=400&height=200`, { headers });
    expect(picture.headers.get('content-type')).toBe('image/png');
  });
});
