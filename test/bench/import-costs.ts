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
 * What an import of one large guild costs: `tsx test/bench/import-costs.ts <sqlite|postgres>
 * [rounds] [profiles]`. Each round opens a fresh database and imports the same guild three times:
 * first (every row new), again unchanged (a game refreshing its data), then with 1% of the
 * profiles' galleons changed. Wall time per import, and this process's CPU (on PostgreSQL the
 * server's own work is not in it). The file is what `export` writes (ids and creation times
 * given), with its points and no history. Not part of `npm run bench`: a figure for
 * docs/performance-log.md, measured by hand, run alternately on the commits compared.
 */

const GUILD = 'bench-import';
const HOUSES = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff', null] as const;

function guildFile(profiles: number): TransferFile {
  const random = mulberry32(0x1301);
  const pick = (n: number) => Math.floor(random() * n);
  return {
    guilds: [
      {
        id: GUILD,
        points: { gryffindor: 120, slytherin: 95, ravenclaw: 80, hufflepuff: 101 },
        jobs: Array.from({ length: 10 }, (_, i) => ({
          id: i + 1,
          name: `Job ${i + 1}`,
          description: 'Something a character does for galleons',
          salary: 10 * i,
        })),
        players: Array.from({ length: profiles }, (_, i) => ({
          id: i + 1,
          user_id: String(100_000_000_000_000_000n + BigInt(pick(profiles))),
          name: `Character ${i + 1}`,
          house: HOUSES[pick(HOUSES.length)] ?? null,
          year: pick(8) || null,
          job_id: pick(3) === 0 ? pick(10) + 1 : null,
          galleons: pick(10_000),
          created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        })),
      },
    ],
  };
}

/** The same file with every hundredth profile richer by one galleon. */
function onePercentChanged(file: TransferFile): TransferFile {
  const [guild] = file.guilds;
  if (!guild) return file;
  return {
    guilds: [
      {
        ...guild,
        players: guild.players?.map((player, i) =>
          i % 100 === 0 ? { ...player, galleons: (player.galleons ?? 0) + 1 } : player,
        ),
      },
    ],
  };
}

async function timed(work: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

async function main(): Promise<void> {
  const [kind = 'sqlite', roundsText = '5', profilesText = '30000'] = process.argv.slice(2);
  const rounds = Number(roundsText);
  const file = guildFile(Number(profilesText));
  const changed = onePercentChanged(file);
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const phases = { first: file, unchanged: file, onePercent: changed };
  const results: Record<string, { wallMs: number[]; cpuMs: number[] }> = {};
  for (let round = 0; round < rounds; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'housecup-import-costs-'));
    const name = `housecup_import_${randomBytes(4).toString('hex')}`;
    let store: Store;
    if (kind === 'postgres') {
      await admin(adminUrl, `CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      store = await openPostgresStore(url.toString(), {
        logger: createLogger({ level: 'silent' }),
      });
    } else {
      store = openSqliteStore(join(dir, 'housecup.db'));
    }
    try {
      for (const [phase, data] of Object.entries(phases)) {
        const { wallMs, cpuMs } = await timed(() => store.importData(data));
        results[phase] ??= { wallMs: [], cpuMs: [] };
        results[phase].wallMs.push(wallMs);
        results[phase].cpuMs.push(cpuMs);
      }
    } finally {
      await store.close();
      if (kind === 'postgres') await admin(adminUrl, `DROP DATABASE ${name} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const summary = Object.fromEntries(
    Object.entries(results).map(([phase, { wallMs, cpuMs }]) => [
      phase,
      {
        wallMs: Math.round(median(wallMs)),
        cpuMs: Math.round(median(cpuMs)),
        runs: wallMs.map(Math.round),
      },
    ]),
  );
  process.stdout.write(`${JSON.stringify({ kind, rounds, summary })}\n`);
}

await main();
