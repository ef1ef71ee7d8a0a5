import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { createLogger } from '../../src/logger.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import { admin } from './postgres.js';

/*
 * How long pruning the points history takes, and how long it holds the event loop at most:
 * `tsx test/bench/prune.ts <sqlite|postgres> <rows> [guilds]`. `rows` old rows (a minute apart,
 * all before the limit) are spread over `guilds` guilds, as a history import brings them; one
 * prune then removes all but each guild's last. Not part of `npm run bench`: a figure for
 * docs/performance-log.md, measured by hand.
 */

const LIMIT = '2026-01-01T00:00:00.000Z';
const START = Date.parse('2020-01-01T00:00:00.000Z');

async function fill(store: Store, rows: number, guilds: number, url?: string): Promise<void> {
  const at = (i: number) => new Date(START + i * 60_000).toISOString();
  if (store.kind === 'sqlite' && 'db' in store) {
    const { sqlite } = (store as ReturnType<typeof openSqliteStore>).db;
    const insert = sqlite.prepare(
      'INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES (?, ?, ?, ?, ?, ?)',
    );
    sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run(`g${i % guilds}`, at(i), i, i, i, i);
    })();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff)
       SELECT 'g' || (i % $2), $3::timestamptz + i * interval '1 minute', i, i, i, i
       FROM generate_series(0, $1 - 1) AS i`,
      [rows, guilds, new Date(START).toISOString()],
    );
    await client.query('ANALYZE points_history');
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const [kind = 'sqlite', rowsText = '40000', guildsText = '1'] = process.argv.slice(2);
  const rows = Number(rowsText);
  const guilds = Number(guildsText);
  const dir = mkdtempSync(join(tmpdir(), 'housecup-prune-'));
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `housecup_prune_${randomBytes(4).toString('hex')}`;
  let store: Store;
  let url: string | undefined;
  if (kind === 'postgres') {
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    store = await openPostgresStore(url, { logger: createLogger({ level: 'silent' }) });
  } else {
    store = openSqliteStore(join(dir, 'housecup.db'));
  }
  try {
    await fill(store, rows, guilds, url);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    // Its first sample only starts the clock: let it take one before the prune.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const removed = await store.pruneHistory(LIMIT);
    const ms = performance.now() - started;
    // The histogram records a block when the loop next samples: give it turns to do so.
    await new Promise((resolve) => setTimeout(resolve, 20));
    delay.disable();
    console.log(
      JSON.stringify({
        kind,
        rows,
        guilds,
        removed,
        pruneMs: Math.round(ms),
        longestBlockMs: Math.round(delay.max / 1e6),
      }),
    );
  } finally {
    await store.close();
    if (kind === 'postgres') await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
