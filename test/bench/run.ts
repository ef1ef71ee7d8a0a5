import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { InteractionSigner } from '../support/fake-discord/signing.js';
import { createAutocannon } from './autocannon.js';
import { formatColdPeer } from './cold-peer.js';
import { type DatasetSize, ensureDataset } from './dataset.js';
import {
  apiEndpoints,
  BASELINE_LARGE,
  BASELINE_SMALL,
  type Endpoint,
  FASTIFY_LARGE,
  FASTIFY_SMALL,
  LIMITED_ROW,
  peerEndpoints,
  VARIANTS,
  type Variant,
  variantEndpoints,
} from './endpoints.js';
import { formatHistory, historyBench } from './history.js';
import { get, post } from './http-get.js';
import { readSignedRequest, roundTrips, writeSignedRequests } from './interactions.js';
import { type LoadGenerator, type LoadResult, loadCompleting, problemOf } from './load.js';
import { choosePinning, describeCode, describeMachine } from './machine.js';
import { type MixedReport, mixedLoad } from './mixed.js';
import {
  type BenchPostgres,
  benchPostgres,
  coldReads,
  commitToAnswer,
  POSTGRES_PAIRS,
  postgresEndpoints,
  postgresRatios,
} from './postgres.js';
import { probe } from './probe.js';
import { freePort, memoryOf, ROOT, type Served, spawnServer, waitForOk } from './processes.js';
import {
  type BenchRedis,
  benchRedis,
  HIGH_LIMIT,
  REDIS_ROW,
  redisPointsEndpoint,
  redisRatio,
  redisRowProblem,
} from './redis.js';
import {
  fastifyCeiling,
  formatFastifyCeiling,
  formatPeer,
  formatReport,
  formatRows,
  peerRatios,
  type Report,
  type RoundMeasure,
  type Row,
  replacementGains,
  type Sample,
  summarise,
  writeJson,
  writeReport,
} from './report.js';
import {
  type BenchContext,
  type ColdStart,
  coldSection,
  SECTIONS,
  sortedSection,
  streamsSection,
} from './sections.js';
import { type Side, startSide } from './sides.js';
import { formatSorted, type SortedReport } from './sorted.js';
import { startupSeries } from './startup.js';
import { formatStreams } from './streams.js';
import { checkTargets, formatTargets, type Results } from './targets.js';
import { hasWrk, runWrk } from './wrk.js';

/*
 * `npm run bench [-- --quick] [-- --rounds N --duration S --processes P --out FILE]`: the whole
 * benchmark, from dataset to report: the rows, the sections (sections.ts), the streams last, and a
 * Targets table (targets.ts) with every target met, missed or not run. Exit 1 when any response was
 * not a 2xx, any socket failed or a section failed.
 * `npm run bench -- --only <name>` runs one part alone, and prints its Targets table too: `cached`
 * the cached rows × peer (CACHED_ROWS beside their peer twins, A and F around them), `sorted` the
 * sorted-list figures (sorted.ts), `cold` cold answers × peer (cold-peer.ts), `streams` the event
 * streams rows (streams.ts), `members` a member's rank, the period lists and the period triggers'
 * costs (members.ts), `terms` the hall of cups cached × A and ending a term on a year of history
 * (terms.ts), `renders` small requests beside a flood of uncached charts (renders.ts), `webhooks`
 * commit → receiver and endpoints down (webhooks.ts), `live-scoreboards` the live messages' Discord
 * calls, memory and a burst of edits (live-scoreboards.ts), `webhooks-fairness` another guild's
 * deliveries beside one guild's hanging receivers and the outbox beside failing ones
 * (webhooks-fairness.ts), `live-fairness` other guilds' edits beside four channels waiting out 429s
 * (live-fairness.ts), `awards` the ledger's cost to the game, /log cached × the peer and an award's
 * answer over the gateway (awards.ts).
 */

/** `--only cached`: the main target, × peer on the cached rows of both stores. */
const CACHED_ROWS = [
  'points',
  'players-100',
  'players-1000',
  'points-postgres',
  'players-100-postgres',
];

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    /** Processes per server in the rows' rounds (sides.ts). */
    processes: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    out: { type: 'string' },
    /** One part alone (ONLY): its own servers, its report and the Targets table. */
    only: { type: 'string' },
  },
});

const mode: DatasetSize = args.quick ? 'quick' : 'full';
const settings = {
  rounds: Number(args.rounds ?? (args.quick ? 1 : 4)),
  processes: Number(args.processes ?? 2),
  durationS: Number(args.duration ?? (args.quick ? 1 : 5)),
  connections: Number(args.connections ?? 32),
  // One round per place in the rotation of startup.ts's four kinds.
  startups: args.quick ? 1 : 4,
  warmupS: args.quick ? 0 : 1,
  probeS: args.quick ? 1 : 10,
};
const BENCH_DIR = join(ROOT, 'test', 'bench');
/** Bodies up to this size get every status checked by the load generator (LoadOptions.strict). */
const STRICT_MAX_BODY = 64 * 1024;
const startedAt = new Date();
const outPath = resolve(
  args.out ?? join(BENCH_DIR, 'results', `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`),
);

const log = (line: string) => process.stdout.write(`bench: ${line}\n`);
const running = new Set<Served>();
/** The sections' PostgreSQL copies not dropped yet (sections.ts). */
const databases = new Set<BenchPostgres>();
const failures: string[] = [];
let redis: BenchRedis | null = null;
let postgres: BenchPostgres | null = null;

async function stopAll(): Promise<void> {
  await Promise.all([...running].map((served) => served.stop()));
  running.clear();
  await redis?.stop();
  redis = null;
  await postgres?.drop();
  postgres = null;
  for (const database of databases) await database.drop();
  databases.clear();
}

process.on('SIGINT', () => {
  void stopAll().then(() => process.exit(130));
});

function chooseLoadGenerator(): { run: LoadGenerator; name: string } {
  if (process.env.BENCH_LOADGEN !== 'autocannon' && hasWrk()) return { run: runWrk, name: 'wrk' };
  process.stderr.write(
    'bench: WARNING: wrk is not installed (apt-get install wrk); falling back to autocannon, ' +
      'which runs inside this process, unpinned: its figures are lower and noisier than wrk’s\n',
  );
  return {
    run: createAutocannon(join(BENCH_DIR, '.data', 'tools')),
    name: 'autocannon (fallback: wrk missing)',
  };
}

/** Discord's key pair for the interactions endpoint: its public key goes to that server. */
const signer = new InteractionSigner();

/** A signed /premium interaction: 200 and `{"type":4,"data":{"embeds":[…]}}`, or a failure. */
async function checkInteraction(endpoint: Endpoint, url: string, file: string): Promise<Sample> {
  const line = readFileSync(file, 'utf8').split('\n')[0] ?? '';
  const request = readSignedRequest(line);
  const answer = await post(url + request.path, request.headers, request.body);
  let validJson = answer.contentType.startsWith('application/json');
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as {
      type?: unknown;
      data?: { embeds?: unknown[] };
    };
    if (body.type !== 4 || (body.data?.embeds?.length ?? 0) !== 1) validJson = false;
  } catch {
    validJson = false;
  }
  if (answer.status !== 200 || !validJson) {
    failures.push(
      `${endpoint.id}: POST ${request.path} answered ${answer.status}, valid ${validJson}`,
    );
  }
  return { path: request.path, status: answer.status, bytes: answer.body.length, validJson };
}

/** Fetches a few of the endpoint's paths on their own: status 200 and a JSON body, or a failure. */
async function check(endpoint: Endpoint, url: string, headers: Record<string, string>) {
  let first: Sample | undefined;
  for (const path of endpoint.paths.slice(0, 5)) {
    const answer = await get(url + path, headers);
    if (endpoint.body === 'png' || endpoint.body === 'html') {
      const valid =
        endpoint.body === 'png'
          ? answer.contentType === 'image/png' && answer.body.subarray(1, 4).toString() === 'PNG'
          : answer.contentType.startsWith('text/html') && answer.body.includes('</html>');
      if (answer.status !== 200 || !valid) {
        failures.push(
          `${endpoint.id}: GET ${path} answered ${answer.status}, ${endpoint.body} ${valid}`,
        );
      }
      first ??= { path, status: answer.status, bytes: answer.body.length, validJson: valid };
      continue;
    }
    let validJson = answer.contentType.startsWith('application/json');
    try {
      const body = JSON.parse(answer.body.toString('utf8')) as unknown;
      if (endpoint.target === 'api' || endpoint.target === 'peer') {
        const envelope = body as { status?: unknown; count?: unknown; results?: unknown };
        // The contract: the body's status equals the HTTP status; a list's count its length.
        if (envelope.status !== answer.status) validJson = false;
        if (Array.isArray(envelope.results) && envelope.count !== envelope.results.length) {
          validJson = false;
        }
      }
    } catch {
      validJson = false;
    }
    if (answer.status !== 200 || !validJson) {
      failures.push(
        `${endpoint.id}: GET ${path} answered ${answer.status}, valid JSON ${validJson}`,
      );
    }
    first ??= { path, status: answer.status, bytes: answer.body.length, validJson };
  }
  if (!first) throw new Error(`${endpoint.id} has no path`);
  return first;
}

/** Every `--only` name: the sections of their own, and `cached`, the cached rows × peer alone. */
const ONLY = ['cached', 'sorted', 'cold', 'streams', ...SECTIONS.map((s) => s.name)];

async function main(): Promise<number> {
  const machine = describeMachine();
  const { pinning, note } = choosePinning();
  const load = chooseLoadGenerator();
  // Only wrk runs in its own process, so only wrk can be pinned away from the server.
  const pinNote = load.name === 'wrk' ? note : `${note} (server only: autocannon runs in-process)`;
  log(`machine: ${machine.cpu}, ${machine.cores} cores, node ${machine.node}; ${pinNote}`);
  if (args.only !== undefined && !ONLY.includes(args.only)) {
    throw new Error(`--only ${args.only}: not a section (${ONLY.join(', ')})`);
  }

  const dataset = ensureDataset(join(BENCH_DIR, '.data'), mode, log);
  const manifest = dataset.manifest;
  const benchStore = openSqliteStore(dataset.path);
  const unlimited = await benchStore.keyStore.create({
    name: `bench ${startedAt.toISOString()}`,
    rateLimit: 0,
  });
  const limited = await benchStore.keyStore.create({
    name: `bench, limited ${startedAt.toISOString()}`,
    rateLimit: HIGH_LIMIT,
  });
  await benchStore.close();
  const { key } = unlimited;
  const limitedKey = limited.key;
  const auth = { authorization: key };

  const work = mkdtempSync(join(tmpdir(), 'housecup-bench-'));
  const ctx: BenchContext = {
    dataset,
    manifest,
    key,
    work,
    pinning,
    load,
    settings,
    quick: args.quick ?? false,
    log,
    failures,
    running,
    databases,
  };
  /** An `--only` run's end: its results with the targets they hold, in JSON and printed. */
  const finish = (results: Results, printed: string): number => {
    const targets = checkTargets(results);
    writeJson(outPath, {
      startedAt: startedAt.toISOString(),
      machine,
      ...results,
      ok: failures.length === 0,
      failures,
      targets,
    });
    process.stdout.write(`\n${printed}\n\n${formatTargets(targets)}\n`);
    if (failures.length > 0) process.stdout.write(`\nFAILED: ${failures.join('; ')}\n`);
    process.stdout.write(`\nresults: ${outPath}\n`);
    return failures.length === 0 ? 0 : 1;
  };
  try {
    if (args.only === 'streams') {
      const streams = await streamsSection(ctx);
      return finish(
        streams,
        `${formatStreams(streams.streams)}\n\n${formatStreams(streams.publicStreams)}`,
      );
    }
    if (args.only === 'sorted') {
      const sorted = await sortedSection(ctx);
      return finish({ sorted }, formatSorted(sorted));
    }
    const named = SECTIONS.find((section) => section.name === args.only);
    if (named) {
      const results = await named.run(ctx);
      return finish(results, named.format(results));
    }
    const cachedOnly = args.only === 'cached';
    redis = cachedOnly || args.only === 'cold' ? null : await benchRedis(pinning?.load);
    if (!cachedOnly && args.only !== 'cold') {
      log(redis ? `Redis row: ${redis.source}` : 'Redis row: no Redis found, not run');
    }
    postgres = await benchPostgres(dataset.path, log);
    log(
      postgres
        ? `PostgreSQL rows: ${postgres.source}`
        : 'PostgreSQL rows: no PostgreSQL found, not run',
    );
    const firstPoints = `/v1/points/${manifest.withPoints[0]}`;
    // Every process under load, on the server's core (only one is busy at a time); the real server
    // and the peer once they answer a first points request.
    const start = async (
      databasePath?: string,
      env?: Record<string, string>,
      peer = false,
      variant?: Variant,
      logFile?: string,
      limit = false,
    ) => {
      const served = spawnServer({
        port: await freePort(),
        cpu: pinning?.server,
        cwd: work,
        databasePath,
        env,
        peer,
        limit,
        variant,
        logFile,
      });
      running.add(served);
      await waitForOk(
        served.url + (databasePath ? firstPoints : '/'),
        databasePath ? auth : {},
        performance.now(),
      );
      return served;
    };
    const coldStart: ColdStart = (env, server, logFile) =>
      start(
        dataset.path,
        server === 'limit-fastify' ? { ...env, COLD_LIMIT_FASTIFY: '1' } : env,
        server === 'peer',
        undefined,
        logFile,
        server === 'limit' || server === 'limit-fastify',
      );
    if (args.only === 'cold') {
      // Only the cold answers × peer (`--only cold`), on servers of their own.
      const coldPeer = await coldSection(ctx, postgres, coldStart);
      return finish({ coldPeer }, formatColdPeer(coldPeer));
    }
    const endpoints = apiEndpoints(manifest, settings.connections);
    if (redis) endpoints.splice(1, 0, redisPointsEndpoint(manifest, settings.connections));
    if (postgres) endpoints.push(...postgresEndpoints(manifest, settings.connections));
    // `--only cached`: the main target alone, the cached rows beside their peer twins.
    if (cachedOnly) {
      const kept = endpoints.filter((endpoint) => CACHED_ROWS.includes(endpoint.id));
      endpoints.splice(0, endpoints.length, ...kept);
    }
    const peers = peerEndpoints(endpoints);
    endpoints.push(...peers);
    const points = endpoints.find((endpoint) => endpoint.id === 'points');
    const variants = points && !cachedOnly ? variantEndpoints(points) : [];
    endpoints.push(...variants);
    /** Rows measured right beside another row of the same round (their figure is a ratio to it). */
    const pairs: Record<string, string> = { [REDIS_ROW]: 'points', ...POSTGRES_PAIRS };
    // A peer row runs beside its twin's group (the twin may itself be paired: points-postgres).
    for (const peer of peers) {
      const twin = peer.id.slice('peer-'.length);
      pairs[peer.id] = pairs[twin] ?? twin;
    }
    // Each library put back runs beside housecup with the same limited key.
    for (const variant of variants) if (variant.variant) pairs[variant.id] = LIMITED_ROW;
    const baselines = [
      { ...BASELINE_SMALL, connections: settings.connections },
      { ...BASELINE_LARGE, connections: settings.connections },
    ];
    const ceilings = [
      { ...FASTIFY_SMALL, connections: settings.connections },
      { ...FASTIFY_LARGE, connections: settings.connections },
    ];
    const pathsFile = new Map<string, string>();
    /** `seconds`: how long the run that reads the file lasts (signed interactions are used once). */
    const writePaths = (endpoint: Endpoint, seconds = 0) => {
      const file = join(work, `${endpoint.id}.txt`);
      if (endpoint.target === 'interactions') {
        writeSignedRequests(file, { signer, guilds: endpoint.paths }, seconds);
      } else {
        writeFileSync(file, `${endpoint.paths.join('\n')}\n`);
      }
      pathsFile.set(endpoint.id, file);
    };
    for (const endpoint of [...baselines, ...ceilings, ...endpoints]) writePaths(endpoint);

    const startup = await startupSeries({
      rounds: cachedOnly ? 0 : settings.startups,
      cwd: work,
      cpu: pinning?.server,
      databasePath: dataset.path,
      firstPoints,
      auth,
      running,
    });
    log(
      `start-up to first 200: server ${startup.serverMedianMs.toFixed(0)} ms, ` +
        `peer ${startup.peerMedianMs?.toFixed(0)} ms, F ${startup.fastifyMedianMs?.toFixed(0)} ms, ` +
        `A ${startup.baselineMedianMs.toFixed(0)} ms`,
    );

    // Every server of the rounds runs as `settings.processes` processes (sides.ts).
    const side = (startOne: (index: number) => Promise<Served>) =>
      startSide(settings.processes, startOne);
    const baseline = await side(() => start());
    // F, on the same core as A and the others: only the one under load is busy.
    const fastifyBaseline = await side(async () => {
      const served = spawnServer({
        port: await freePort(),
        cpu: pinning?.server,
        cwd: work,
        fastify: true,
      });
      running.add(served);
      await waitForOk(`${served.url}/`, {}, performance.now());
      return served;
    });
    const serverSince = performance.now();
    const server = await start(dataset.path);
    const serverStartMs = performance.now() - serverSince;
    const servers = await side((i) => (i === 0 ? Promise.resolve(server) : start(dataset.path)));
    // Interactions are answered by a node of their own, configured as an Interactions Endpoint
    // (no token: REST goes nowhere, and no answer here is slow enough to be deferred).
    const interactionsServer = cachedOnly
      ? servers
      : await side(() =>
          start(dataset.path, {
            DISCORD_PUBLIC_KEY: signer.publicKey,
            DISCORD_REST_URL: 'http://127.0.0.1:9/api',
          }),
        );
    // Narrowed once: the processes are started in closures.
    const postgresUrl = postgres?.url;
    const redisUrl = redis?.url;
    // The same data in PostgreSQL: only the PostgreSQL rows read from it.
    const postgresServer = postgresUrl
      ? await side(() => start(dataset.path, { DATABASE_URL: postgresUrl }))
      : null;
    // The same server with budgets in Redis: only the Redis row reads from it.
    const redisServer = redisUrl
      ? await side(() =>
          start(dataset.path, {
            REDIS_URL: redisUrl,
            REDIS_KEY_PREFIX: `housecup-bench:${startedAt.getTime()}:`,
          }),
        )
      : null;
    // The peer (peer.mjs): the same endpoints written the obvious way, on the same stores.
    const peerServer = await side(() => start(dataset.path, undefined, true));
    const peerPostgresServer = postgresUrl
      ? await side(() => start(dataset.path, { DATABASE_URL: postgresUrl }, true))
      : null;
    // The peer with its rate limit's counts in Redis (@fastify/rate-limit's own Redis store).
    const peerRedisServer = redisUrl
      ? await side(() =>
          start(
            dataset.path,
            {
              REDIS_URL: redisUrl,
              REDIS_KEY_PREFIX: `housecup-bench-peer:${startedAt.getTime()}:`,
            },
            true,
          ),
        )
      : null;
    const variantServers = new Map<Variant, Side>();
    /** Spawn → first 200 of each variant (its first process: a hint beside the start-up row). */
    const startMs = new Map<Variant | 'housecup', number>();
    if (variants.length > 0) {
      for (const variant of VARIANTS) {
        const since = performance.now();
        const started = await side(async (i) => {
          const served = await start(dataset.path, undefined, false, variant);
          if (i === 0) startMs.set(variant, performance.now() - since);
          return served;
        });
        variantServers.set(variant, started);
      }
    }
    // Idle means settled: the server serves at once but checks the database file (quick_check,
    // in a worker) until /readyz says ready; the load starts after that too.
    for (const served of [...servers.processes, ...(redisServer?.processes ?? [])]) {
      await waitForOk(`${served.url}/readyz`, {}, performance.now(), 120_000, [503]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const serverIdle = memoryOf(server.pid);
    const baselineIdle = memoryOf(baseline.first.pid);
    const fastifyIdle = memoryOf(fastifyBaseline.first.pid);
    const peerIdle = memoryOf(peerServer.first.pid);
    startMs.set('housecup', serverStartMs);
    // What each replacement saves besides time per request: start-up and memory.
    const replacementCosts = [['housecup', servers] as const, ...variantServers].map(
      ([variant, started]) => ({
        variant,
        startMs: startMs.get(variant) ?? 0,
        idleRssMiB: memoryOf(started.first.pid)?.rssMiB ?? null,
      }),
    );

    const sideOf = (endpoint: Endpoint): Side => {
      if (endpoint.variant) return variantServers.get(endpoint.variant) ?? servers;
      if (endpoint.target === 'baseline') return baseline;
      if (endpoint.target === 'fastify') return fastifyBaseline;
      if (endpoint.target === 'interactions') return interactionsServer;
      const peer = endpoint.target === 'peer';
      if (endpoint.via === 'postgres') {
        const served = peer ? peerPostgresServer : postgresServer;
        if (served) return served;
      }
      if (endpoint.via === 'redis') {
        const served = peer ? peerRedisServer : redisServer;
        if (served) return served;
      }
      return peer ? peerServer : servers;
    };
    const keyOf = (endpoint: Endpoint) =>
      endpoint.via === 'redis' || endpoint.variant || endpoint.id === LIMITED_ROW
        ? limitedKey
        : endpoint.target === 'api' || endpoint.target === 'peer'
          ? key
          : undefined;
    const headersOf = (endpoint: Endpoint): Record<string, string> => {
      const authorization = keyOf(endpoint);
      return authorization ? { authorization } : {};
    };
    // Every process answers right before any load; the first one's answer is the row's sample.
    const samples = new Map<string, Sample>();
    for (const endpoint of [...baselines, ...ceilings, ...endpoints]) {
      for (const { url } of sideOf(endpoint).processes) {
        const sample =
          endpoint.target === 'interactions'
            ? await checkInteraction(endpoint, url, pathsFile.get(endpoint.id) ?? '')
            : await check(endpoint, url, headersOf(endpoint));
        if (!samples.has(endpoint.id)) samples.set(endpoint.id, sample);
      }
    }
    const redisRowCheck = async () => {
      const row = endpoints.find((endpoint) => endpoint.id === REDIS_ROW);
      for (const { url } of redisServer && row ? redisServer.processes : []) {
        const problem = await redisRowProblem(url, row?.paths[0] ?? '', limitedKey);
        if (problem) failures.push(problem);
      }
    };
    await redisRowCheck();

    const measure = async (
      endpoint: Endpoint,
      durationS: number,
      served: Served,
    ): Promise<LoadResult> => {
      // Each interaction is answered once and its signature is good for 5 minutes: fresh ones
      // for every run.
      const run = (seconds: number) => {
        if (endpoint.target === 'interactions') writePaths(endpoint, seconds);
        return load.run({
          url: served.url,
          pathsFile: pathsFile.get(endpoint.id) ?? '',
          authorization: keyOf(endpoint),
          connections: endpoint.connections,
          durationS: seconds,
          timeoutS: endpoint.timeoutS,
          cpu: pinning?.load,
          strict: (samples.get(endpoint.id)?.bytes ?? 0) <= STRICT_MAX_BODY,
          signed: endpoint.target === 'interactions',
        });
      };
      const result = await loadCompleting(run, durationS, (line) =>
        log(`  ${endpoint.label}: ${line}`),
      );
      const problem = problemOf(result);
      if (problem) failures.push(`${endpoint.id}: ${problem}`);
      return result;
    };

    if (settings.warmupS > 0) {
      log(`warm-up: ${settings.warmupS} s per endpoint (not recorded)`);
      for (const endpoint of [...baselines, ...ceilings, ...endpoints]) {
        for (const served of sideOf(endpoint).processes) {
          await measure(endpoint, settings.warmupS, served);
        }
      }
    }

    const measures = new Map<string, RoundMeasure[]>();
    for (let round = 1; round <= settings.rounds; round++) {
      log(`round ${round}/${settings.rounds}`);
      // A brackets the round, outermost; F runs right inside it, at both ends too.
      const around: [Endpoint, LoadResult][] = [];
      const servedNow = (endpoint: Endpoint) => sideOf(endpoint).at(round);
      for (const endpoint of [...baselines, ...ceilings]) {
        around.push([endpoint, await measure(endpoint, settings.durationS, servedNow(endpoint))]);
      }
      // Rotate the order each round, so that no endpoint always runs just after the heaviest.
      // A paired row (Redis, PostgreSQL) runs right beside its pair (after it one round, before
      // it the next): its figure is their ratio, and on a shared machine only neighbours in time
      // compare well.
      const rotating = endpoints.filter((endpoint) => !(endpoint.id in pairs));
      const shift = (round - 1) % rotating.length;
      const order = [...rotating.slice(shift), ...rotating.slice(0, shift)].flatMap((endpoint) => {
        const paired = endpoints.filter((other) => pairs[other.id] === endpoint.id);
        return round % 2 === 1 ? [endpoint, ...paired] : [...paired, endpoint];
      });
      const results: [Endpoint, LoadResult, Served, number | null][] = [];
      for (const endpoint of order) {
        const served = servedNow(endpoint);
        const result = await measure(endpoint, settings.durationS, served);
        results.push([endpoint, result, served, memoryOf(served.pid)?.rssMiB ?? null]);
        log(
          `  ${endpoint.label}: ${result.rps.toFixed(0)} req/s, p99 ${result.latencyMs.p99.toFixed(1)} ms`,
        );
      }
      for (const endpoint of [...ceilings, ...baselines]) {
        around.push([endpoint, await measure(endpoint, settings.durationS, servedNow(endpoint))]);
      }
      const rpsOf = (id: string) =>
        around.filter(([endpoint]) => endpoint.id === id).map(([, result]) => result.rps);
      const [aBefore = 0, aAfter = 0] = rpsOf(BASELINE_SMALL.id);
      const [fBefore = 0, fAfter = 0] = rpsOf(FASTIFY_SMALL.id);
      const reference = (aBefore + aAfter) / 2;
      log(
        `  A: ${aBefore.toFixed(0)} → ${aAfter.toFixed(0)} req/s; ` +
          `F: ${fBefore.toFixed(0)} → ${fAfter.toFixed(0)} req/s`,
      );
      for (const endpoint of [...baselines, ...ceilings]) {
        for (const [measured, result] of around) {
          if (measured.id !== endpoint.id) continue;
          const served = servedNow(endpoint);
          results.push([endpoint, result, served, memoryOf(served.pid)?.rssMiB ?? null]);
        }
      }
      for (const [endpoint, result, { pid }, rssMiB] of results) {
        const list = measures.get(endpoint.id) ?? [];
        list.push({
          ...result,
          round,
          ratioToA: reference > 0 ? result.rps / reference : 0,
          rssMiB,
          pid,
        });
        measures.set(endpoint.id, list);
      }
    }

    // The nodes' memory once every row has been served, their answer caches as full as the rows
    // make them (the server-memory target: the largest).
    const afterRounds = servers.processes.flatMap((served) => memoryOf(served.pid) ?? []);
    const serverAfterRounds = afterRounds.reduce<(typeof afterRounds)[number] | undefined>(
      (largest, memory) => (largest && largest.rssMiB >= memory.rssMiB ? largest : memory),
      undefined,
    );

    const rowsSoFar = (): Row[] =>
      [...endpoints, ...baselines, ...ceilings].map((endpoint) =>
        summarise({
          id: endpoint.id,
          label: endpoint.label,
          connections: endpoint.connections,
          sample: samples.get(endpoint.id) as Sample,
          rounds: measures.get(endpoint.id) ?? [],
        }),
      );
    if (cachedOnly) {
      const rows = rowsSoFar();
      const peer = peerRatios(rows);
      const ceiling = fastifyCeiling(rows);
      return finish(
        { rows, peer, fastifyCeiling: ceiling },
        `${formatRows(rows)}\n\n${formatFastifyCeiling(ceiling)}\n\n` +
          `housecup against the peer (peer.mjs), same rounds:\n${formatPeer(peer)}`,
      );
    }

    // Event-loop delay as a small request sees it while the biggest lists are being served.
    const big =
      endpoints.find((e) => e.id === 'players-50000') ??
      endpoints.find((e) => e.id === 'players-1000');
    let eventLoop: Report['eventLoop'] = null;
    if (big) {
      log(`event-loop probe: ${settings.probeS} s of ${big.label} with 4 connections`);
      const heavy = measure({ ...big, connections: 4 }, settings.probeS, server);
      const smallPaths = endpoints[0]?.paths ?? [];
      const result = await probe(server.url, smallPaths, auth, heavy);
      await heavy;
      if (result.failures > 0)
        failures.push(`event-loop probe: ${result.failures} answers not 200`);
      eventLoop = {
        ...result,
        while: `${load.name} reads ${big.label} lists over 4 connections`,
        smallPath: '/v1/points/:g',
      };
    }
    // The round trip Discord sees from an idle node, one signed interaction at a time.
    let interactionRoundTrip: Report['interactionRoundTrip'] = null;
    const signed = endpoints.find((e) => e.target === 'interactions');
    if (signed) {
      writePaths(signed, settings.probeS);
      log(`interaction round trip: ${settings.probeS} s of signed /points, one at a time`);
      interactionRoundTrip = await roundTrips(
        interactionsServer.first.url,
        pathsFile.get(signed.id) ?? '',
        settings.probeS * 1000,
      );
      if (interactionRoundTrip.failures > 0) {
        failures.push(`interaction round trip: ${interactionRoundTrip.failures} answers not 200`);
      }
    }
    let postgresReport: Report['postgres'] = null;
    if (postgres && postgresServer) {
      log(`PostgreSQL cold reads: ${settings.rounds} round(s) × 6 reads × ${settings.durationS} s`);
      const cold = await coldReads({
        datasetPath: dataset.path,
        postgresUrl: postgres.url,
        manifest,
        rounds: settings.rounds,
        durationMs: settings.durationS * 1000,
      });
      log('PostgreSQL commit → answer: 100 changes');
      const commit = await commitToAnswer({
        nodeUrl: postgresServer.first.url,
        postgresUrl: postgres.url,
        key,
        guilds: manifest.withPoints,
      });
      postgresReport = {
        source: postgres.source,
        cached: postgresRatios(rowsSoFar()),
        cold,
        commitToAnswer: commit,
      };
    }
    // The peak before the sorted lists' figures, comparable with earlier runs; they report their
    // own peak after (sixteen 9.8 MB lists built again and again weigh more).
    const serverPeak = memoryOf(server.pid);
    const sorted: SortedReport = await sortedSection(ctx, server);
    const history = await historyBench({
      datasetPath: dataset.path,
      postgresUrl: postgres?.url ?? null,
      manifest,
      quick: Boolean(args.quick),
      work,
      log,
    });
    // Cold answers × peer: each store's node beside its peer, one request at a time.
    const coldPeer = await coldSection(ctx, postgres, coldStart);
    // The mixed load, on each store, housecup then its peer at the same rate.
    const mixed: MixedReport[] = [];
    const mixedOf = (store: 'sqlite' | 'postgres', housecupUrl: string, peerUrl: string) =>
      mixedLoad({
        store,
        rows: endpoints,
        housecupUrl,
        peerUrl,
        key,
        load: load.run,
        cpu: pinning?.load,
        durationS: settings.durationS,
        work,
        log,
        failures,
      });
    mixed.push(await mixedOf('sqlite', server.url, peerServer.first.url));
    if (postgres && postgresServer && peerPostgresServer) {
      mixed.push(await mixedOf('postgres', postgresServer.first.url, peerPostgresServer.first.url));
    }
    // Still counting in Redis after all that load: no round fell back to memory.
    await redisRowCheck();
    const redisSource = redis?.source ?? '';
    await stopAll();
    // The sections of their own (`--only <name>`), each on its own nodes; one that throws is a
    // failure of the run, and the next runs.
    let sections: Results = {};
    for (const section of SECTIONS) {
      log(`section ${section.name}`);
      try {
        sections = { ...sections, ...(await section.run(ctx)) };
      } catch (error) {
        failures.push(`${section.name}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await stopAll();
      }
    }
    // Last, on a machine the other rows no longer load.
    const { streams, publicStreams } = await streamsSection(ctx);

    const rows = rowsSoFar();
    const report: Report = {
      startedAt: startedAt.toISOString(),
      mode,
      ok: failures.length === 0,
      failures,
      machine,
      code: describeCode(ROOT),
      pinning: pinNote,
      loadGenerator: load.name,
      settings: {
        rounds: settings.rounds,
        processes: settings.processes,
        durationS: settings.durationS,
        connections: settings.connections,
      },
      dataset: {
        path: dataset.path,
        counts: manifest.counts,
        generated: dataset.generated,
        generationMs: manifest.generationMs,
      },
      startup,
      memory: {
        serverIdleMiB: serverIdle?.rssMiB ?? null,
        serverPeakMiB: serverPeak?.peakMiB ?? null,
        serverAfterRoundsMiB: serverAfterRounds?.rssMiB ?? null,
        serverAfterRoundsPeakMiB: serverAfterRounds?.peakMiB ?? null,
        serverAfterRoundsEachMiB: afterRounds.map((memory) => memory.rssMiB),
        baselineIdleMiB: baselineIdle?.rssMiB ?? null,
        fastifyIdleMiB: fastifyIdle?.rssMiB ?? null,
        peerIdleMiB: peerIdle?.rssMiB ?? null,
      },
      fastifyCeiling: fastifyCeiling(rows),
      eventLoop,
      interactionRoundTrip,
      redis: (() => {
        const ratio = redisRatio(rows);
        return ratio && { source: redisSource, ratioToPoints: ratio.median, rounds: ratio.rounds };
      })(),
      postgres: postgresReport,
      streams,
      publicStreams,
      sorted,
      history,
      peer: peerRatios(rows),
      replacements: replacementGains(rows),
      replacementCosts,
      coldPeer,
      mixed,
      members: sections.members ?? null,
      terms: sections.terms ?? null,
      renders: sections.renders ?? null,
      webhooks: sections.webhooks ?? null,
      liveScoreboards: sections.liveScoreboards ?? null,
      webhooksFairness: sections.webhooksFairness ?? null,
      liveFairness: sections.liveFairness ?? null,
      awards: sections.awards ?? null,
      rows,
    };
    report.targets = checkTargets(report);
    writeReport(outPath, report);
    process.stdout.write(
      `\n${formatReport(report)}\n${formatSorted(sorted)}\n${formatHistory(history)}\n` +
        `${SECTIONS.map((section) => section.format(report)).join('\n\n')}\n\n` +
        `${formatTargets(report.targets)}\n` +
        (failures.length > 0 ? `\nFAILED: ${failures.join('; ')}\n` : '') +
        `\nresults: ${outPath}\n`,
    );
    return report.ok ? 0 : 1;
  } finally {
    await stopAll();
    rmSync(work, { recursive: true, force: true });
    // The dataset's file is kept from run to run: each run's keys work for that run alone.
    const store = openSqliteStore(dataset.path);
    for (const { id } of [unlimited, limited]) await store.keyStore.revoke(id);
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    await stopAll();
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
