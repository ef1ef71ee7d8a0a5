import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { VARIANTS } from './endpoints.js';
import type { Report } from './report.js';
import { ALL_TARGETS } from './targets.js';

/*
 * Proves the benchmark harness works end to end — dataset, real server from dist/, baseline,
 * load generator, report — on a small database. It asserts correctness only, never speed:
 * the machines that run `npm test` are shared and noisy.
 */

// The Redis and PostgreSQL rows run wherever those servers do (test/setup/outside.ts finds or
// starts them).
const redisUrl = inject('outside').redis;
const postgresUrl = inject('outside').postgresql;

const PEER_ROWS = ['points', ...(redisUrl ? ['points-redis'] : []), 'premium', 'players-10']
  .concat(['players-100', 'players-1000', 'player-member', 'jobs'])
  .map((id) => `peer-${id}`);
const EXPECTED_ROWS = [
  'points',
  ...(redisUrl ? ['points-redis'] : []),
  'premium',
  'players-area',
  'players-10',
  'players-100',
  'players-1000',
  'player-member',
  'jobs',
  'history-year',
  'history-48h',
  'chart',
  'cup-page',
  'interactions-premium',
  ...(postgresUrl ? ['points-postgres', 'players-100-postgres', 'history-year-postgres'] : []),
  ...PEER_ROWS,
  ...(postgresUrl ? ['peer-points-postgres', 'peer-players-100-postgres'] : []),
  'points-limited',
  ...VARIANTS.map((variant) => `variant-${variant}`),
  'A-small',
  'A-large',
  'F-small',
  'F-large',
];

describe('npm run bench -- --quick', () => {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-bench-test-'));
  const out = join(dir, 'report.json');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads every endpoint with only 2xx answers and writes a row per endpoint', () => {
    // Through the npm script, so the build of dist/ that the server runs from is fresh.
    const run = spawnSync('npm', ['run', '--silent', 'bench', '--', '--quick', '--out', out], {
      cwd: packageRoot,
      env: {
        ...process.env,
        ...(redisUrl && { TEST_REDIS_URL: redisUrl }),
        ...(postgresUrl && { TEST_DATABASE_URL: postgresUrl }),
      },
      encoding: 'utf8',
      // A few minutes on a quiet machine (docs/development.md, "Supported Node versions"); a
      // loaded one takes longer, and a stuck run still ends here.
      timeout: 1_100_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('| endpoint');

    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(report.ok).toBe(true);
    expect(report.failures).toEqual([]);
    expect(report.rows.map((row) => row.id)).toEqual(EXPECTED_ROWS);
    for (const row of report.rows) {
      // A separate request per endpoint, checked by the harness: 200 and its kind of body.
      expect(row.sample, row.id).toMatchObject({ status: 200, validJson: true });
      expect(row.rounds.length, row.id).toBeGreaterThan(0);
      expect(row.rounds[0]?.pid, row.id).toBeGreaterThan(0);
      for (const round of row.rounds) {
        expect(round.requests, row.id).toBeGreaterThan(0);
        expect(round.non2xx, row.id).toBe(0);
        expect(round.socketErrors, row.id).toBe(0);
      }
    }
    expect(report.startup.serverMs.length).toBeGreaterThan(0);
    // Bare Fastify beside A in every round, and the node's memory once the rounds are over.
    expect(report.fastifyCeiling?.small.median).toBeGreaterThan(0);
    expect(report.fastifyCeiling?.large.median).toBeGreaterThan(0);
    expect(run.stdout).toContain('bare Fastify (F): small');
    expect(report.memory.serverAfterRoundsMiB).toBeGreaterThan(0);
    // Every server ran as two processes (sides.ts), each checked before the load.
    expect(report.settings.processes).toBe(2);
    expect(report.memory.serverAfterRoundsEachMiB).toHaveLength(2);
    expect(report.eventLoop?.failures).toBe(0);
    expect(report.interactionRoundTrip?.requests).toBeGreaterThan(0);
    expect(report.interactionRoundTrip?.failures).toBe(0);
    if (redisUrl) expect(report.redis?.ratioToPoints).toBeGreaterThan(0);
    if (postgresUrl) {
      const postgres = report.postgres;
      expect(postgres?.cached.map((row) => row.id)).toEqual([
        'points-postgres',
        'players-100-postgres',
        'history-year-postgres',
      ]);
      expect(postgres?.cold).toHaveLength(6);
      for (const cold of postgres?.cold ?? [])
        expect(cold.perSecond, cold.label).toBeGreaterThan(0);
      expect(postgres?.commitToAnswer.changes).toBe(100);
    }
    // The house cup's figures: cold answers and costs on each store there is, the public streams.
    const stores = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
    expect(report.history?.stores.map((s) => s.store)).toEqual(stores);
    for (const figures of report.history?.stores ?? []) {
      for (const cold of [figures.year, figures.hours48, figures.chart]) {
        expect(cold.p50Ms, figures.store).toBeGreaterThan(0);
        expect(cold.bytes, figures.store).toBeGreaterThan(0);
      }
    }
    expect(report.history?.costs.map((c) => c.store)).toEqual(stores);
    for (const cost of report.history?.costs ?? []) expect(cost.bytesPerChange).toBeGreaterThan(0);
    // Every peer row compared with its twin, round by round.
    expect(report.peer?.map((r) => `peer-${r.id}`)).toEqual(
      EXPECTED_ROWS.filter((id) => id.startsWith('peer-')),
    );
    for (const ratio of report.peer ?? []) expect(ratio.rpsMedian, ratio.id).toBeGreaterThan(0);
    // Each library housecup replaced, put back and measured beside it.
    expect(report.replacements?.map((r) => r.variant)).toEqual([...VARIANTS]);
    for (const gain of report.replacements ?? []) expect(gain.rpsMedian).toBeGreaterThan(0);
    // Cold answers beside the peer's, and the mixed load, on each store there is.
    const coldRows = ['points', 'player-member', 'players-100', 'players-1000'];
    expect(report.coldPeer?.map((c) => `${c.store} ${c.id}`)).toEqual(
      stores.flatMap((store) => coldRows.map((id) => `${store} ${id}`)),
    );
    for (const cold of report.coldPeer ?? []) {
      expect(cold.samples, cold.id).toBeGreaterThan(0);
      expect(cold.housecup.p50Ms, cold.id).toBeGreaterThan(0);
      expect(cold.peer.p50Ms, cold.id).toBeGreaterThan(0);
      expect(cold.limit.p50Ms, cold.id).toBeGreaterThan(0);
    }
    expect(report.mixed?.map((m) => m.store)).toEqual(stores);
    for (const mixed of report.mixed ?? []) {
      expect(mixed.housecup.result.requests, mixed.store).toBeGreaterThan(0);
      expect(mixed.peer?.result.requests, mixed.store).toBeGreaterThan(0);
    }
    expect(report.publicStreams?.public).toBe(true);
    expect(report.publicStreams?.commitToLastMs.commits).toBeGreaterThan(0);
    // A stream's memory, and raw node:http's holding as many, both measured (100 streams are too
    // few for the figures themselves to mean anything).
    expect(typeof report.publicStreams?.memory?.rawPerStreamKiB).toBe('number');
    // The sections of their own, and a line for every target (met or missed: never a speed).
    for (const section of ['members', 'terms', 'renders', 'webhooks', 'liveScoreboards'] as const) {
      expect(report[section], section).toBeTruthy();
    }
    // The period triggers' costs on each store, their bursts beside the same rows written by hand.
    expect(report.members?.costs.map((c) => c.store)).toEqual(stores);
    for (const cost of report.members?.costs ?? []) {
      expect(cost.burst.byHandUs.length, cost.store).toBeGreaterThan(0);
      expect(cost.burst.ratioToByHand, cost.store).toBeGreaterThan(0);
    }
    // The awards: the ledger's cost to the game and /log beside the peer on each store, and awards
    // over the gateway, every one answered.
    expect(report.awards?.costs.map((c) => c.store)).toEqual(stores);
    expect(report.awards?.log.map((l) => l.store)).toEqual(stores);
    for (const log of report.awards?.log ?? []) expect(log.ratio, log.store).toBeGreaterThan(0);
    expect(report.awards?.gateway?.award.samples).toBeGreaterThan(0);
    expect(report.awards?.gateway?.points.samples).toBeGreaterThan(0);
    expect(run.stdout).toContain('Targets (');
    expect([...new Set(report.targets?.map((t) => t.id))]).toEqual(ALL_TARGETS.map((t) => t.id));
  }, 1_200_000);
});
