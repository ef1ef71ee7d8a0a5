import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { housePoints } from '../../src/records/house-points.js';
import { HOUSES } from '../../src/records/houses.js';
import { job } from '../../src/records/job.js';
import { premium as premiumRecord } from '../../src/records/premium.js';
import { profile } from '../../src/records/profile.js';
import { columnNames, type RecordDefinition } from '../../src/records/record.js';
import { rowOf } from '../../src/records/row-values.js';
import { type Database, openDatabase } from '../../src/store/sqlite/database.js';

/*
 * The benchmark's database: written straight with better-sqlite3 prepared statements in big
 * transactions, because the JSON importer would take minutes over a million rows. A manifest
 * beside the file names the guilds of each size, so the runner can aim at them; it is written
 * last, so a database without its manifest is an interrupted generation and is made again.
 */

/** Bump when the generated data changes shape, so old files are not reused. */
export const DATASET_VERSION = 2;
/** created_at of rows that leave it out (none today): any fixed instant. */
const STAMP = '2026-01-01T00:00:00.000Z';

export type DatasetSize = 'full' | 'quick';

export interface DatasetManifest {
  version: number;
  size: DatasetSize;
  counts: { guilds: number; profiles: number; jobs: number; points: number; premium: number };
  /** Guild ids whose profile count is exactly the key (10, 100, 1000, 50000). */
  guildsBySize: Record<string, string[]>;
  /** Guilds that have house points (so `/v1/points/:g` answers 200). */
  withPoints: string[];
  /** Guilds whose premium is active (so `/v1/premium/:g` answers 200). */
  premiumActive: string[];
  /** Guilds with jobs. */
  withJobs: string[];
  /** Members that have profiles, as [guildId, userId]. */
  members: [string, string][];
  /**
   * The house cup race (issues 21, 22): a published guild with a year of hourly points history
   * (RACE_HOURS rows, the last at `raceTo`), for the history, chart and scoreboard rows.
   */
  race: { guildId: string; rows: number; from: string; to: string };
  generationMs: number;
}

/** The largest guild of the dataset, and its profile count. */
export function largestGuild(manifest: DatasetManifest): { guildId: string; size: number } {
  const sizes = Object.keys(manifest.guildsBySize)
    .map(Number)
    .sort((a, b) => b - a);
  for (const size of sizes) {
    const guildId = manifest.guildsBySize[String(size)]?.[0];
    if (guildId) return { guildId, size };
  }
  throw new Error('dataset has no sized guild');
}

export interface Dataset {
  path: string;
  manifest: DatasetManifest;
  /** False when an existing file was reused. */
  generated: boolean;
}

interface Plan {
  guilds: number;
  profiles: number;
  /** How many guilds of each exact size. */
  sized: [size: number, count: number][];
}

const PLANS: Record<DatasetSize, Plan> = {
  full: {
    guilds: 10_000,
    profiles: 1_000_000,
    sized: [
      [10, 20],
      [100, 20],
      [1000, 20],
      [50_000, 2],
    ],
  },
  quick: {
    guilds: 50,
    profiles: 5_000,
    sized: [
      [10, 3],
      [100, 3],
      [1000, 2],
    ],
  },
};

const JOBS_PER_GUILD = 6;
/** A year of hourly changes: what issue 21 measures the history endpoint on. */
const RACE_HOURS = 8_760;
/** How many ids of each kind the manifest keeps: enough to spread requests over many rows. */
const SAMPLE = 1000;

const FIRST_NAMES = [
  'Harry',
  'Hermione',
  'Ron',
  'Ginny',
  'Luna',
  'Neville',
  'Draco',
  'Cho',
  'Cedric',
  'Fred',
  'George',
  'Percy',
  'Dean',
  'Seamus',
  'Parvati',
  'Padma',
  'Lavender',
  'Hannah',
  'Ernie',
  'Justin',
  'Susan',
  'Terry',
  'Michael',
  'Anthony',
  'Blaise',
  'Pansy',
  'Theodore',
  'Millicent',
  'Katie',
  'Angelina',
  'Alicia',
  'Oliver',
  'Lee',
  'Colin',
  'Dennis',
  'Romilda',
  'Cormac',
];
const LAST_NAMES = [
  'Potter',
  'Granger',
  'Weasley',
  'Lovegood',
  'Longbottom',
  'Malfoy',
  'Chang',
  'Diggory',
  'Thomas',
  'Finnigan',
  'Patil',
  'Brown',
  'Abbott',
  'Macmillan',
  'Finch-Fletchley',
  'Bones',
  'Boot',
  'Corner',
  'Goldstein',
  'Zabini',
  'Parkinson',
  'Nott',
  'Bulstrode',
  'Bell',
  'Johnson',
  'Spinnet',
  'Wood',
  'Jordan',
  'Creevey',
  'Vane',
  'McLaggen',
];
const JOBS: [name: string, description: string][] = [
  ['Auror', 'Catches dark wizards for the Ministry'],
  ['Healer', "Mends curses and broken bones at St Mungo's"],
  ['Wandmaker', 'Matches wands to witches and wizards'],
  ['Curse-Breaker', 'Opens ancient tombs for Gringotts'],
  ['Quidditch Player', ''],
  ['Herbologist', 'Tends the greenhouses and the dangerous plants in them'],
  ['Dragonologist', 'Studies and keeps dragons in Romania'],
  ['Journalist', 'Writes for the Daily Prophet'],
];

/** A small seeded generator: the same dataset on every machine, so runs compare. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function guildIdOf(index: number): string {
  // 19-digit snowflake-like ids, in index order both as numbers and as strings.
  return (1_100_000_000_000_000_000n + BigInt(index) * 1_000_003n).toString();
}

/** Profile counts per guild: the sized guilds first, then a skewed spread of the rest. */
function guildSizes(plan: Plan, random: () => number): number[] {
  const sizes: number[] = [];
  for (const [size, count] of plan.sized) for (let i = 0; i < count; i++) sizes.push(size);
  const fixed = sizes.reduce((sum, size) => sum + size, 0);
  const others = plan.guilds - sizes.length;
  const remaining = plan.profiles - fixed;
  // Log-normal weights: most communities are small, a few are large, as on Discord.
  const weights = Array.from({ length: others }, () => {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.exp(normal * 1.1);
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const spread = weights.map((weight) => Math.max(1, Math.floor((weight / total) * remaining)));
  let missing = remaining - spread.reduce((sum, size) => sum + size, 0);
  for (let i = 0; missing !== 0; i = (i + 1) % spread.length) {
    const step = missing > 0 ? 1 : -1;
    if (step < 0 && (spread[i] ?? 0) <= 1) continue;
    spread[i] = (spread[i] ?? 0) + step;
    missing -= step;
  }
  return [...sizes, ...spread];
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Up to `count` items spread evenly over `items`. */
function sample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}

function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

/** Returns the benchmark database of this size, generating it when no complete one exists. */
export function ensureDataset(
  dir: string,
  size: DatasetSize,
  log: (line: string) => void,
): Dataset {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `bench-${size}-v${DATASET_VERSION}.db`);
  const manifestPath = `${path}.manifest.json`;
  if (existsSync(path) && existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as DatasetManifest;
    if (manifest.version === DATASET_VERSION && manifest.size === size) {
      log(
        `dataset: reusing ${path} (${manifest.counts.profiles.toLocaleString('en')} profiles, ` +
          `generated earlier in ${(manifest.generationMs / 1000).toFixed(1)} s)`,
      );
      return { path, manifest, generated: false };
    }
  }
  removeDatabase(path);
  rmSync(manifestPath, { force: true });
  const manifest = generate(path, size, log);
  writeFileSync(manifestPath, `${JSON.stringify(manifest)}\n`);
  return { path, manifest, generated: true };
}

function generate(path: string, size: DatasetSize, log: (line: string) => void): DatasetManifest {
  const started = performance.now();
  const plan = PLANS[size];
  const random = mulberry32(20_260_901);
  const db = openDatabase(path);
  const { sqlite } = db;
  // A scratch file: no journal and no fsync while loading (an interrupted load leaves no
  // manifest, so it is made again); the generated rows are valid by construction.
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('cache_size = -131072');

  // The inserts and the order of their values come from the records, like the importer's: a
  // field added to a record gets its default here without touching this file.
  const insert = (record: RecordDefinition) => {
    const names = columnNames(record);
    const statement = sqlite.prepare<unknown[]>(
      `INSERT INTO ${record.table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    );
    return (guildId: string, entry: Record<string, unknown>, id?: number) =>
      statement.run(rowOf(record, entry, { guild_id: guildId, now: STAMP, ...(id ? { id } : {}) }));
  };
  const insertJob = insert(job);
  const insertProfile = insert(profile);
  const insertPoints = insert(housePoints);
  const insertPremium = insert(premiumRecord);

  const sizes = guildSizes(plan, random);
  const guildsBySize: Record<string, string[]> = {};
  const withPoints: string[] = [];
  const premiumActive: string[] = [];
  const withJobs: string[] = [];
  const members: [string, string][] = [];
  const counts = { guilds: sizes.length, profiles: 0, jobs: 0, points: 0, premium: 0 };
  const now = Date.now();
  const year = 365 * 24 * 3600 * 1000;
  const createdFrom = Date.UTC(2023, 0, 1);
  const createdSpan = Date.UTC(2026, 0, 1) - createdFrom;
  let userBase = 200_000_000_000_000_000n;

  const loadGuild = (index: number, profileCount: number) => {
    const guildId = guildIdOf(index);
    const exact = plan.sized.find(([s]) => s === profileCount);
    if (exact && index < plan.sized.reduce((n, [, c]) => n + c, 0)) {
      const list = guildsBySize[String(profileCount)] ?? [];
      list.push(guildId);
      guildsBySize[String(profileCount)] = list;
    }
    for (let id = 1; id <= JOBS_PER_GUILD; id++) {
      const [name, description] = pick(JOBS, random);
      insertJob(guildId, { name, description, salary: Math.floor(random() * 200) }, id);
    }
    counts.jobs += JOBS_PER_GUILD;
    withJobs.push(guildId);
    // Most guilds keep points; a few never set them up.
    if (random() < 0.9) {
      const points = () => Math.floor(random() * 5000);
      insertPoints(guildId, Object.fromEntries(HOUSES.map((house) => [house, points()])));
      counts.points++;
      withPoints.push(guildId);
    }
    // Premium: a third active (half without expiry), a third expired, a third never bought.
    const kind = index % 3;
    if (kind === 0) {
      const expires = random() < 0.5 ? null : new Date(now + year * (1 + random())).toISOString();
      insertPremium(guildId, { expires_at: expires });
      premiumActive.push(guildId);
      counts.premium++;
    } else if (kind === 1) {
      insertPremium(guildId, {
        expires_at: new Date(now - year * random() - 60_000).toISOString(),
      });
      counts.premium++;
    }
    // Members in user-id order; about one in ten keeps a second character.
    let written = 0;
    let userId = userBase + BigInt(Math.floor(random() * 1_000_000));
    while (written < profileCount) {
      userId += BigInt(1 + Math.floor(random() * 5_000_000));
      const user = userId.toString();
      const characters = written + 1 < profileCount && random() < 0.1 ? 2 : 1;
      for (let c = 0; c < characters; c++) {
        written++;
        const first = pick(FIRST_NAMES, random);
        const name = random() < 0.8 ? `${first} ${pick(LAST_NAMES, random)}` : first;
        const house = random() < 0.05 ? null : pick(HOUSES, random);
        const schoolYear = random() < 0.1 ? null : 1 + Math.floor(random() * 7);
        const jobId = random() < 0.3 ? null : 1 + Math.floor(random() * JOBS_PER_GUILD);
        const created = new Date(createdFrom + Math.floor(random() * createdSpan)).toISOString();
        const galleons = Math.floor(random() * 5000);
        insertProfile(
          guildId,
          {
            user_id: user,
            name,
            house,
            year: schoolYear,
            job_id: jobId,
            galleons,
            created_at: created,
          },
          written,
        );
      }
      if (random() < 0.02) members.push([guildId, user]);
    }
    userBase += 1_000_000_000_000n;
    counts.profiles += profileCount;
  };

  // Big transactions (a few hundred thousand rows each) keep the load near SQLite's raw speed.
  const loadRange = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) loadGuild(i, sizes[i] ?? 0);
  });
  let from = 0;
  let rows = 0;
  for (let i = 0; i < sizes.length; i++) {
    rows += sizes[i] ?? 0;
    if (rows >= 200_000 || i === sizes.length - 1) {
      loadRange(from, i + 1);
      from = i + 1;
      rows = 0;
    }
  }
  const race = loadRace(sqlite, withPoints[1] ?? withPoints[0] ?? guildIdOf(0), now, random);
  sqlite.pragma('journal_mode = WAL');
  db.close();

  const generationMs = performance.now() - started;
  log(
    `dataset: generated ${counts.guilds.toLocaleString('en')} guilds, ` +
      `${counts.profiles.toLocaleString('en')} profiles, ${counts.jobs.toLocaleString('en')} jobs ` +
      `in ${(generationMs / 1000).toFixed(1)} s → ${path}`,
  );
  return {
    version: DATASET_VERSION,
    size,
    counts,
    guildsBySize,
    withPoints: sample(withPoints, SAMPLE),
    premiumActive: sample(premiumActive, SAMPLE),
    withJobs: sample(withJobs, SAMPLE),
    members: sample(members, SAMPLE),
    race,
    generationMs,
  };
}

/**
 * A year of the race, hour by hour, written straight into points_history (the rows the triggers
 * would have written for 8,760 hourly commits), ending with the guild's points as they are now;
 * and the guild published, for the scoreboard page.
 */
function loadRace(
  sqlite: Database['sqlite'],
  guildId: string,
  now: number,
  random: () => number,
): DatasetManifest['race'] {
  const hour = 3_600_000;
  const end = Math.floor(now / hour) * hour;
  const from = end - (RACE_HOURS - 1) * hour;
  const insert = sqlite.prepare(
    `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const standings = [0, 0, 0, 0];
  sqlite.transaction(() => {
    sqlite.prepare('DELETE FROM points_history WHERE guild_id = ?').run(guildId);
    for (let i = 0; i < RACE_HOURS; i++) {
      const house = Math.floor(random() * 4);
      standings[house] = (standings[house] ?? 0) + 1 + Math.floor(random() * 20);
      insert.run(guildId, new Date(from + i * hour).toISOString(), ...standings);
    }
    const [gryffindor, slytherin, ravenclaw, hufflepuff] = standings;
    // The points as the last history row says, without a trigger row of their own: the
    // triggers skip a write that equals the last recorded standings.
    sqlite
      .prepare(
        'UPDATE house_points SET gryffindor = ?, slytherin = ?, ravenclaw = ?, hufflepuff = ? WHERE guild_id = ?',
      )
      .run(gryffindor, slytherin, ravenclaw, hufflepuff, guildId);
    sqlite
      .prepare('INSERT INTO published_guilds (guild_id, published_at) VALUES (?, ?)')
      .run(guildId, new Date(now).toISOString());
  })();
  return {
    guildId,
    rows: RACE_HOURS,
    from: new Date(from).toISOString(),
    to: new Date(end).toISOString(),
  };
}
