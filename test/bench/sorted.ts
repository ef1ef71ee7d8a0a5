import { writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { ProfileCursor } from '../../src/read/types.js';
import { DEFAULT_VIEW, profileView, viewKey } from '../../src/records/profile-order.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { largestGuild } from './dataset.js';
import { get } from './http-get.js';
import type { LoadResult, LoadSettings } from './load.js';
import { oneAtATime, type ProbeResult, probe } from './probe.js';
import { memoryOf } from './processes.js';
import { median, percentile } from './stats.js';
import { TARGETS } from './targets.js';

/*
 * The sorted list's figures (issue 15, docs/http-api.md), on the largest guild of the dataset
 * (50,000 profiles in the full run):
 * - `?sort=galleons&limit=100` cold (the answer cache emptied by a commit from another
 *   connection before each request, as an import would) and cached (under load);
 * - a full walk with `limit=1000` (cold), each page timed: a page's cost must not grow with its
 *   depth (last page over first page ≤ 1.5);
 * - a small request's latency while whole sorted lists of that size are built and sent: the
 *   event loop must stay free (no block over 20 ms).
 * `npm run bench -- --only sorted` runs these alone.
 */

export interface SortedReport {
  guildSize: number;
  page: {
    path: string;
    bytes: number;
    cold: { samples: number; p50Ms: number; p99Ms: number; maxMs: number };
    cached: LoadResult;
    cachedOneAtATime: ProbeResult;
  };
  walk: {
    limit: number;
    pages: number;
    walks: number;
    /** Median over the walks, per page. */
    pageMs: number[];
    firstMs: number;
    lastMs: number;
    /** The last page's median over the first page's. */
    lastOverFirst: number;
    /** Median of the second half's pages over the first half's: the trend, not one page. */
    deepOverShallow: number;
    /** The same walk read from the store in this process: the read alone, no HTTP, no cache. */
    store: { pageMs: number[]; firstMs: number; lastMs: number; lastOverFirst: number };
  };
  /** A small request while whole sorted lists are built again and again. */
  eventLoop: ProbeResult & { while: string };
  /** The same while whole plain lists (section 2's order, cached) go out: the reference. */
  plainLoad: ProbeResult & { while: string };
  /** The server's peak RSS (VmHWM) once these figures are taken, MiB; null without /proc. */
  serverPeakMiB: number | null;
  /** The longest event-loop delay while the store reads one whole list, per view, ms. */
  blocks: { view: string; readMs: number; maxDelayMs: number }[];
  failures: string[];
}

export interface SortedOptions extends LoadSettings {
  url: string;
  /** The server's process, for its memory. */
  pid: number;
  databasePath: string;
  probeS: number;
  quick: boolean;
  log: (line: string) => void;
}

/** Records one page's time among the walks' times of that page. */
function addTime(perPage: number[][], page: number, ms: number): void {
  const times = perPage[page] ?? [];
  times.push(ms);
  perPage[page] = times;
}

/**
 * Empties the server's answer cache the way any write does: a commit by another connection
 * changes SQLite's data_version, which the server reads at most once a millisecond.
 */
function committer(path: string, pointsGuild: string) {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  // A real change (SQLite skips an update to the same value: no commit, no new generation), one
  // point up, then back down: every other commit leaves the data as it was.
  const touch = db.prepare(
    'UPDATE house_points SET gryffindor = gryffindor + ? WHERE guild_id = ?',
  );
  let delta = 1;
  return {
    async commit() {
      if (touch.run(delta, pointsGuild).changes !== 1) throw new Error('no house points to touch');
      delta = -delta;
      // Past the millisecond within which the server may not look at data_version again.
      await new Promise((resolve) => setTimeout(resolve, 3));
    },
    pointsGuild,
    close() {
      // Leave the points as they were found.
      if (delta === -1) touch.run(-1, pointsGuild);
      db.close();
    },
  };
}

/**
 * The walk's pages read straight from the store (another connection on the same file), each
 * timed: what a page costs the server's store, without HTTP or the answer cache around it.
 */
async function storeWalk(path: string, guildId: string, limit: number, walks: number) {
  const store = openSqliteStore(path);
  const view = profileView('galleons', undefined, undefined);
  const perPage: number[][] = [];
  try {
    // One walk more than recorded: the first prepares the statements.
    for (let walk = -1; walk < walks; walk++) {
      let after: ProfileCursor | undefined;
      for (let page = 0; ; page++) {
        const started = performance.now();
        const list = await store.read.players.listSerialized(guildId, { limit, after }, view);
        if (walk >= 0) addTime(perPage, page, performance.now() - started);
        if (!list?.next) break;
        after = list.next;
      }
    }
  } finally {
    await store.close();
  }
  const pageMs = perPage.map(median);
  const firstMs = pageMs[0] ?? 0;
  const lastMs = pageMs.at(-1) ?? 0;
  return { pageMs, firstMs, lastMs, lastOverFirst: firstMs > 0 ? lastMs / firstMs : 0 };
}

/**
 * How long a whole list's read keeps the event loop from other work, per view: the store's
 * chunked read in this process, under monitorEventLoopDelay (the server's own loop does the
 * same work between requests). The 50,000-profile promise: no block over 20 ms.
 */
async function storeBlocks(path: string, guildId: string) {
  const store = openSqliteStore(path);
  const views = [
    DEFAULT_VIEW,
    profileView('galleons', undefined, undefined),
    profileView('name', 'desc', undefined),
    profileView('year', undefined, undefined),
    profileView('created_at', undefined, 'gryffindor'),
  ];
  const blocks: SortedReport['blocks'] = [];
  try {
    for (const view of views) {
      let readMs = Number.POSITIVE_INFINITY;
      let maxDelayMs = 0;
      for (let i = 0; i < 3; i++) {
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        const started = performance.now();
        await store.read.players.listSerialized(guildId, undefined, view);
        readMs = Math.min(readMs, performance.now() - started);
        delay.disable();
        maxDelayMs = Math.max(maxDelayMs, delay.max / 1e6);
      }
      blocks.push({ view: viewKey(view), readMs, maxDelayMs });
    }
  } finally {
    await store.close();
  }
  return blocks;
}

export async function sortedBench(options: SortedOptions): Promise<SortedReport> {
  const { url, key, log } = options;
  const headers = { authorization: key };
  const failures: string[] = [];
  const { guildId, size } = largestGuild(options.manifest);
  const {
    commit: emptyCache,
    close,
    pointsGuild,
  } = committer(options.databasePath, options.manifest.withPoints[0] ?? '');
  const pagePath = `/v1/players/${guildId}?sort=galleons&limit=100`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // After a commit the first request also reloads the API keys (their table may have changed):
  // an untimed request pays that, so the timed ones measure the list alone.
  const commit = async () => {
    await emptyCache();
    await get(`${url}/v1/points/${pointsGuild}`, headers, agent);
  };
  const timed = async (path: string) => {
    const started = performance.now();
    const answer = await get(url + path, headers, agent);
    const ms = performance.now() - started;
    if (answer.status !== 200) failures.push(`sorted: GET ${path} answered ${answer.status}`);
    return { ms, answer };
  };

  try {
    // Cached: the same page under load, and one at a time. First, so that the cold figures
    // below are those of a warm process whose answer cache was emptied, not of a fresh one.
    log(`sorted: ${pagePath} cached, ${options.durationS} s under load`);
    const pathsFile = join(options.work, 'sorted-page.txt');
    writeFileSync(pathsFile, `${pagePath}\n`);
    await timed(pagePath);
    const cached = await options.load({
      url,
      pathsFile,
      authorization: key,
      connections: 32,
      durationS: options.durationS,
      timeoutS: 10,
      cpu: options.cpu,
      strict: true,
    });
    if (cached.non2xx > 0 || cached.socketErrors > 0 || cached.requests === 0) {
      failures.push(`sorted cached page: ${cached.non2xx} non-2xx, ${cached.socketErrors} errors`);
    }
    const bytes = (await timed(pagePath)).answer.body.length;
    const cachedOneAtATime = await oneAtATime(
      (_i, oneAgent) => get(url + pagePath, headers, oneAgent),
      new Promise((resolve) => setTimeout(resolve, options.quick ? 300 : 2000)),
      0,
    );

    // Cold: every request after a commit, so each one reads the store and builds its answer.
    log(`sorted: ${pagePath} cold, one at a time (guild of ${size.toLocaleString('en')})`);
    const coldSamples = options.quick ? 5 : 40;
    const cold: number[] = [];
    for (let i = 0; i < coldSamples; i++) {
      await commit();
      cold.push((await timed(pagePath)).ms);
    }
    cold.sort((a, b) => a - b);

    // The walk: every page of the richest-first list, cold, timed one by one.
    const limit = Math.min(1000, Math.max(10, size / 10));
    const walks = options.quick ? 2 : 7;
    log(`sorted: ${walks} cold walks of ?sort=galleons&limit=${limit}`);
    const perPage: number[][] = [];
    for (let walk = 0; walk < walks; walk++) {
      await commit();
      let path = `/v1/players/${guildId}?sort=galleons&limit=${limit}`;
      const seen = new Set<number>();
      for (let page = 0; ; page++) {
        const { ms, answer } = await timed(path);
        addTime(perPage, page, ms);
        const body = JSON.parse(answer.body.toString('utf8')) as {
          results: { id: number }[];
          next: string | null;
        };
        for (const profile of body.results) seen.add(profile.id);
        if (body.next === null) break;
        path = `/v1/players/${guildId}?sort=galleons&limit=${limit}&after=${body.next}`;
      }
      if (seen.size !== size) failures.push(`sorted walk saw ${seen.size} of ${size} profiles`);
    }
    const pageMs = perPage.map(median);
    const store = await storeWalk(options.databasePath, guildId, limit, walks);
    const firstMs = pageMs[0] ?? 0;
    const lastMs = pageMs.at(-1) ?? 0;
    const half = Math.floor(pageMs.length / 2);
    const shallow = median(pageMs.slice(0, Math.max(1, half)));
    const deep = median(pageMs.slice(half));

    // A small request's latency while whole lists of the largest guilds go out: the plain list
    // (two answers, both held by the answer cache: the 50,000-profile row's own probe), then
    // every sort and order (16 answers of 9.8 MB, more than the 32 MiB cache holds, so they
    // are built again and again). No commit meanwhile: a commit during a whole list's read
    // restarts it, and a third restart reads it in one go (store/sqlite/keyset.ts), which a
    // commit every 100 ms, tried first, turned into blocks of 100-400 ms for both lists.
    const big = options.manifest.guildsBySize[String(size)] ?? [guildId];
    const small = options.manifest.withPoints.slice(0, 200).map((g) => `/v1/points/${g}`);
    const underLoad = async (name: string, paths: string[]) => {
      const file = join(options.work, `sorted-${name}.txt`);
      writeFileSync(file, `${paths.join('\n')}\n`);
      log(
        `sorted: event-loop probe, ${options.probeS} s of whole ${name} lists over 4 connections`,
      );
      const heavy = options.load({
        url,
        pathsFile: file,
        authorization: key,
        connections: 4,
        durationS: options.probeS,
        timeoutS: 60,
        cpu: options.cpu,
        strict: false,
      });
      const result = await probe(url, small, headers, heavy);
      const heavyResult = await heavy;
      if (heavyResult.non2xx > 0 || heavyResult.socketErrors > 0) {
        failures.push(
          `${name} whole lists: ${heavyResult.non2xx} non-2xx, ${heavyResult.socketErrors} errors`,
        );
      }
      if (result.failures > 0) failures.push(`${name} probe: ${result.failures} answers not 200`);
      return {
        ...result,
        while: `whole ${name} lists of ${size.toLocaleString('en')} profiles go out (${heavyResult.rps.toFixed(1)}/s, 4 connections)`,
      };
    };
    const plainLoad = await underLoad(
      'plain',
      big.map((g) => `/v1/players/${g}`),
    );
    const eventLoop = await underLoad(
      'sorted',
      big.flatMap((g) =>
        ['galleons', 'name', 'year', 'created_at'].flatMap((sort) =>
          ['asc', 'desc'].map((order) => `/v1/players/${g}?sort=${sort}&order=${order}`),
        ),
      ),
    );
    const serverPeakMiB = memoryOf(options.pid)?.peakMiB ?? null;
    const blocks = await storeBlocks(options.databasePath, guildId);

    return {
      guildSize: size,
      page: {
        path: '/v1/players/:g?sort=galleons&limit=100',
        bytes,
        cold: {
          samples: cold.length,
          p50Ms: percentile(cold, 50),
          p99Ms: percentile(cold, 99),
          maxMs: cold.at(-1) ?? 0,
        },
        cached,
        cachedOneAtATime,
      },
      walk: {
        limit,
        pages: pageMs.length,
        walks,
        pageMs,
        firstMs,
        lastMs,
        lastOverFirst: firstMs > 0 ? lastMs / firstMs : 0,
        deepOverShallow: shallow > 0 ? deep / shallow : 0,
        store,
      },
      eventLoop,
      plainLoad,
      serverPeakMiB,
      blocks,
      failures,
    };
  } finally {
    agent.destroy();
    close();
  }
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);

export function formatSorted(report: SortedReport | null): string {
  if (!report) return 'sorted lists: not run';
  const { page, walk, eventLoop, plainLoad } = report;
  return [
    `sorted lists (guild of ${report.guildSize.toLocaleString('en')} profiles):`,
    `  ${page.path} (${(page.bytes / 1000).toFixed(1)} KB) cold: p50 ${fixed(page.cold.p50Ms)} ms, ` +
      `p99 ${fixed(page.cold.p99Ms)} ms, max ${fixed(page.cold.maxMs)} ms (${page.cold.samples} requests, each after a commit)`,
    `  cached, 32 connections: ${fixed(page.cached.rps, 0)} req/s, p50 ${fixed(page.cached.latencyMs.p50)} ms, ` +
      `p99 ${fixed(page.cached.latencyMs.p99)} ms; one at a time p50 ${fixed(page.cachedOneAtATime.p50Ms)} ms`,
    `  walk with limit=${walk.limit}: ${walk.pages} pages, median of ${walk.walks} cold walks: first ${fixed(walk.firstMs)} ms, ` +
      `last ${fixed(walk.lastMs)} ms → last/first ${fixed(walk.lastOverFirst)} (target ${TARGETS.sortedWalk.compare} ${TARGETS.sortedWalk.threshold}); deeper half/shallower half ${fixed(walk.deepOverShallow)}`,
    `  the same walk read from the store alone: first ${fixed(walk.store.firstMs, 3)} ms, last ${fixed(walk.store.lastMs, 3)} ms → last/first ${fixed(walk.store.lastOverFirst)}`,
    ...[plainLoad, eventLoop].map(
      (probe) =>
        `  small request while ${probe.while}: ${probe.requests} requests, p50 ${fixed(probe.p50Ms)} ms, ` +
        `p99 ${fixed(probe.p99Ms)} ms, max ${fixed(probe.maxMs)} ms`,
    ),
    `  server peak RSS after these: ${report.serverPeakMiB === null ? '–' : `${fixed(report.serverPeakMiB, 1)} MiB`}`,
    `  longest event-loop block of a whole list's read (store alone; worst block, fastest read of 3): ${report.blocks
      .map((b) => `${b.view} ${fixed(b.maxDelayMs, 1)} ms (read ${fixed(b.readMs, 0)} ms)`)
      .join(', ')}`,
  ].join('\n');
}
