import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { type AwardsReport, awardsBench, formatAwards, prepareAwards } from './awards.js';
import { type ColdPeer, type ColdServer, coldVersusPeer, formatColdPeer } from './cold-peer.js';
import type { Dataset, DatasetManifest } from './dataset.js';
import { postgresOpener, sqliteOpener } from './history-costs.js';
import { formatLiveFairness, type LiveFairnessReport, liveFairnessBench } from './live-fairness.js';
import {
  formatLiveScoreboards,
  type LiveScoreboardsReport,
  liveScoreboardsBench,
} from './live-scoreboards.js';
import type { LoadGenerator } from './load.js';
import type { Pinning } from './machine.js';
import { formatMembers, type MembersReport, membersBench, prepareMembers } from './members.js';
import { type BenchPostgres, benchPostgres } from './postgres.js';
import { freePort, type Served, spawnServer, waitForOk } from './processes.js';
import { formatRenders, RENDER_VARIANTS, type RendersReport, rendersBench } from './renders.js';
import type { Report } from './report.js';
import { formatSorted, type SortedReport, sortedBench } from './sorted.js';
import {
  benchStreams,
  FULL_PUBLIC_STREAMS,
  FULL_STREAMS,
  formatStreams,
  QUICK_STREAMS,
  type StreamsResult,
} from './streams.js';
import type { Results } from './targets.js';
import { formatTerms, prepareTerms, type TermsReport, termsBench } from './terms.js';
import { formatWebhooks, type WebhooksReport, webhooksBench } from './webhooks.js';
import {
  formatWebhooksFairness,
  type WebhooksFairnessReport,
  webhooksFairnessBench,
} from './webhooks-fairness.js';

/*
 * The bench's sections: each a function of one shared context, returning its report. `npm run
 * bench -- --only <name>` runs one; the full run runs them all (run.ts).
 */

export interface BenchSettings {
  rounds: number;
  /** Processes per server, in turns (sides.ts): the rows' rounds, the cold answers' commits. */
  processes: number;
  durationS: number;
  connections: number;
  startups: number;
  warmupS: number;
  probeS: number;
}

/** What every section shares: the dataset and its key, the work dir, the machine's set-up. */
export interface BenchContext {
  dataset: Dataset;
  manifest: DatasetManifest;
  /** An unlimited API key in the dataset. */
  key: string;
  /** A scratch directory, removed at the end of the run. */
  work: string;
  pinning: Pinning | undefined;
  load: { run: LoadGenerator; name: string };
  settings: BenchSettings;
  quick: boolean;
  log(line: string): void;
  /** Problems that fail the run (exit 1). */
  failures: string[];
  /** Every server spawned and not yet stopped: stopped at the end or on an interrupt. */
  running: Set<Served>;
  /** Every PostgreSQL database a section made and has not dropped yet: dropped likewise. */
  databases: Set<BenchPostgres>;
}

/** Stops a section's servers and drops its databases (those still up). */
export async function stopServers(ctx: BenchContext, served: readonly (Served | null)[]) {
  for (const one of served) {
    if (!one || !ctx.running.has(one)) continue;
    await one.stop();
    ctx.running.delete(one);
  }
}

/**
 * A node on `databasePath` (none: A), on the server's core, once its /readyz says ready (it checks
 * its database file until then: not while it is timed); A once `/` answers.
 */
export async function serve(
  ctx: BenchContext,
  databasePath?: string,
  env?: Record<string, string>,
): Promise<Served> {
  const served = spawnServer({
    port: await freePort(),
    cpu: ctx.pinning?.server,
    cwd: ctx.work,
    databasePath,
    env,
  });
  ctx.running.add(served);
  await waitForOk(
    served.url + (databasePath ? '/readyz' : '/'),
    {},
    performance.now(),
    300_000,
    [503],
  );
  return served;
}

/** The peer (peer.mjs) on `databasePath`, or on env's DATABASE_URL, once it answers `path`. */
async function servePeer(
  ctx: BenchContext,
  databasePath: string,
  path: string,
  env?: Record<string, string>,
): Promise<Served> {
  const served = spawnServer({
    port: await freePort(),
    cpu: ctx.pinning?.server,
    cwd: ctx.work,
    databasePath,
    env,
    peer: true,
  });
  ctx.running.add(served);
  await waitForOk(served.url + path, { authorization: ctx.key }, performance.now(), 60_000);
  return served;
}

/** A scratch copy of the dataset (with its -wal), its PostgreSQL copy, and nodes on both and A. */
export interface ScratchNodes {
  path: string;
  postgres: BenchPostgres | null;
  baseline: Served;
  /** The nodes on the scratch copy, as many as were asked. */
  sqlite: Served[];
  /** The nodes on the PostgreSQL copy, as many; none without PostgreSQL. */
  postgresNodes: Served[];
  /** Stops the nodes and drops the PostgreSQL copy. */
  stop(): Promise<void>;
}

/**
 * `prepare` writes into the scratch copy before PostgreSQL gets its copy of it and the nodes
 * start (the section's own changes: this week's, the race guild's terms). `processes` nodes on
 * each store, for figures taken in turns by processes that are each quick or slow for their life
 * (sides.ts).
 */
export async function scratchNodes(
  ctx: BenchContext,
  name: string,
  prepare: (path: string) => void,
  processes = 1,
): Promise<ScratchNodes> {
  const path = join(ctx.work, `${name}.db`);
  copyFileSync(ctx.dataset.path, path);
  if (existsSync(`${ctx.dataset.path}-wal`)) copyFileSync(`${ctx.dataset.path}-wal`, `${path}-wal`);
  prepare(path);
  const postgres = await benchPostgres(path, ctx.log);
  if (postgres) ctx.databases.add(postgres);
  const started: Served[] = [];
  const stop = async () => {
    await stopServers(ctx, started);
    if (postgres && ctx.databases.delete(postgres)) await postgres.drop();
  };
  try {
    const baseline = await serve(ctx);
    started.push(baseline);
    const sqlite: Served[] = [];
    const postgresNodes: Served[] = [];
    for (let i = 0; i < processes; i++) {
      sqlite.push(await serve(ctx, path));
      started.push(sqlite[i] as Served);
      if (!postgres) continue;
      postgresNodes.push(await serve(ctx, path, { DATABASE_URL: postgres.url }));
      started.push(postgresNodes[i] as Served);
    }
    return { path, postgres, baseline, sqlite, postgresNodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A member's rank, the period lists and the period triggers' costs (members.ts). */
export async function membersSection(ctx: BenchContext): Promise<MembersReport> {
  let prepared: ReturnType<typeof prepareMembers> | undefined;
  // A scratch copy: the bench writes this week's changes into it.
  const nodes = await scratchNodes(
    ctx,
    'members',
    (path) => {
      prepared = prepareMembers(path, ctx.manifest, ctx.quick ? 5 : 20);
      ctx.log(
        `members: ${prepared.changedProfiles} profiles of the largest guild changed this week`,
      );
    },
    ctx.settings.processes,
  );
  try {
    if (!prepared) throw new Error('members: the scratch copy was not prepared');
    const report = await membersBench(
      {
        datasetPath: nodes.path,
        manifest: ctx.manifest,
        sqliteUrls: nodes.sqlite.map((node) => node.url),
        postgres:
          nodes.postgres && nodes.postgresNodes.length > 0
            ? {
                nodeUrls: nodes.postgresNodes.map((node) => node.url),
                databaseUrl: nodes.postgres.url,
                adminUrl: ADMIN_URL,
              }
            : null,
        baselineUrl: nodes.baseline.url,
        ...loadOptions(ctx),
        quick: ctx.quick,
        log: ctx.log,
      },
      prepared,
    );
    ctx.failures.push(...report.failures);
    return report;
  } finally {
    await nodes.stop();
  }
}

/** What the members' and terms' benches load with: the key, the load generator and its rounds. */
function loadOptions(ctx: BenchContext) {
  return {
    key: ctx.key,
    load: ctx.load.run,
    cpu: ctx.pinning?.load,
    work: ctx.work,
    durationS: ctx.settings.durationS,
    rounds: ctx.settings.rounds,
  };
}

/** The hall of cups cached × A, and ending a term on a year of history (terms.ts). */
export async function termsSection(ctx: BenchContext): Promise<TermsReport> {
  // A scratch copy: the race guild gets its terms, and ending them writes it.
  const nodes = await scratchNodes(ctx, 'terms', (path) => {
    const prepared = prepareTerms(path, ctx.manifest);
    ctx.log(`terms: the race guild has ${prepared.terms} terms`);
  });
  try {
    const report = await termsBench({
      datasetPath: nodes.path,
      manifest: ctx.manifest,
      nodes: [
        { store: 'sqlite', url: (nodes.sqlite[0] as Served).url },
        ...(nodes.postgres && nodes.postgresNodes[0]
          ? [
              {
                store: 'postgres' as const,
                url: nodes.postgresNodes[0].url,
                databaseUrl: nodes.postgres.url,
              },
            ]
          : []),
      ],
      baselineUrl: nodes.baseline.url,
      ...loadOptions(ctx),
      samples: ctx.quick ? 5 : 20,
      log: ctx.log,
    });
    ctx.failures.push(...report.failures);
    return report;
  } finally {
    await nodes.stop();
  }
}

/** Small requests beside a flood of uncached charts, on each render variant (renders.ts). */
export async function rendersSection(ctx: BenchContext): Promise<RendersReport[]> {
  const reports: RendersReport[] = [];
  for (const variant of RENDER_VARIANTS) {
    const served = await serve(ctx, ctx.dataset.path, variant.env);
    try {
      reports.push(
        await rendersBench({
          label: variant.label,
          url: served.url,
          key: ctx.key,
          manifest: ctx.manifest,
          work: ctx.work,
          load: ctx.load.run,
          cpu: ctx.pinning?.load,
          settings: {
            rounds: ctx.settings.rounds,
            durationS: ctx.settings.durationS,
            connections: ctx.settings.connections,
            renderConnections: 8,
          },
          log: ctx.log,
        }),
      );
    } finally {
      await stopServers(ctx, [served]);
    }
  }
  return reports;
}

/** The webhooks' figures on a node and a database of their own (webhooks.ts). */
export async function webhooksSection(ctx: BenchContext): Promise<WebhooksReport> {
  ctx.log('webhooks: commit → receiver, 1 and 500 subscriptions, then 500 endpoints down');
  return webhooksBench({ quick: ctx.quick, cpu: ctx.pinning?.server, running: ctx.running });
}

/** One guild's hanging and failing receivers beside another guild's (webhooks-fairness.ts). */
export async function webhooksFairnessSection(ctx: BenchContext): Promise<WebhooksFairnessReport> {
  ctx.log('webhooks fairness: 10 receivers hang, then 10 answer 500, their guild changing 5/s');
  return webhooksFairnessBench({
    quick: ctx.quick,
    cpu: ctx.pinning?.server,
    running: ctx.running,
    log: (line) => ctx.log(`  webhooks fairness ${line}`),
  });
}

/** Four channels told to wait a minute beside 20 guilds' live messages (live-fairness.ts). */
export async function liveFairnessSection(ctx: BenchContext): Promise<LiveFairnessReport> {
  ctx.log('live scoreboards fairness: 4 channels answering 429 beside 20 guilds');
  return liveFairnessBench(ctx.quick, (line) => ctx.log(`  ${line}`));
}

/** Part 1's seconds of one change a second: 120 as the stand-alone bench, 6 in a quick run. */
export const LIVE_SECONDS = { quick: 6, full: 120 } as const;

/** The live scoreboards' costs against the fake Discord, in this process (live-scoreboards.ts). */
export async function liveScoreboardsSection(ctx: BenchContext): Promise<LiveScoreboardsReport> {
  const seconds = ctx.quick ? LIVE_SECONDS.quick : LIVE_SECONDS.full;
  const messages = ctx.quick ? 40 : 1_000;
  ctx.log(`live scoreboards: ${seconds} s of one change a second, then ${messages} messages`);
  return liveScoreboardsBench(seconds, (line) => ctx.log(`  live scoreboards ${line}`), messages);
}

/** The sorted-list figures (sorted.ts), on `server`, or on a node of their own. */
export async function sortedSection(
  ctx: BenchContext,
  server?: { url: string; pid: number },
): Promise<SortedReport> {
  const own = server ? null : await serve(ctx, ctx.dataset.path);
  try {
    const on = server ?? (own as Served);
    const report = await sortedBench({
      url: on.url,
      pid: on.pid,
      key: ctx.key,
      databasePath: ctx.dataset.path,
      manifest: ctx.manifest,
      load: ctx.load.run,
      cpu: ctx.pinning?.load,
      work: ctx.work,
      durationS: ctx.settings.durationS,
      probeS: ctx.settings.probeS,
      quick: ctx.quick,
      log: ctx.log,
    });
    ctx.failures.push(...report.failures);
    return report;
  } finally {
    await stopServers(ctx, [own]);
  }
}

/** Starts a node for the cold rows: the server, its peer or the cold limit (cold-peer.ts). */
export type ColdStart = (
  env: Record<string, string> | undefined,
  server: ColdServer,
  logFile: string,
) => Promise<Served>;

/** Cold answers × peer on SQLite, then on PostgreSQL if there is one (cold-peer.ts). */
export async function coldSection(
  ctx: BenchContext,
  postgres: BenchPostgres | null,
  start: ColdStart,
): Promise<ColdPeer[]> {
  const stores: ['sqlite' | 'postgres', string][] = [['sqlite', ctx.dataset.path]];
  if (postgres) stores.push(['postgres', postgres.url]);
  const rows: ColdPeer[] = [];
  for (const [store, database] of stores) {
    const env = store === 'postgres' ? { DATABASE_URL: database } : undefined;
    const cold = await coldVersusPeer({
      store,
      database,
      start: (server, logFile) => start(env, server, logFile),
      work: ctx.work,
      key: ctx.key,
      manifest: ctx.manifest,
      samples: ctx.quick ? 6 : 100,
      // A quick run's figures prove the harness, not the speed: a warm-up buys them nothing.
      warmUp: ctx.quick ? 2 : 20,
      processes: ctx.settings.processes,
      log: ctx.log,
    });
    rows.push(...cold.rows);
    ctx.failures.push(...cold.failures);
  }
  return rows;
}

/** The event streams rows, /v1's then the public scoreboard's (streams.ts). */
export async function streamsSection(
  ctx: BenchContext,
): Promise<{ streams: StreamsResult; publicStreams: StreamsResult }> {
  const settings = {
    ...(ctx.quick ? QUICK_STREAMS : FULL_STREAMS),
    rounds: ctx.settings.rounds,
    durationS: ctx.settings.durationS,
    connections: ctx.settings.connections,
  };
  const row = (of: typeof settings) =>
    benchStreams({
      work: ctx.work,
      load: ctx.load.run,
      pinning: ctx.pinning,
      settings: of,
      log: ctx.log,
      failures: ctx.failures,
      running: ctx.running,
    });
  const streams = await row(settings);
  const publicStreams = await row({
    ...settings,
    ...(ctx.quick ? QUICK_STREAMS : FULL_PUBLIC_STREAMS),
    public: true,
  });
  return { streams, publicStreams };
}

/** The ledger's cost to the game, /log cached × the peer, an award over the gateway (awards.ts). */
export async function awardsSection(ctx: BenchContext): Promise<AwardsReport> {
  let seeded: ReturnType<typeof prepareAwards> | undefined;
  // A scratch copy: the /log guilds get their awards, and the gateway's awards write it.
  const nodes = await scratchNodes(ctx, 'awards', (path) => {
    seeded = prepareAwards(path, ctx.manifest, ctx.quick ? 150 : 300);
    ctx.log(
      `awards: ${seeded.awardsPerGuild} awards in each of ${seeded.guilds.length} guilds' ledgers`,
    );
  });
  const peers: Served[] = [];
  try {
    if (!seeded) throw new Error('awards: the scratch copy was not prepared');
    const path = `/v1/points/${seeded.guilds[0]}/log`;
    const peer = await servePeer(ctx, nodes.path, path);
    peers.push(peer);
    const stores: Parameters<typeof awardsBench>[0]['nodes'] = [
      { store: 'sqlite', housecup: nodes.sqlite[0] as Served, peer },
    ];
    if (nodes.postgres && nodes.postgresNodes[0]) {
      const peerPostgres = await servePeer(ctx, nodes.path, path, {
        DATABASE_URL: nodes.postgres.url,
      });
      peers.push(peerPostgres);
      stores.push({ store: 'postgres', housecup: nodes.postgresNodes[0], peer: peerPostgres });
    }
    const report = await awardsBench({
      seeded,
      manifest: ctx.manifest,
      nodes: stores,
      openers: [
        { store: 'sqlite', open: sqliteOpener(join(ctx.work, 'awards-costs')) },
        ...(nodes.postgres
          ? [{ store: 'postgres' as const, open: postgresOpener(ADMIN_URL) }]
          : []),
      ],
      ...loadOptions(ctx),
      warmupS: ctx.settings.warmupS,
      quick: ctx.quick,
      serve: (env) => serve(ctx, nodes.path, env),
      stop: (served) => stopServers(ctx, [served]),
      log: ctx.log,
    });
    ctx.failures.push(...report.failures);
    return report;
  } finally {
    await stopServers(ctx, peers);
    await nodes.stop();
  }
}

/** A section run after the rows: its name for `--only`, where its report goes, how it prints. */
export interface Section {
  name: string;
  run(ctx: BenchContext): Promise<Results>;
  format(results: Results): string;
}

type SectionKey =
  | 'members'
  | 'terms'
  | 'renders'
  | 'webhooks'
  | 'liveScoreboards'
  | 'webhooksFairness'
  | 'liveFairness'
  | 'awards';

function section<K extends SectionKey>(
  name: string,
  key: K,
  run: (ctx: BenchContext) => Promise<NonNullable<Report[K]>>,
  format: (report: NonNullable<Report[K]>) => string,
): Section {
  return {
    name,
    run: async (ctx) => ({ [key]: await run(ctx) }) as Results,
    format: (results) => {
      const report = results[key];
      return report ? format(report as NonNullable<Report[K]>) : `${name}: not run`;
    },
  };
}

/** The full run's sections after the rows, in order (before the streams, which run last). */
export const SECTIONS: readonly Section[] = [
  section('members', 'members', membersSection, formatMembers),
  section('terms', 'terms', termsSection, formatTerms),
  section('renders', 'renders', rendersSection, formatRenders),
  section('webhooks', 'webhooks', webhooksSection, formatWebhooks),
  section('live-scoreboards', 'liveScoreboards', liveScoreboardsSection, formatLiveScoreboards),
  section('webhooks-fairness', 'webhooksFairness', webhooksFairnessSection, formatWebhooksFairness),
  section('live-fairness', 'liveFairness', liveFairnessSection, formatLiveFairness),
  section('awards', 'awards', awardsSection, formatAwards),
];

export { formatColdPeer, formatSorted, formatStreams };
