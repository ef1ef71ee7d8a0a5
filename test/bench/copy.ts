import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/logger.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import type { TransferFile } from '../../src/transfer/format.js';
import { mulberry32 } from './dataset.js';
import { admin } from './postgres.js';
import { median } from './stats.js';

/*
 * What `housecup copy` costs: `tsx test/bench/copy.ts [rounds] [profiles]`. Each round imports
 * `profiles` profiles (over 20 guilds, each with a year of daily history) into a new SQLite file,
 * then copies it to a new PostgreSQL database (every row new), copies that back into a new SQLite
 * file, and copies the file onto the PostgreSQL database again with `--replace` (nothing differs).
 * Wall time of each copy, median over the rounds. Not part of `npm run bench`: a figure for
 * docs/performance.md, measured by hand, run alternately on the commits compared.
 */

const GUILDS = 20;
const HOUSES = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff', null] as const;
const DAY_MS = 86_400_000;

function dataset(profiles: number): TransferFile {
  const random = mulberry32(0x0c09);
  const pick = (n: number) => Math.floor(random() * n);
  const perGuild = Math.ceil(profiles / GUILDS);
  const start = Date.UTC(2025, 0, 1);
  return {
    guilds: Array.from({ length: GUILDS }, (_, g) => ({
      id: `${100_000_000_000_000_000n + BigInt(g)}`,
      points: { gryffindor: 365, slytherin: 364, ravenclaw: 363, hufflepuff: 362 },
      history: Array.from({ length: 366 }, (_, day) => ({
        at: new Date(start + day * DAY_MS).toISOString(),
        gryffindor: day,
        slytherin: day - 1,
        ravenclaw: day - 2,
        hufflepuff: day - 3,
      })),
      jobs: Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: `Job ${i + 1}`, salary: i })),
      players: Array.from({ length: perGuild }, (_, i) => ({
        id: i + 1,
        user_id: String(200_000_000_000_000_000n + BigInt(i)),
        name: `Character ${i + 1}`,
        house: HOUSES[pick(HOUSES.length)] ?? null,
        year: pick(8) || null,
        job_id: pick(3) === 0 ? pick(6) + 1 : null,
        galleons: pick(10_000),
        created_at: new Date(start + i * 1000).toISOString(),
      })),
    })),
  };
}

async function timedCopy(from: Store, to: Store, replace: boolean): Promise<number> {
  const started = performance.now();
  const copied = await from.readEverything((rows) => to.writeEverything(rows, { replace }));
  if (!copied) throw new Error('copy refused');
  return performance.now() - started;
}

async function main(): Promise<void> {
  const [roundsText = '3', profilesText = '100000'] = process.argv.slice(2);
  const data = dataset(Number(profilesText));
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const logger = createLogger({ level: 'silent' });
  const results: Record<string, number[]> = { toPostgres: [], toSqlite: [], replaceSame: [] };
  for (let round = 0; round < Number(roundsText); round++) {
    const dir = mkdtempSync(join(tmpdir(), 'housecup-copy-'));
    const name = `housecup_copy_${randomBytes(4).toString('hex')}`;
    await admin(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const source = openSqliteStore(join(dir, 'source.db'));
    const back = openSqliteStore(join(dir, 'back.db'));
    const postgres = await openPostgresStore(url.toString(), { logger });
    try {
      await source.importData(data);
      results.toPostgres?.push(await timedCopy(source, postgres, false));
      results.toSqlite?.push(await timedCopy(postgres, back, false));
      results.replaceSame?.push(await timedCopy(source, postgres, true));
    } finally {
      await Promise.all([source.close(), back.close(), postgres.close()]);
      await admin(adminUrl, `DROP DATABASE ${name} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const summary = Object.fromEntries(
    Object.entries(results).map(([copy, ms]) => [copy, Math.round(median(ms))]),
  );
  console.log(JSON.stringify({ profiles: Number(profilesText), rounds: roundsText, ...summary }));
}

await main();
