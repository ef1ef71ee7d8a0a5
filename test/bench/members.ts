import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createLogger } from '../../src/logger.js';
import { type ChangeView, changeView } from '../../src/records/periods.js';
import { type ProfileView, profileView } from '../../src/records/profile-order.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';
import { type DatasetManifest, largestGuild, mulberry32 } from './dataset.js';
import { postgresOpener, sqliteOpener } from './history-costs.js';
import { get } from './http-get.js';
import type { LoadResult, LoadSettings } from './load.js';
import {
  type ColdFigures,
  coldSeries,
  inStore,
  overHttp,
  postgresCommitter,
  sqliteCommitter,
} from './members-cold.js';
import { formatPeriodCosts, periodCosts, type TriggerCosts } from './period-costs.js';
import { median } from './stats.js';
import { goal, meets, TARGETS } from './targets.js';

/*
 * The members' race (docs/http-api.md, "A member's rank" and "Periods"), on both stores:
 * - a member's rank on the dataset's largest guild (50,000 profiles in the full run), cold: each
 *   request after a commit to that guild (another connection moves one other profile's galleons),
 *   one at a time, the server's processes taking turns; as the client saw it, and the store's read
 *   alone in this process (also with the CPU's caches emptied first), after the same commits;
 *   beside them, interleaved with the ranks, the floor (another guild's cached points) and the
 *   member's own answer (all that a rank costs but its count), so that what the rank adds to a
 *   request is read process by process;
 * - `?sort=change&period=week&limit=100` of that guild: cached under load as × A (baseline A
 *   measured just before and after, in the same run) and cold one at a time;
 * - the period triggers' cost (period-costs.ts);
 * - bytes per profile per period: profile_changes (table and indexes) over its rows.
 * The periods' rows of the big guild come from real writes: a share of its profiles get a
 * galleons change in the scratch copy this runs on, before the servers start.
 */

export interface MembersStoreFigures {
  store: 'sqlite' | 'postgres';
  rank: {
    /** `GET …/:userId/rank?sort=galleons`, over HTTP, each after a commit. */
    galleons: ColdFigures;
    /** `GET …/:userId/rank?sort=change&period=week`, the same way. */
    week: ColdFigures;
    /** The store's `rank` (sort=galleons) alone, in this process, each after a commit. */
    storeGalleons: ColdFigures;
    /**
     * The same, the CPU's caches flushed before each read (a buffer larger than the last-level
     * cache written): as a server's read meets them after its idle time and other processes.
     */
    storeGalleonsFlushed: ColdFigures;
    storeWeek: ColdFigures;
    /** Another guild's cached points over HTTP, each after a commit: every cost but the rank's. */
    floor: ColdFigures;
    /**
     * The member's profiles over HTTP, each after a commit: the floor, the answer built afresh
     * and a read of a row or two, so all that a rank costs but its count.
     */
    member: ColdFigures;
    /**
     * What the rank adds to the member's own answer (p50s), ÷ the store's count with the caches
     * flushed: above 1, the server spends on a rank more than its count.
     */
    overCount: number;
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
  /**
   * Servers on the scratch copy: SQLite's processes, PostgreSQL's (a copy made after
   * `prepareMembers`), A. Cold requests take turns over the processes, cached rounds too.
   */
  sqliteUrls: string[];
  postgres: { nodeUrls: string[]; databaseUrl: string; adminUrl: string } | null;
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

async function storeFigures(
  kind: 'sqlite' | 'postgres',
  options: MembersOptions,
  nodeUrls: readonly string[],
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
  const http = overHttp(nodeUrls, headers, failures);
  try {
    log(`members (${kind}): rank cold, ${samples} requests over ${users.length} members`);
    const rankPaths = (query: string) =>
      users.map((u) => `/v1/players/${guildId}/${u}/rank?${query}`);
    // The dataset's smallest guild: its points are cached, and no commit here touches them.
    const smallest = Object.keys(options.manifest.guildsBySize).sort((a, b) => +a - +b)[0] ?? '';
    const otherGuild = options.manifest.guildsBySize[smallest]?.[0] ?? '';
    const rankOf = (view: ProfileView | ChangeView) => (u: string) =>
      store.read.players.rank(guildId, u, view);
    const [galleons, week, floor, member, storeGalleons, storeGalleonsFlushed, storeWeek] =
      await coldSeries(
        [
          http.probe(rankPaths('sort=galleons')),
          http.probe(rankPaths('sort=change&period=week')),
          http.probe([`/v1/points/${otherGuild}`]),
          http.probe(users.map((u) => `/v1/players/${guildId}/${u}`)),
          inStore(rankOf(galleonsView), users),
          inStore(rankOf(galleonsView), users, true),
          inStore(rankOf(weekView), users),
        ],
        samples,
        committer,
      );
    const pagePath = `/v1/players/${guildId}?sort=change&period=week&limit=100`;
    log(`members (${kind}): ${pagePath} cold, then cached × A (guild of ${size})`);
    const [pageCold] = await coldSeries(
      [http.probe([pagePath])],
      options.quick ? 10 : 40,
      committer,
    );
    const first = await get(nodeUrls[0] + pagePath, headers);
    const body = JSON.parse(first.body.toString('utf8')) as { results?: { change?: number }[] };
    if (!body.results?.some((profile) => (profile.change ?? 0) !== 0)) {
      failures.push(`members: ${pagePath} shows no change on ${kind}`);
    }
    const pathsFile = join(options.work, `members-${kind}.txt`);
    writeFileSync(pathsFile, `${pagePath}\n`);
    const aFile = join(options.work, 'members-A.txt');
    writeFileSync(aFile, '/\n');
    const run = (
      url: string,
      file: string,
      authorization?: string,
      durationS = options.durationS,
    ) =>
      options.load({
        url,
        pathsFile: file,
        authorization,
        connections: 32,
        durationS,
        timeoutS: 10,
        cpu: options.cpu,
        strict: true,
      });
    const cachedRuns: LoadResult[] = [];
    const aRuns: [number, number][] = [];
    const ratios: number[] = [];
    // A process's first round read far below its later ones: each is warmed first, untimed.
    if (!options.quick) {
      for (const url of nodeUrls) await run(url, pathsFile, options.key, 1);
    }
    for (let round = 0; round < options.rounds; round++) {
      const before = await run(options.baselineUrl, aFile);
      const cached = await run(nodeUrls[round % nodeUrls.length] ?? '', pathsFile, options.key);
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
      rank: {
        galleons,
        week,
        storeGalleons,
        storeGalleonsFlushed,
        storeWeek,
        floor,
        member,
        overCount: (galleons.p50Ms - member.p50Ms) / storeGalleonsFlushed.p50Ms,
      },
      page: {
        cold: pageCold,
        cached: cachedRuns[at] as LoadResult,
        aRps: aRuns[at] ?? [0, 0],
        ratioToA: median(ratios),
      },
      periods: { rows, bytes, bytesPerRow: rows > 0 ? bytes / rows : 0 },
    };
  } finally {
    http.close();
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

export async function membersBench(
  options: MembersOptions,
  prepared: ReturnType<typeof prepareMembers>,
): Promise<MembersReport> {
  const { guildId, size } = largestGuild(options.manifest);
  const failures: string[] = [];
  const stores: MembersStoreFigures[] = [
    await storeFigures('sqlite', options, options.sqliteUrls, prepared, failures),
  ];
  if (options.postgres) {
    stores.push(
      await storeFigures('postgres', options, options.postgres.nodeUrls, prepared, failures),
    );
  }
  const sizes = {
    guilds: options.quick ? 200 : 10_000,
    rounds: options.quick ? 1 : options.rounds,
    updates: options.quick ? 100 : 1000,
    log: options.log,
  };
  const costs = [
    await periodCosts('sqlite', sqliteOpener(join(options.work, 'members-costs')), sizes),
  ];
  if (options.postgres) {
    costs.push(await periodCosts('postgres', postgresOpener(options.postgres.adminUrl), sizes));
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
/** p50 / p99, and each process's p50 where more than one took turns. */
const cold = (f: ColdFigures) =>
  `p50 ${ms(f.p50Ms)} / p99 ${ms(f.p99Ms)} ms` +
  (f.p50ByProcess.length > 1 ? ` (p50 by process ${f.p50ByProcess.map(ms).join(' / ')})` : '');
/** The rank's cost over a lesser request, process by process: what the rank adds to it. */
const overFloor = (rank: ColdFigures, floor: ColdFigures) =>
  rank.p50ByProcess.map((p50, i) => ms(p50 - (floor.p50ByProcess[i] ?? 0))).join(' / ');
/** Issue targets: rank p50 on each store. */
const RANK_TARGET_MS = {
  sqlite: TARGETS.rankSqlite.threshold,
  postgres: TARGETS.rankPostgres.threshold,
} as const;
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
      `  ${s.store} the floor, another guild's cached points after the same commits: ${cold(s.rank.floor)}; ?sort=galleons over it, p50 by process: ${overFloor(s.rank.galleons, s.rank.floor)} ms`,
      `  ${s.store} the member's profiles cold over HTTP (all of a rank but its count): ${cold(s.rank.member)}; ?sort=galleons over it, p50 by process: ${overFloor(s.rank.galleons, s.rank.member)} ms; the store's rank with the CPU's caches flushed: ${cold(s.rank.storeGalleonsFlushed)}; the rank over the member's answer ÷ that count ${s.rank.overCount.toFixed(2)} (target ${goal(TARGETS.rankOverCount)}: ${verdict(meets(TARGETS.rankOverCount, s.rank.overCount))})`,
      `  ${s.store} ?sort=change&period=week&limit=100: cold ${cold(s.page.cold)}; cached ${s.page.cached.rps.toFixed(0)} req/s = ${s.page.ratioToA.toFixed(2)} × A (A ${s.page.aRps[0].toFixed(0)} → ${s.page.aRps[1].toFixed(0)})`,
      `  ${s.store} profile_changes: ${s.periods.rows.toLocaleString('en')} rows, ${s.periods.bytes.toLocaleString('en')} bytes → ${s.periods.bytesPerRow.toFixed(0)} bytes per profile per period`,
    );
  }
  for (const c of report.costs) lines.push(...formatPeriodCosts(c));
  if (report.failures.length > 0) lines.push(`  FAILED: ${report.failures.join('; ')}`);
  return lines.join('\n');
}
