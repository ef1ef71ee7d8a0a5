import { writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createLogger } from '../../src/logger.js';
import { changeView } from '../../src/records/periods.js';
import { profileView } from '../../src/records/profile-order.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import { type DatasetManifest, largestGuild, mulberry32 } from './dataset.js';
import {
  type Fresh,
  historyCostsFile,
  type Opener,
  postgresOpener,
  sqliteOpener,
} from './history-costs.js';
import { get } from './http-get.js';
import type { LoadResult, LoadSettings } from './load.js';
import { type GalleonsWrite, periodRowsDigest, periodWriteByHand } from './period-by-hand.js';
import { percentile } from './probe.js';
import { median } from './report.js';
import { TARGETS } from './targets.js';

/*
 * The members' race (docs/http-api.md, "A member's rank" and "Periods"), on both stores:
 * - a member's rank on the dataset's largest guild (50,000 profiles in the full run), cold: each
 *   request after a commit to that guild (another connection moves one other profile's galleons),
 *   one at a time; as the client saw it, and the store's read alone in this process, after the
 *   same commits; beside them the floor: another guild's cached points after the same commits,
 *   all that a request costs here but the rank's own reads;
 * - `?sort=change&period=week&limit=100` of that guild: cached under load as × A (baseline A
 *   measured just before and after, in the same run) and cold one at a time;
 * - the period triggers' cost: a 10,000-guild import into a fresh database, then the same file
 *   again with every profile's galleons moved (the UPDATE triggers fire only there), and a
 *   game-like burst of 1,000 single-row `UPDATE profiles SET galleons = …`, each in its own
 *   transaction, then all in one; with the triggers and without (a scratch copy that has them
 *   dropped), in interleaved rounds; the bursts also by hand, the same rows written by the
 *   application on a third copy without them (period-by-hand.ts), the floor the triggers are held
 *   to;
 * - bytes per profile per period: profile_changes (table and indexes) over its rows.
 * The periods' rows of the big guild come from real writes: a share of its profiles get a
 * galleons change in the scratch copy this runs on, before the servers start.
 */

export interface ColdFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface MembersStoreFigures {
  store: 'sqlite' | 'postgres';
  rank: {
    /** `GET …/:userId/rank?sort=galleons`, over HTTP, each after a commit. */
    galleons: ColdFigures;
    /** `GET …/:userId/rank?sort=change&period=week`, the same way. */
    week: ColdFigures;
    /** The store's `rank` (sort=galleons) alone, in this process, each after a commit. */
    storeGalleons: ColdFigures;
    storeWeek: ColdFigures;
    /** Another guild's cached points over HTTP, each after a commit: every cost but the rank's. */
    floor: ColdFigures;
  };
  page: {
    cold: ColdFigures;
    cached: LoadResult;
    /** A's req/s just before and after the cached run. */
    aRps: [number, number];
    ratioToA: number;
  };
  /** profile_changes: rows, bytes of table and indexes, bytes per row (one profile, one period). */
  periods: { rows: number; bytes: number; bytesPerRow: number };
}

export interface TriggerCosts {
  store: 'sqlite' | 'postgres';
  guilds: number;
  /** ms per import into a fresh database (every row new: no UPDATE trigger fires). */
  firstImport: { withMs: number[]; withoutMs: number[]; ratio: number };
  /** ms per import of the same guilds, every profile's galleons moved. */
  changedImport: { withMs: number[]; withoutMs: number[]; ratio: number };
  /**
   * µs per UPDATE over bursts of `updates`, each UPDATE its own transaction; `byHand`: the same
   * rows written by the application, and `ratioToByHand` the triggers over it.
   */
  burst: { updates: number } & BurstCosts;
  /** The same bursts inside one transaction: the triggers' own work, without commits. */
  burstOneTransaction: BurstCosts;
}

interface BurstCosts {
  withUs: number[];
  withoutUs: number[];
  byHandUs: number[];
  ratio: number;
  ratioToByHand: number;
}

export interface MembersReport {
  guildId: string;
  guildSize: number;
  /** Profiles given a galleons change this week before the figures. */
  changedProfiles: number;
  /** The members whose ranks were asked, and how many profiles each has on the guild. */
  members: { userId: string; profiles: number }[];
  stores: MembersStoreFigures[];
  costs: TriggerCosts[];
  failures: string[];
}

export interface MembersOptions extends LoadSettings {
  /** The scratch copy of the dataset the servers run on (this module writes changes to it). */
  datasetPath: string;
  /** Servers on the scratch copy: SQLite, PostgreSQL (a copy made after `prepareMembers`), A. */
  sqliteUrl: string;
  postgres: { nodeUrl: string; databaseUrl: string; adminUrl: string } | null;
  baselineUrl: string;
  rounds: number;
  quick: boolean;
  log: (line: string) => void;
}

/** Share of the big guild's profiles whose galleons move this week (and so this month). */
const CHANGED_SHARE = 0.2;

/**
 * Gives a share of the big guild's profiles a galleons change, through the triggers as the game
 * would (one UPDATE each), and picks the members to rank. Run on the scratch copy before any
 * server or the PostgreSQL copy opens it.
 */
export function prepareMembers(
  path: string,
  manifest: DatasetManifest,
  samples: number,
): { changedProfiles: number; members: { userId: string; profiles: number }[] } {
  const { guildId } = largestGuild(manifest);
  const db = new Database(path);
  try {
    const ids = db
      .prepare<[string], number>('SELECT id FROM profiles WHERE guild_id = ? ORDER BY id')
      .pluck()
      .all(guildId);
    const random = mulberry32(0x3232);
    const update = db.prepare(
      'UPDATE profiles SET galleons = max(0, galleons + ?) WHERE guild_id = ? AND id = ?',
    );
    let changedProfiles = 0;
    db.transaction(() => {
      for (const id of ids) {
        if (random() >= CHANGED_SHARE) continue;
        // Mostly gains, some losses, as a game's week looks.
        const delta = Math.floor(random() * 300) - 60 || 1;
        changedProfiles += update.run(delta, guildId, id).changes;
      }
    })();
    const members = db
      .prepare<[string, number], { userId: string; profiles: number }>(
        `SELECT user_id AS userId, count(*) AS profiles FROM profiles WHERE guild_id = ?
         GROUP BY user_id ORDER BY user_id LIMIT ?`,
      )
      .all(guildId, samples);
    return { changedProfiles, members };
  } finally {
    db.close();
  }
}

interface Committer {
  /** Moves one profile of the guild that no member asked about by ±1, and waits for the node. */
  commit(): Promise<void>;
  close(): Promise<void>;
}

// The guild's last profile in id order: a commit the node sees as a change of the guild.
const TOUCH_SQLITE =
  'UPDATE profiles SET galleons = galleons + ? WHERE guild_id = ? AND id = (SELECT max(id) FROM profiles WHERE guild_id = ?)';
const TOUCH_POSTGRES =
  'UPDATE profiles SET galleons = galleons + $1 WHERE guild_id = $2 AND id = (SELECT max(id) FROM profiles WHERE guild_id = $2)';

function sqliteCommitter(path: string, guildId: string): Committer {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  const touch = db.prepare(TOUCH_SQLITE);
  let delta = 1;
  return {
    async commit() {
      if (touch.run(delta, guildId, guildId).changes !== 1) throw new Error('no profile to touch');
      delta = -delta;
      // Past the millisecond within which the node may not look at data_version again.
      await pause(3);
    },
    async close() {
      if (delta === -1) touch.run(-1, guildId, guildId);
      db.close();
    },
  };
}

async function postgresCommitter(url: string, guildId: string): Promise<Committer> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let delta = 1;
  return {
    async commit() {
      const result = await client.query(TOUCH_POSTGRES, [delta, guildId]);
      if (result.rowCount !== 1) throw new Error('no profile to touch');
      delta = -delta;
      // The node hears of a commit by LISTEN/NOTIFY (cold-peer.ts: p99 9.3 ms).
      await pause(30);
    },
    async close() {
      if (delta === -1) await client.query(TOUCH_POSTGRES, [-1, guildId]);
      await client.end();
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function figures(times: number[]): ColdFigures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
  };
}

/** Each path once per sample, after a commit, timed as the client sees it (keep-alive). */
async function coldOverHttp(
  url: string,
  paths: readonly string[],
  samples: number,
  committer: Committer,
  headers: Record<string, string>,
  failures: string[],
): Promise<ColdFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    // Untimed first rounds: statements prepared, code optimised.
    for (let i = -5; i < samples; i++) {
      const path = paths[(i + paths.length * 5) % paths.length] ?? '';
      await committer.commit();
      // Timed as a client meets it: the first request after the commit pays all the node does
      // on seeing a commit (the guilds' generations, the API keys) besides the answer. An
      // untimed request before it (another guild's points) hid that part, 10–25 ms on SQLite
      // (a scan of guild_changes), from the figure.
      const started = performance.now();
      const answer = await get(url + path, headers, agent);
      const ms = performance.now() - started;
      if (answer.status !== 200) failures.push(`members: GET ${path} answered ${answer.status}`);
      if (i >= 0) times.push(ms);
    }
  } finally {
    agent.destroy();
  }
  return figures(times);
}

/** The store's read alone, once per member per sample, after a commit. */
async function coldInStore(
  run: (userId: string) => Promise<unknown>,
  members: readonly string[],
  samples: number,
  committer: Committer,
): Promise<ColdFigures> {
  const times: number[] = [];
  for (let i = -5; i < samples; i++) {
    const userId = members[(i + members.length * 5) % members.length] ?? '';
    await committer.commit();
    const started = performance.now();
    const entries = await run(userId);
    const ms = performance.now() - started;
    if (entries === null) throw new Error(`members: no rank for ${userId}`);
    if (i >= 0) times.push(ms);
  }
  return figures(times);
}

async function storeFigures(
  kind: 'sqlite' | 'postgres',
  options: MembersOptions,
  nodeUrl: string,
  prepared: { members: { userId: string }[] },
  failures: string[],
): Promise<MembersStoreFigures> {
  const { log } = options;
  const { guildId, size } = largestGuild(options.manifest);
  const headers = { authorization: options.key };
  const samples = options.quick ? 10 : 100;
  const users = prepared.members.map((m) => m.userId);
  const databaseUrl = options.postgres?.databaseUrl ?? '';
  const committer =
    kind === 'sqlite'
      ? sqliteCommitter(options.datasetPath, guildId)
      : await postgresCommitter(databaseUrl, guildId);
  const galleonsView = profileView('galleons', undefined, undefined);
  const weekView = changeView('week', new Date(), undefined, undefined);
  const store: Store =
    kind === 'sqlite'
      ? openSqliteStore(options.datasetPath)
      : await openPostgresStore(databaseUrl, { logger: createLogger({ level: 'silent' }) });
  try {
    log(`members (${kind}): rank cold, ${samples} requests over ${users.length} members`);
    const rankPaths = (query: string) =>
      users.map((u) => `/v1/players/${guildId}/${u}/rank?${query}`);
    const galleons = await coldOverHttp(
      nodeUrl,
      rankPaths('sort=galleons'),
      samples,
      committer,
      headers,
      failures,
    );
    const week = await coldOverHttp(
      nodeUrl,
      rankPaths('sort=change&period=week'),
      samples,
      committer,
      headers,
      failures,
    );
    const storeGalleons = await coldInStore(
      (u) => store.read.players.rank(guildId, u, galleonsView),
      users,
      samples,
      committer,
    );
    const storeWeek = await coldInStore(
      (u) => store.read.players.rank(guildId, u, weekView),
      users,
      samples,
      committer,
    );
    // The dataset's smallest guild: its points are cached, and no commit here touches them.
    const smallest = Object.keys(options.manifest.guildsBySize).sort((a, b) => +a - +b)[0] ?? '';
    const otherGuild = options.manifest.guildsBySize[smallest]?.[0] ?? '';
    const floor = await coldOverHttp(
      nodeUrl,
      [`/v1/points/${otherGuild}`],
      samples,
      committer,
      headers,
      failures,
    );
    const pagePath = `/v1/players/${guildId}?sort=change&period=week&limit=100`;
    log(`members (${kind}): ${pagePath} cold, then cached × A (guild of ${size})`);
    const pageCold = await coldOverHttp(
      nodeUrl,
      [pagePath],
      options.quick ? 10 : 40,
      committer,
      headers,
      failures,
    );
    const first = await get(nodeUrl + pagePath, headers);
    const body = JSON.parse(first.body.toString('utf8')) as { results?: { change?: number }[] };
    if (!body.results?.some((profile) => (profile.change ?? 0) !== 0)) {
      failures.push(`members: ${pagePath} shows no change on ${kind}`);
    }
    const pathsFile = join(options.work, `members-${kind}.txt`);
    writeFileSync(pathsFile, `${pagePath}\n`);
    const aFile = join(options.work, 'members-A.txt');
    writeFileSync(aFile, '/\n');
    const run = (url: string, file: string, authorization?: string) =>
      options.load({
        url,
        pathsFile: file,
        authorization,
        connections: 32,
        durationS: options.durationS,
        timeoutS: 10,
        cpu: options.cpu,
        strict: true,
      });
    const cachedRuns: LoadResult[] = [];
    const aRuns: [number, number][] = [];
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const before = await run(options.baselineUrl, aFile);
      const cached = await run(nodeUrl, pathsFile, options.key);
      const after = await run(options.baselineUrl, aFile);
      if (cached.non2xx > 0 || cached.socketErrors > 0 || cached.requests === 0) {
        failures.push(`members cached page (${kind}): ${cached.non2xx} non-2xx`);
      }
      const reference = (before.rps + after.rps) / 2;
      cachedRuns.push(cached);
      aRuns.push([before.rps, after.rps]);
      ratios.push(reference > 0 ? cached.rps / reference : 0);
      log(
        `members (${kind}): cached ${cached.rps.toFixed(0)} req/s, A ${before.rps.toFixed(0)} → ${after.rps.toFixed(0)}`,
      );
    }
    // The round whose ratio is the median stands for the rest.
    const middle = ratios.indexOf(median(ratios));
    const at = middle >= 0 ? middle : 0;
    const rows =
      kind === 'sqlite'
        ? sqliteCount(options.datasetPath)
        : await postgresCount(databaseUrl, 'SELECT count(*)::int AS n FROM profile_changes');
    const bytes =
      kind === 'sqlite'
        ? sqliteBytes(options.datasetPath)
        : await postgresCount(
            databaseUrl,
            "SELECT pg_total_relation_size('profile_changes')::bigint AS n",
          );
    return {
      store: kind,
      rank: { galleons, week, storeGalleons, storeWeek, floor },
      page: {
        cold: pageCold,
        cached: cachedRuns[at] as LoadResult,
        aRps: aRuns[at] ?? [0, 0],
        ratioToA: median(ratios),
      },
      periods: { rows, bytes, bytesPerRow: rows > 0 ? bytes / rows : 0 },
    };
  } finally {
    await store.close();
    await committer.close();
  }
}

function sqliteCount(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return Number(db.prepare('SELECT count(*) FROM profile_changes').pluck().get());
  } finally {
    db.close();
  }
}

/** profile_changes and its indexes, every page (dbstat is compiled into better-sqlite3). */
function sqliteBytes(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return Number(
      db
        .prepare(
          `SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN
           (SELECT name FROM sqlite_master WHERE tbl_name = 'profile_changes' AND type IN ('table', 'index'))`,
        )
        .pluck()
        .get(),
    );
  } finally {
    db.close();
  }
}

async function postgresCount(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string | number }>(sql);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const ratioOf = (withValues: number[], withoutValues: number[]) => {
  const without = median(withoutValues);
  return without > 0 ? median(withValues) / without : 0;
};

/** The file again with every profile's galleons moved by 1 to 50. */
function everyGalleonsMoved(file: ReturnType<typeof historyCostsFile>) {
  return {
    guilds: file.guilds.map((guild) => ({
      ...guild,
      players: guild.players?.map((player, i) => ({
        ...player,
        galleons: (player.galleons ?? 0) + 1 + (i % 50),
      })),
    })),
  };
}

const noBursts = (): BurstCosts => ({
  withUs: [],
  withoutUs: [],
  byHandUs: [],
  ratio: 0,
  ratioToByHand: 0,
});

type Side = 'with' | 'without' | 'by hand';
const SIDES: readonly Side[] = ['with', 'without', 'by hand'];

/**
 * The triggers' cost on one store: imports with and without, bursts with, without and by hand,
 * interleaved (the order rotated and reversed round by round).
 */
async function triggerCosts(
  kind: 'sqlite' | 'postgres',
  open: Opener,
  guilds: number,
  rounds: number,
  updates: number,
  log: (line: string) => void,
): Promise<TriggerCosts> {
  const file = historyCostsFile(guilds);
  const changed = everyGalleonsMoved(file);
  const costs: TriggerCosts = {
    store: kind,
    guilds,
    firstImport: { withMs: [], withoutMs: [], ratio: 0 },
    changedImport: { withMs: [], withoutMs: [], ratio: 0 },
    burst: { updates, ...noBursts() },
    burstOneTransaction: noBursts(),
  };
  const p = (n: number) => (kind === 'sqlite' ? '?' : `$${n}`);
  const set = `UPDATE profiles SET galleons = ${p(1)} WHERE guild_id = ${p(2)} AND id = ${p(3)}`;
  const guildIds = file.guilds.map((guild) => guild.id);
  // Each round imports into fresh databases first: one with the triggers, one that has them dropped
  // before, and one by hand, imported with them (the periods' rows the same as with) and dropped
  // after.
  for (let round = -1; round < rounds; round++) {
    const dbs = new Map<Side, Fresh>();
    try {
      for (const side of SIDES) {
        const fresh = await open(`members-${side.replace(' ', '-')}`);
        dbs.set(side, fresh);
        if (side === 'without' && (await fresh.dropPeriodTriggers()).length === 0) {
          throw new Error('found no period trigger to drop');
        }
      }
      const db = (side: Side) => dbs.get(side) as Fresh;
      // Rotated, and reversed every other round, so drift does not always favour one side.
      const shift = (round + SIDES.length) % SIDES.length;
      const rotated = [...SIDES.slice(shift), ...SIDES.slice(0, shift)];
      const order = round % 2 === 0 ? rotated : rotated.reverse();
      const timedAll = async (
        sides: readonly Side[],
        work: (fresh: Fresh, side: Side) => Promise<unknown>,
      ) => {
        const ms: Record<Side, number> = { with: 0, without: 0, 'by hand': 0 };
        for (const side of order.filter((each) => sides.includes(each))) {
          const since = performance.now();
          await work(db(side), side);
          ms[side] = performance.now() - since;
        }
        return ms;
      };
      // The untimed first round (code compiled, heap grown) on a tenth of the guilds.
      const sized = round < 0 ? { guilds: file.guilds.slice(0, Math.ceil(guilds / 10)) } : file;
      const movedFile = round < 0 ? everyGalleonsMoved(sized) : changed;
      const imports: Side[] = ['with', 'without'];
      const first = await timedAll(imports, (fresh) => fresh.store.importData(sized));
      const again = await timedAll(imports, (fresh) => fresh.store.importData(movedFile));
      await db('by hand').store.importData(sized);
      await db('by hand').store.importData(movedFile);
      if ((await db('by hand').dropPeriodTriggers()).length === 0) {
        throw new Error('found no period trigger to drop');
      }
      const random = mulberry32(0x1000 + round);
      const writes = Array.from({ length: updates }, () => [
        random() * 10_000,
        guildIds[Math.floor(random() * sized.guilds.length)] ?? '',
        1 + Math.floor(random() * 5),
      ]);
      /** Each write of the burst; `moved` apart per burst: a write that leaves galleons as they were runs no trigger body. */
      const burst = async (write: GalleonsWrite, moved: number) => {
        for (const [galleons, guild, id] of writes) {
          await write(Math.floor(Number(galleons)) + moved, String(guild), Number(id));
        }
      };
      const plainWrite =
        (fresh: Fresh): GalleonsWrite =>
        (galleons, guild, id) =>
          fresh.run(set, [galleons, guild, id]);
      const own = await timedAll(SIDES, (fresh, side) =>
        burst(side === 'by hand' ? periodWriteByHand(fresh, kind) : plainWrite(fresh), 0),
      );
      const inOne = await timedAll(SIDES, async (fresh, side) => {
        await fresh.run('BEGIN', []);
        await burst(
          side === 'by hand' ? periodWriteByHand(fresh, kind, true) : plainWrite(fresh),
          20_000,
        );
        await fresh.run('COMMIT', []);
      });
      const [withRows, withoutRows, byHandRows] = await Promise.all(
        SIDES.map((side) => periodRowsDigest(db(side))),
      );
      // The triggers and the hand keep the same rows; without, none.
      if (withRows !== byHandRows || !withoutRows?.startsWith('0 rows')) {
        throw new Error(
          `profile_changes with / without / by hand: ${withRows} / ${withoutRows} / ${byHandRows}`,
        );
      }
      if (round < 0) continue;
      costs.firstImport.withMs.push(first.with);
      costs.firstImport.withoutMs.push(first.without);
      costs.changedImport.withMs.push(again.with);
      costs.changedImport.withoutMs.push(again.without);
      const perWrite = (ms: number) => (ms * 1000) / updates;
      for (const [figures, times] of [
        [costs.burst, own],
        [costs.burstOneTransaction, inOne],
      ] as const) {
        figures.withUs.push(perWrite(times.with));
        figures.withoutUs.push(perWrite(times.without));
        figures.byHandUs.push(perWrite(times['by hand']));
      }
      const us = (times: Record<Side, number>) =>
        SIDES.map((side) => perWrite(times[side]).toFixed(0)).join('/');
      log(
        `members trigger costs (${kind}) round ${round + 1}/${rounds}: import ${first.with.toFixed(0)}/${first.without.toFixed(0)} ms, ` +
          `changed import ${again.with.toFixed(0)}/${again.without.toFixed(0)} ms (with/without); burst ${us(own)} µs, ` +
          `in one transaction ${us(inOne)} µs (with/without/by hand)`,
      );
    } finally {
      for (const fresh of dbs.values()) await fresh.dispose();
    }
  }
  costs.firstImport.ratio = ratioOf(costs.firstImport.withMs, costs.firstImport.withoutMs);
  costs.changedImport.ratio = ratioOf(costs.changedImport.withMs, costs.changedImport.withoutMs);
  for (const figures of [costs.burst, costs.burstOneTransaction]) {
    figures.ratio = ratioOf(figures.withUs, figures.withoutUs);
    figures.ratioToByHand = ratioOf(figures.withUs, figures.byHandUs);
  }
  return costs;
}

export async function membersBench(
  options: MembersOptions,
  prepared: ReturnType<typeof prepareMembers>,
): Promise<MembersReport> {
  const { guildId, size } = largestGuild(options.manifest);
  const failures: string[] = [];
  const stores: MembersStoreFigures[] = [
    await storeFigures('sqlite', options, options.sqliteUrl, prepared, failures),
  ];
  if (options.postgres) {
    stores.push(
      await storeFigures('postgres', options, options.postgres.nodeUrl, prepared, failures),
    );
  }
  const guilds = options.quick ? 200 : 10_000;
  const rounds = options.quick ? 1 : options.rounds;
  const updates = options.quick ? 100 : 1000;
  const costs = [
    await triggerCosts(
      'sqlite',
      sqliteOpener(join(options.work, 'members-costs')),
      guilds,
      rounds,
      updates,
      options.log,
    ),
  ];
  if (options.postgres) {
    costs.push(
      await triggerCosts(
        'postgres',
        postgresOpener(options.postgres.adminUrl),
        guilds,
        rounds,
        updates,
        options.log,
      ),
    );
  }
  return {
    guildId,
    guildSize: size,
    changedProfiles: prepared.changedProfiles,
    members: prepared.members,
    stores,
    costs,
    failures,
  };
}

const ms = (value: number) => value.toFixed(2);
const cold = (f: ColdFigures) => `p50 ${ms(f.p50Ms)} / p99 ${ms(f.p99Ms)} ms`;
/** Issue targets: rank p50 on each store; triggers' slowdown. */
const RANK_TARGET_MS = {
  sqlite: TARGETS.rankSqlite.threshold,
  postgres: TARGETS.rankPostgres.threshold,
} as const;
const TRIGGER_TARGET = TARGETS.periodTriggers.threshold;
const BY_HAND_TARGET = TARGETS.periodTriggersByHand.threshold;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function formatMembers(report: MembersReport): string {
  const profiles = report.members.map((m) => m.profiles);
  const lines = [
    `members' race (guild of ${report.guildSize.toLocaleString('en')} profiles, ${report.changedProfiles.toLocaleString('en')} of them changed this week; ` +
      `${report.members.length} members ranked, ${Math.min(...profiles)}–${Math.max(...profiles)} profile(s) each):`,
  ];
  for (const s of report.stores) {
    const target = RANK_TARGET_MS[s.store];
    lines.push(
      `  ${s.store} rank ?sort=galleons cold over HTTP: ${cold(s.rank.galleons)} (target p50 ≤ ${target} ms: ${verdict(s.rank.galleons.p50Ms <= target)}); store alone ${cold(s.rank.storeGalleons)}`,
      `  ${s.store} rank ?sort=change&period=week cold over HTTP: ${cold(s.rank.week)}; store alone ${cold(s.rank.storeWeek)}`,
      `  ${s.store} the floor, another guild's cached points after the same commits: ${cold(s.rank.floor)}`,
      `  ${s.store} ?sort=change&period=week&limit=100: cold ${cold(s.page.cold)}; cached ${s.page.cached.rps.toFixed(0)} req/s = ${s.page.ratioToA.toFixed(2)} × A (A ${s.page.aRps[0].toFixed(0)} → ${s.page.aRps[1].toFixed(0)})`,
      `  ${s.store} profile_changes: ${s.periods.rows.toLocaleString('en')} rows, ${s.periods.bytes.toLocaleString('en')} bytes → ${s.periods.bytesPerRow.toFixed(0)} bytes per profile per period`,
    );
  }
  for (const c of report.costs) {
    const us = (v: number[]) => median(v).toFixed(1);
    lines.push(
      `  ${c.store} triggers, ${c.guilds.toLocaleString('en')}-guild import: ${median(c.firstImport.withMs).toFixed(0)} vs ${median(c.firstImport.withoutMs).toFixed(0)} ms → ${c.firstImport.ratio.toFixed(3)}; ` +
        `again with every galleons moved: ${median(c.changedImport.withMs).toFixed(0)} vs ${median(c.changedImport.withoutMs).toFixed(0)} ms → ${c.changedImport.ratio.toFixed(3)} (target ≤ ${TRIGGER_TARGET}: ${verdict(c.changedImport.ratio <= TRIGGER_TARGET)})`,
      `  ${c.store} triggers, burst of ${c.burst.updates} UPDATEs: ${us(c.burst.withUs)} vs ${us(c.burst.withoutUs)} µs each → ${c.burst.ratio.toFixed(3)} (target ≤ ${TRIGGER_TARGET}: ${verdict(c.burst.ratio <= TRIGGER_TARGET)}); ` +
        `in one transaction ${us(c.burstOneTransaction.withUs)} vs ${us(c.burstOneTransaction.withoutUs)} µs → ${c.burstOneTransaction.ratio.toFixed(2)}`,
      `  ${c.store} the same rows by hand: burst ${us(c.burst.byHandUs)} µs each, the triggers ÷ by hand ${c.burst.ratioToByHand.toFixed(3)} (target ≤ ${BY_HAND_TARGET}: ${verdict(c.burst.ratioToByHand <= BY_HAND_TARGET)}); ` +
        `in one transaction ${us(c.burstOneTransaction.byHandUs)} µs → ${c.burstOneTransaction.ratioToByHand.toFixed(2)}`,
    );
  }
  if (report.failures.length > 0) lines.push(`  FAILED: ${report.failures.join('; ')}`);
  return lines.join('\n');
}
