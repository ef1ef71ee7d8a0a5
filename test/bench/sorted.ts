import { writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { DatasetManifest } from './dataset.js';
import { get } from './http-get.js';
import type { LoadGenerator, LoadResult } from './load.js';
import { oneAtATime, type ProbeResult, percentile, probe } from './probe.js';
import { median } from './report.js';

/*
 * The sorted list's figures (issue 15, DESIGN §9), on the largest guild of the dataset (50,000
 * profiles in the full run):
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
  };
  eventLoop: ProbeResult & { while: string };
  failures: string[];
}

export interface SortedOptions {
  url: string;
  key: string;
  databasePath: string;
  manifest: DatasetManifest;
  load: LoadGenerator;
  /** CPU list the load generator runs on. */
  cpu?: string | undefined;
  /** A folder for the load generator's path files. */
  work: string;
  durationS: number;
  probeS: number;
  quick: boolean;
  log: (line: string) => void;
}

/** The largest guild of the dataset, and its profile count. */
function largestGuild(manifest: DatasetManifest): { guildId: string; size: number } {
  const sizes = Object.keys(manifest.guildsBySize)
    .map(Number)
    .sort((a, b) => b - a);
  for (const size of sizes) {
    const guildId = manifest.guildsBySize[String(size)]?.[0];
    if (guildId) return { guildId, size };
  }
  throw new Error('dataset has no sized guild');
}

/**
 * Empties the server's answer cache the way any write does: a commit by another connection
 * changes SQLite's data_version, which the server reads at most once a millisecond.
 */
function committer(path: string, pointsGuild: string) {
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  // Rewrites a row as it is: no answer changes, but the commit changes the generation.
  const touch = db.prepare('UPDATE house_points SET gryffindor = gryffindor WHERE guild_id = ?');
  return {
    async commit() {
      if (touch.run(pointsGuild).changes !== 1) throw new Error('no house points to touch');
      // Past the millisecond within which the server may not look at data_version again.
      await new Promise((resolve) => setTimeout(resolve, 3));
    },
    close: () => db.close(),
  };
}

export async function sortedBench(options: SortedOptions): Promise<SortedReport> {
  const { url, key, log } = options;
  const headers = { authorization: key };
  const failures: string[] = [];
  const { guildId, size } = largestGuild(options.manifest);
  const { commit, close } = committer(options.databasePath, options.manifest.withPoints[0] ?? '');
  const pagePath = `/v1/players/${guildId}?sort=galleons&limit=100`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const timed = async (path: string) => {
    const started = performance.now();
    const answer = await get(url + path, headers, agent);
    const ms = performance.now() - started;
    if (answer.status !== 200) failures.push(`sorted: GET ${path} answered ${answer.status}`);
    return { ms, answer };
  };

  try {
    // Cold: every request after a commit, so each one reads the store and builds its answer.
    log(`sorted: ${pagePath} cold, one at a time (guild of ${size.toLocaleString('en')})`);
    const coldSamples = options.quick ? 5 : 40;
    const cold: number[] = [];
    let bytes = 0;
    for (let i = 0; i < coldSamples; i++) {
      await commit();
      const { ms, answer } = await timed(pagePath);
      cold.push(ms);
      bytes = answer.body.length;
    }
    cold.sort((a, b) => a - b);

    // Cached: the same page under load, and one at a time.
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
    const cachedOneAtATime = await oneAtATime(
      (_i, oneAgent) => get(url + pagePath, headers, oneAgent),
      new Promise((resolve) => setTimeout(resolve, options.quick ? 300 : 2000)),
      0,
    );

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
        (perPage[page] ??= []).push(ms);
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
    const firstMs = pageMs[0] ?? 0;
    const lastMs = pageMs.at(-1) ?? 0;
    const half = Math.floor(pageMs.length / 2);
    const shallow = median(pageMs.slice(0, Math.max(1, half)));
    const deep = median(pageMs.slice(half));

    // Whole sorted lists of the largest guilds, every sort and order (more answers than the
    // cache holds, so they are built again and again), while a small request is timed.
    const big = options.manifest.guildsBySize[String(size)] ?? [guildId];
    const heavyPaths = big.flatMap((g) =>
      ['galleons', 'name', 'year', 'created_at'].flatMap((sort) =>
        ['asc', 'desc'].map((order) => `/v1/players/${g}?sort=${sort}&order=${order}`),
      ),
    );
    const heavyFile = join(options.work, 'sorted-whole.txt');
    writeFileSync(heavyFile, `${heavyPaths.join('\n')}\n`);
    log(`sorted: event-loop probe, ${options.probeS} s of whole sorted lists over 4 connections`);
    const heavy = options.load({
      url,
      pathsFile: heavyFile,
      authorization: key,
      connections: 4,
      durationS: options.probeS,
      timeoutS: 60,
      cpu: options.cpu,
      strict: false,
    });
    const small = options.manifest.withPoints.slice(0, 200).map((g) => `/v1/points/${g}`);
    const eventLoop = await probe(url, small, headers, heavy);
    const heavyResult = await heavy;
    if (heavyResult.non2xx > 0 || heavyResult.socketErrors > 0) {
      failures.push(
        `sorted whole lists: ${heavyResult.non2xx} non-2xx, ${heavyResult.socketErrors} errors`,
      );
    }
    if (eventLoop.failures > 0)
      failures.push(`sorted probe: ${eventLoop.failures} answers not 200`);

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
      },
      eventLoop: {
        ...eventLoop,
        while: `whole sorted lists of ${size.toLocaleString('en')} profiles (${heavyResult.rps.toFixed(1)}/s) over 4 connections`,
      },
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
  const { page, walk, eventLoop } = report;
  return [
    `sorted lists (guild of ${report.guildSize.toLocaleString('en')} profiles):`,
    `  ${page.path} (${(page.bytes / 1000).toFixed(1)} KB) cold: p50 ${fixed(page.cold.p50Ms)} ms, ` +
      `p99 ${fixed(page.cold.p99Ms)} ms, max ${fixed(page.cold.maxMs)} ms (${page.cold.samples} requests, each after a commit)`,
    `  cached, 32 connections: ${fixed(page.cached.rps, 0)} req/s, p50 ${fixed(page.cached.latencyMs.p50)} ms, ` +
      `p99 ${fixed(page.cached.latencyMs.p99)} ms; one at a time p50 ${fixed(page.cachedOneAtATime.p50Ms)} ms`,
    `  walk with limit=${walk.limit}: ${walk.pages} pages, median of ${walk.walks} cold walks: first ${fixed(walk.firstMs)} ms, ` +
      `last ${fixed(walk.lastMs)} ms → last/first ${fixed(walk.lastOverFirst)} (target ≤ 1.5); deeper half/shallower half ${fixed(walk.deepOverShallow)}`,
    `  small request while ${eventLoop.while}: ${eventLoop.requests} requests, p50 ${fixed(eventLoop.p50Ms)} ms, ` +
      `p99 ${fixed(eventLoop.p99Ms)} ms, max ${fixed(eventLoop.maxMs)} ms`,
  ].join('\n');
}
