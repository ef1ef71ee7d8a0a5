import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Sqlite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { killChildren, startMain } from '../support/child.js';
import { until } from '../support/eventually.js';
import { PATIENCE_MS } from '../support/patience.js';

/*
 * The real service starting on a file with 200,000 rows of history past HISTORY_DAYS (the default
 * 400 days; these are from 2020), spread over 200 guilds as a game's writes leave them: it prunes
 * at start, and meanwhile answers, and stops when told to.
 */

const GUILDS = 200;
const ROWS = 200_000;
/** Each guild's latest old row stays, and one row of today per guild. */
const FINAL = GUILDS + GUILDS;
const START = Date.parse('2020-01-01T00:00:00.000Z');

let dir: string;
let seeded: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-prune-'));
  seeded = join(dir, 'seed.db');
  const store = openSqliteStore(seeded);
  const insert = store.db.sqlite.prepare(
    'INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES (?, ?, ?, 1, 2, 3)',
  );
  store.db.sqlite.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      insert.run(`guild-${i % GUILDS}`, new Date(START + i * 60_000).toISOString(), i);
    }
    const today = new Date().toISOString();
    for (let g = 0; g < GUILDS; g++) insert.run(`guild-${g}`, today, -1);
  })();
  store.db.close();
});
afterEach(killChildren);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A connection of the test's own on the service's file, for counting its history rows. */
function counter(path: string) {
  const db = new Sqlite(path);
  const count = db.prepare<[], number>('SELECT count(*) FROM points_history').pluck();
  // Each guild's latest old row (the last GUILDS of the old rows) and today's row.
  const kept = db
    .prepare<[number], number>(
      'SELECT count(*) FROM points_history WHERE gryffindor >= ? OR gryffindor = -1',
    )
    .pluck();
  return {
    count: () => count.get() ?? 0,
    kept: () => kept.get(ROWS - GUILDS) ?? 0,
    close: () => db.close(),
  };
}

async function startOn(name: string) {
  const path = join(dir, name);
  copyFileSync(seeded, path);
  const { child, url } = await startMain({ DATABASE_PATH: path });
  return { child, url, rows: counter(path) };
}

describe('pruning a large history in the running service', () => {
  it('answers /healthz while it prunes, and prunes it all', async () => {
    const { child, url, rows } = await startOn('healthz.db');
    try {
      const answers: { status: number; rowsAfter: number }[] = [];
      while (rows.count() > FINAL) {
        // A prune that held the loop would leave this unanswered until it ended (then counted
        // below as an answer with every row pruned).
        const response = await fetch(`${url}/healthz`, {
          signal: AbortSignal.timeout(PATIENCE_MS),
        });
        answers.push({ status: response.status, rowsAfter: rows.count() });
      }
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      // Answered with rows still to prune: during the prune, not after it.
      expect(answers.filter((answer) => answer.rowsAfter > FINAL).length).toBeGreaterThan(0);
      expect(rows.count()).toBe(FINAL);
      expect(rows.kept()).toBe(FINAL);
      // Its log line follows the last batch, through a pipe.
      await until(() => child.stdout().includes(`"removed":${ROWS - GUILDS}`), 'the prune’s line');
    } finally {
      rows.close();
    }
  });

  it('stops mid-prune on SIGTERM and exits 0, the rows kept by the rule still there', async () => {
    const { child, rows } = await startOn('sigterm.db');
    try {
      while (rows.count() === ROWS + GUILDS) await sleep(5);
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      expect(child.stdout()).toContain('shutting down');
      expect(child.stdout()).not.toContain('exiting anyway');
      // It ended between two batches rather than finish first.
      expect(rows.count()).toBeGreaterThan(FINAL);
      expect(rows.kept()).toBe(FINAL);
    } finally {
      rows.close();
    }
  });
});
