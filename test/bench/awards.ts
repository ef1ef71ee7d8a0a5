import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { HOUSES } from '../../src/records/houses.js';
import { CONTEXT_COLUMNS, CONTEXT_TABLE } from '../../src/store/sqlite/triggers.js';
import { type AwardsGatewayReport, awardsGateway } from './awards-gateway.js';
import { type DatasetManifest, largestGuild, mulberry32 } from './dataset.js';
import type { Opener } from './history-costs.js';
import { get } from './http-get.js';
import { type LedgerCosts, type LedgerWrite, ledgerCosts } from './ledger-costs.js';
import type { LoadResult, LoadSettings } from './load.js';
import type { Served } from './processes.js';
import { median } from './stats.js';
import { TARGETS } from './targets.js';

/*
 * The awards' speed (docs/awards.md), `npm run bench -- --only awards`, part of the full run:
 * 1. what the ledger costs the game's writes of house_points, both stores (ledger-costs.ts);
 * 2. `GET /v1/points/:guildId/log` cached, req/s × the peer's obvious /log (peer.mjs: the key
 *    looked up, one SELECT of the page, JSON), in the same rounds, the pair's order alternating,
 *    on SQLite and PostgreSQL; the guilds' ledgers are awards given in the section's scratch copy;
 * 3. `/award give` over the gateway against the fake Discord: an immediate reply, and its time from
 *    dispatch to the reply, beside /points (awards-gateway.ts).
 */

/** Guilds whose ledger /log reads: the largest and some of those with points. */
const LOG_GUILDS = 10;

export interface LogPeer {
  store: 'sqlite' | 'postgres';
  /** Per round: housecup's and the peer's req/s, and their ratio. */
  housecupRps: number[];
  peerRps: number[];
  ratios: number[];
  ratio: number;
  /** housecup's p99 and the peer's, the median round's. */
  housecupP99Ms: number;
  peerP99Ms: number;
  /** Bytes of one answer (housecup's). */
  bytes: number;
}

export interface AwardsReport {
  /** Awards given in the scratch copy per /log guild, and those guilds. */
  seeded: { guilds: string[]; awardsPerGuild: number };
  costs: LedgerCosts[];
  log: LogPeer[];
  gateway: AwardsGatewayReport | null;
  failures: string[];
}

/**
 * Gives `perGuild` awards in each /log guild of the scratch copy, as the store gives one (its
 * ledger context, then the points), through SQLite directly: the 30 a minute a guild may award
 * would take hours through the store. Run before PostgreSQL gets its copy and the nodes start.
 */
export function prepareAwards(
  path: string,
  manifest: DatasetManifest,
  perGuild: number,
): { guilds: string[]; awardsPerGuild: number } {
  const largest = largestGuild(manifest).guildId;
  const guilds = [largest, ...manifest.withPoints.filter((g) => g !== largest)].slice(
    0,
    LOG_GUILDS,
  );
  const db = new Database(path);
  try {
    const random = mulberry32(0xa3a2d);
    const setContext = db.prepare(
      `INSERT OR REPLACE INTO ${CONTEXT_TABLE} (one, ${CONTEXT_COLUMNS.join(', ')}) VALUES (1, ?, ?, ?, ?)`,
    );
    const clearContext = db.prepare(`DELETE FROM ${CONTEXT_TABLE}`);
    const add = Object.fromEntries(
      HOUSES.map((house) => [
        house,
        db.prepare(
          `INSERT INTO house_points (guild_id, ${house}) VALUES (?, ?)
           ON CONFLICT (guild_id) DO UPDATE SET ${house} = house_points.${house} + excluded.${house}`,
        ),
      ]),
    );
    db.transaction(() => {
      for (const guild of guilds) {
        for (let i = 0; i < perGuild; i++) {
          const house = HOUSES[Math.floor(random() * HOUSES.length)] ?? 'gryffindor';
          const points = (1 + Math.floor(random() * 50)) * (random() < 0.2 ? -1 : 1);
          const by = String(300_000_000_000_000_000n + BigInt(Math.floor(random() * 5)));
          const member = random() < 0.6 ? String(200_000_000_000_000_000n + BigInt(i)) : null;
          setContext.run('award', by, member, `Award ${i}`);
          add[house]?.run(guild, points);
          clearContext.run();
        }
      }
    })();
    return { guilds, awardsPerGuild: perGuild };
  } finally {
    db.close();
  }
}

export interface AwardsOptions extends LoadSettings {
  seeded: AwardsReport['seeded'];
  /** housecup and the peer on the scratch copy, per store there is. */
  nodes: { store: 'sqlite' | 'postgres'; housecup: Served; peer: Served }[];
  /** The ledger's costs, per store there is. */
  openers: { store: 'sqlite' | 'postgres'; open: Opener }[];
  /** Seconds of load on each side before the rounds, not recorded: the rows' warm-up. */
  warmupS: number;
  rounds: number;
  quick: boolean;
  serve(env: Record<string, string>): Promise<Served>;
  stop(served: Served): Promise<void>;
  log(line: string): void;
}

/** The first /log page of a guild, as a client sees it: its entry ids, and its size. */
async function firstPage(url: string, path: string, key: string) {
  const answer = await get(url + path, { authorization: key });
  const body = JSON.parse(answer.body.toString('utf8')) as {
    results?: { id: number }[];
    count?: number;
    status?: number;
  };
  return {
    status: answer.status,
    ok: body.status === answer.status && body.count === body.results?.length,
    ids: (body.results ?? []).map((entry) => entry.id).join(','),
    bytes: answer.body.length,
  };
}

async function logVersusPeer(
  options: AwardsOptions,
  node: AwardsOptions['nodes'][number],
  failures: string[],
): Promise<LogPeer> {
  const { store } = node;
  const paths = options.seeded.guilds.map((guild) => `/v1/points/${guild}/log`);
  // Both answer each guild's first page with the same entries, in the same order.
  let bytes = 0;
  for (const path of paths) {
    const ours = await firstPage(node.housecup.url, path, options.key);
    const theirs = await firstPage(node.peer.url, path, options.key);
    bytes ||= ours.bytes;
    if (ours.status !== 200 || !ours.ok || theirs.status !== 200 || !theirs.ok) {
      failures.push(`awards /log (${store}): ${path} answered ${ours.status} / ${theirs.status}`);
    } else if (ours.ids !== theirs.ids || ours.ids.split(',').length !== 100) {
      failures.push(`awards /log (${store}): ${path} is not the peer's 100 entries`);
    }
  }
  const file = join(options.work, `awards-log-${store}.txt`);
  writeFileSync(file, `${paths.join('\n')}\n`);
  const run = (url: string, durationS = options.durationS) =>
    options.load({
      url,
      pathsFile: file,
      authorization: options.key,
      connections: 32,
      durationS,
      timeoutS: 10,
      cpu: options.cpu,
      strict: true,
    });
  // Both sides warmed as the rows are (their code compiled by the JIT before anything counts): a
  // node's first second of load was its slowest, and only the first round had it.
  if (options.warmupS > 0) {
    await run(node.housecup.url, options.warmupS);
    await run(node.peer.url, options.warmupS);
  }
  const rounds: { ours: LoadResult; theirs: LoadResult }[] = [];
  for (let round = 0; round < options.rounds; round++) {
    // The pair's order alternates, so that neither always runs on a machine the other warmed.
    let ours: LoadResult;
    let theirs: LoadResult;
    if (round % 2 === 0) {
      ours = await run(node.housecup.url);
      theirs = await run(node.peer.url);
    } else {
      theirs = await run(node.peer.url);
      ours = await run(node.housecup.url);
    }
    for (const [who, result] of [
      ['housecup', ours],
      ['peer', theirs],
    ] as const) {
      if (result.non2xx > 0 || result.socketErrors > 0 || result.requests === 0) {
        failures.push(
          `awards /log (${store}) ${who}: ${result.non2xx} non-2xx, ${result.socketErrors} socket errors`,
        );
      }
    }
    rounds.push({ ours, theirs });
    options.log(
      `awards: /log (${store}) round ${round + 1}/${options.rounds}: ${ours.rps.toFixed(0)} req/s, peer ${theirs.rps.toFixed(0)} → ${(ours.rps / (theirs.rps || 1)).toFixed(2)} ×`,
    );
  }
  const ratios = rounds.map((r) => (r.theirs.rps > 0 ? r.ours.rps / r.theirs.rps : 0));
  const ratio = median(ratios);
  const middle = rounds[Math.max(0, ratios.indexOf(ratio))] ?? rounds[0];
  return {
    store,
    housecupRps: rounds.map((r) => r.ours.rps),
    peerRps: rounds.map((r) => r.theirs.rps),
    ratios,
    ratio,
    housecupP99Ms: middle?.ours.latencyMs.p99 ?? 0,
    peerP99Ms: middle?.theirs.latencyMs.p99 ?? 0,
    bytes,
  };
}

export async function awardsBench(options: AwardsOptions): Promise<AwardsReport> {
  const failures: string[] = [];
  const log: LogPeer[] = [];
  for (const node of options.nodes) log.push(await logVersusPeer(options, node, failures));
  const gateway = await awardsGateway({
    pointsGuilds: options.manifest.withPoints,
    samples: options.quick ? 20 : 200,
    serve: options.serve,
    stop: options.stop,
    failures,
    log: options.log,
  });
  const costs: LedgerCosts[] = [];
  for (const { store, open } of options.openers) {
    costs.push(
      await ledgerCosts(store, open, {
        guilds: options.quick ? 100 : 1000,
        // A round in one transaction is 20 ms on SQLite: nine of them, not three, to read a median.
        rounds: options.quick ? 1 : Math.max(9, options.rounds),
        writes: options.quick ? 200 : 1000,
        log: options.log,
      }),
    );
  }
  return { seeded: options.seeded, costs, log, gateway, failures };
}

const WRITES: Record<LedgerWrite, string> = {
  burst: 'single UPDATEs, each its own transaction',
  burstOneTransaction: 'the same in one transaction',
  replace: 'INSERT OR REPLACE of whole rows, each its own transaction',
};
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function formatAwards(report: AwardsReport): string {
  const { seeded } = report;
  const lines = [
    `awards (/log on ${seeded.guilds.length} guilds of ${seeded.awardsPerGuild} awards each):`,
  ];
  const logTarget = TARGETS.awardsLog.threshold;
  for (const l of report.log) {
    lines.push(
      `  ${l.store} /v1/points/:g/log cached (${l.bytes.toLocaleString('en')} B): ${median(l.housecupRps).toFixed(0)} req/s, ` +
        `peer ${median(l.peerRps).toFixed(0)} req/s → ${l.ratio.toFixed(2)} × peer (rounds ${l.ratios.map((r) => r.toFixed(2)).join(', ')}; ` +
        `target ≥ ${logTarget} ×: ${verdict(l.ratio >= logTarget)}); p99 ${l.housecupP99Ms.toFixed(1)} vs ${l.peerP99Ms.toFixed(1)} ms`,
    );
  }
  const gateway = report.gateway;
  if (gateway) {
    const target = TARGETS.awardGatewayP99.threshold;
    const g = (name: string, f: AwardsGatewayReport['award']) =>
      `  ${name} over the gateway: ${f.immediate}/${f.samples} immediate replies (type 4), ${f.deferred} deferred; ` +
      `dispatch → reply p50 ${f.p50Ms.toFixed(2)} / p99 ${f.p99Ms.toFixed(2)} / max ${f.maxMs.toFixed(2)} ms`;
    lines.push(
      `${g('/award give', gateway.award)} (target every reply immediate, p99 ≤ ${target} ms: ${verdict(gateway.award.deferred === 0 && gateway.award.p99Ms <= target)}; ${gateway.guilds} guilds)`,
      `${g('/points', gateway.points)} (the baseline, taking turns)`,
    );
  }
  const costTarget = TARGETS.ledgerTriggers.threshold;
  for (const c of report.costs) {
    for (const [write, cost] of Object.entries(c.costs) as [
      LedgerWrite,
      LedgerCosts['costs']['burst'],
    ][]) {
      if (!cost) continue;
      lines.push(
        `  ${c.store} ledger triggers, ${c.writes} ${WRITES[write]}: ${median(cost.withUs).toFixed(1)} vs ${median(cost.withoutUs).toFixed(1)} µs each → ${cost.ratio.toFixed(3)} (target ≤ ${costTarget}: ${verdict(cost.ratio <= costTarget)})`,
      );
    }
  }
  if (report.failures.length > 0) lines.push(`  FAILED: ${report.failures.join('; ')}`);
  return lines.join('\n');
}
