import { parseArgs } from 'node:util';
import pg from 'pg';
import { migratePostgres } from '../../src/store/postgres/connection.js';
import { ascending, percentile } from './stats.js';

/*
 * A rank on PostgreSQL as the game writes (docs/several-machines.md, its paragraph on vacuum): one
 * database per table setting, each with one guild of --profiles profiles from housecup's
 * migrations; then, in all of them at once, a writer moving the galleons of a random profile
 * --rate times a second and a reader counting the rank's rows (about 40 % of the guild) every
 * 200 ms, for --minutes. Every 30 s a line per database: the counts' p50, the table's dead rows,
 * its autovacuums and the heap fetches of one count. The server's own settings (autovacuum,
 * autovacuum_naptime) are the run's: autovacuum must be on.
 *
 *   npx tsx test/bench/rank-vacuum.ts [--url postgres://…/postgres] [--minutes 5] [--rate 30]
 *     [--profiles 50000] [--settings '{"defaults":"reset","shipped":""}']
 *
 * A setting is "" (the migrations' own), "reset" (PostgreSQL's defaults) or the text of
 * `ALTER TABLE profiles SET (…)`.
 */

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    minutes: { type: 'string', default: '5' },
    rate: { type: 'string', default: '30' },
    profiles: { type: 'string', default: '50000' },
    settings: { type: 'string', default: '{"defaults":"reset","shipped":""}' },
  },
});
const PROFILES = Number(args.profiles);
const RATE = Number(args.rate);
const settings = JSON.parse(args.settings) as Record<string, string>;
const GUILD = 'g';
const COUNT = `SELECT count(*) FROM profiles WHERE guild_id = '${GUILD}' AND (galleons, user_id, id) > (60000, 'u', 0)`;
const WINDOW_MS = 30_000;
const TUNED = ['autovacuum_vacuum_scale_factor', 'autovacuum_vacuum_threshold'];

interface Side {
  name: string;
  database: string;
  reader: pg.Client;
  writer: pg.Client;
  window: number[];
  all: number[];
}

const admin = new pg.Client({ connectionString: args.url });
await admin.connect();
const sides: Side[] = [];
const urlOf = (database: string) => {
  const url = new URL(args.url);
  url.pathname = `/${database}`;
  return url.toString();
};

try {
  const { rows } = await admin.query<{ autovacuum: string }>('SHOW autovacuum');
  if (rows[0]?.autovacuum !== 'on') {
    throw new Error(
      'autovacuum is off on this server: ALTER SYSTEM SET autovacuum = on; SELECT pg_reload_conf();',
    );
  }
  for (const [name, setting] of Object.entries(settings)) {
    const database = `housecup_rank_vacuum_${name.replace(/\W/g, '_')}`;
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await migratePostgres(urlOf(database));
    const reader = new pg.Client({ connectionString: urlOf(database) });
    const writer = new pg.Client({ connectionString: urlOf(database) });
    await reader.connect();
    await writer.connect();
    sides.push({ name, database, reader, writer, window: [], all: [] });
    await reader.query(
      `INSERT INTO profiles (id, user_id, guild_id, name, house, year, galleons, created_at)
       SELECT i, 'u' || i, $1, 'n' || i, (ARRAY['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'])[i % 4 + 1],
              i % 7 + 1, (i::bigint * 7919) % 100000, '2026-01-01T00:00:00.000Z'
       FROM generate_series(1, $2::int) AS i`,
      [GUILD, PROFILES],
    );
    for (const table of ['profiles', 'profile_changes']) {
      if (setting === 'reset')
        await reader.query(`ALTER TABLE ${table} RESET (${TUNED.join(', ')})`);
      else if (setting) await reader.query(`ALTER TABLE ${table} SET (${setting})`);
    }
    await reader.query('VACUUM ANALYZE');
  }

  const start = Date.now();
  const end = start + Number(args.minutes) * 60_000;
  const writing = sides.map(async ({ writer }) => {
    for (let n = 1; Date.now() < end; n++) {
      const id = 1 + Math.floor(Math.random() * PROFILES);
      await writer.query(
        'UPDATE profiles SET galleons = galleons + 1 WHERE guild_id = $1 AND id = $2',
        [GUILD, id],
      );
      const wait = start + (n * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  });

  const report = async () => {
    const line: string[] = [];
    for (const side of sides) {
      const sorted = ascending(side.window);
      const { rows: stats } = await side.reader.query<{ dead: string; vacuums: string }>(
        `SELECT n_dead_tup AS dead, autovacuum_count AS vacuums FROM pg_stat_user_tables
          WHERE relname = 'profiles'`,
      );
      const { rows: plan } = await side.reader.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${COUNT}`,
      );
      const fetches = /"Heap Fetches":(\d+)/.exec(JSON.stringify(plan[0]?.['QUERY PLAN']))?.[1];
      line.push(
        `${side.name} p50 ${percentile(sorted, 50).toFixed(2)} ms (n ${sorted.length}), ` +
          `dead ${stats[0]?.dead}, autovacuums ${stats[0]?.vacuums}, heap fetches ${fetches ?? '(not an index-only scan)'}`,
      );
      side.all.push(...side.window);
      side.window = [];
    }
    console.log(`${Math.round((Date.now() - start) / 1000)} s | ${line.join(' | ')}`);
  };

  let nextReport = start + WINDOW_MS;
  while (Date.now() < end) {
    for (const side of sides) {
      const began = performance.now();
      await side.reader.query(COUNT);
      side.window.push(performance.now() - began);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (Date.now() >= nextReport) {
      await report();
      nextReport += WINDOW_MS;
    }
  }
  await Promise.all(writing);
  for (const side of sides) {
    const sorted = ascending([...side.all, ...side.window]);
    console.log(
      `${side.name}: p50 ${percentile(sorted, 50).toFixed(2)} ms, p90 ${percentile(sorted, 90).toFixed(2)} ms, n ${sorted.length}`,
    );
  }
} finally {
  for (const side of sides) {
    await side.reader.end().catch(() => {});
    await side.writer.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${side.database} WITH (FORCE)`).catch(() => {});
  }
  await admin.end();
}
