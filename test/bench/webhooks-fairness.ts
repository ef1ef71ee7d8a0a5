import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import type { EventName } from '../../src/records/events.js';
import { SUBSCRIPTIONS_PER_GUILD } from '../../src/records/webhooks.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { ensureCursor } from '../../src/webhooks/dispatcher.js';
import { newSecret } from '../../src/webhooks/signing.js';
import { freePort, type Served, spawnServer, waitForOk } from './processes.js';
import { percentileOf } from './stats.js';
import { type Receiver, round, startReceiver, until } from './webhooks.js';

/*
 * One guild cannot hurt another through webhooks (`npm run bench -- --only webhooks-fairness`,
 * or alone: `npx tsx test/bench/webhooks-fairness.ts [--quick]`, after `npm run build`), on one
 * SQLite node (the real server, a child process, production's settings):
 *
 * 1. A guild with 10 subscriptions whose receivers never answer (each attempt waits out its 10 s),
 *    its four areas changing 5 times a second: another guild's points changes, one every second
 *    or so, commit → its receiver, p50/p95/max.
 * 2. A guild with 10 subscriptions whose receivers answer 500 forever, its four areas changing 5
 *    times a second: the messages waiting, counted every 10 s, 5 s in a quick run (the production
 *    retry schedule).
 */

const HOSTILE = '910000000000000001';
const OTHER = '910000000000000002';
const FAILING = '910000000000000003';
const ALL_AREAS: EventName[] = ['points', 'premium', 'players', 'jobs'];
/** Writes a second by the guild under load. */
const CHANGES_PER_SECOND = 5;

const guild = (id: string) => ({
  id,
  points: { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
  premium: { expiresAt: '2099-01-01T00:00:00.000Z' },
  jobs: [{ id: 1, name: 'Auror', salary: 0 }],
  players: [{ id: 1, user_id: '42', name: 'Luna', galleons: 0 }],
});

/** The n-th write of the guild under load: one change of each of its four areas. */
const changeEverything = (id: string, n: number) =>
  [
    `UPDATE house_points SET slytherin = ${n} WHERE guild_id = '${id}'`,
    `UPDATE jobs SET salary = ${n} WHERE guild_id = '${id}'`,
    `UPDATE profiles SET galleons = ${n} WHERE guild_id = '${id}'`,
    `UPDATE premium SET expires_at = '2099-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z' WHERE guild_id = '${id}'`,
  ].join(';\n');

export interface WebhooksFairnessOptions {
  quick: boolean;
  cpu?: string | undefined;
  running?: Set<Served>;
  log?: (line: string) => void;
}

export type WebhooksFairnessReport = Awaited<ReturnType<typeof webhooksFairnessBench>>;

export async function webhooksFairnessBench({
  quick,
  cpu,
  running,
  log = console.log,
}: WebhooksFairnessOptions) {
  // A quick run proves the harness (test:e2e), so it measures just long enough for each part to
  // have figures: a few deliveries, two samples of the waiting messages.
  const warmS = quick ? 2 : 10;
  const measureS = quick ? 6 : 120;
  const failingS = quick ? 10 : 90;
  const sampleEveryS = quick ? 5 : 10;
  const dir = mkdtempSync(join(tmpdir(), 'housecup-bench-fairness-'));
  const path = join(dir, 'housecup.db');
  const store = openSqliteStore(path);
  await store.importData({ guilds: [guild(HOSTILE), guild(OTHER), guild(FAILING)] });
  const receivers: Receiver[] = [];
  const subscribe = async (id: string, events: EventName[], mode: Receiver['mode']) => {
    const receiver = await startReceiver();
    receiver.mode = mode;
    receivers.push(receiver);
    const secret = newSecret();
    receiver.secrets.push(secret);
    const added = await store.webhooks.add(
      { guildId: id, url: `${receiver.url}/hook/0`, events, secret },
      SUBSCRIPTIONS_PER_GUILD,
    );
    if (!added) throw new Error('not added');
    return { receiver, id: added.id };
  };
  const hanging = [];
  for (let i = 0; i < SUBSCRIPTIONS_PER_GUILD; i += 1) {
    hanging.push(await subscribe(HOSTILE, ALL_AREAS, 'hang'));
  }
  const other = await subscribe(OTHER, ['points'], 'answer');
  await ensureCursor({ read: store.read, webhooks: store.webhooks });

  const server = spawnServer({
    port: await freePort(),
    cpu,
    databasePath: path,
    cwd: dir,
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' },
  });
  running?.add(server);
  const game = new Database(path);
  game.pragma('busy_timeout = 5000');
  let n = 0;
  let load: NodeJS.Timeout | undefined;
  const startLoad = (id: string) => {
    load = setInterval(() => {
      n += 1;
      game.exec(changeEverything(id, n));
    }, 1_000 / CHANGES_PER_SECOND);
  };
  const waitingOf = game.prepare<[string], { subscription: number; n: number }>(
    `SELECT subscription_id AS subscription, count(*) AS n FROM webhook_messages
     WHERE guild_id = ? GROUP BY subscription_id`,
  );
  try {
    await waitForOk(`${server.url}/healthz`, {}, performance.now());

    // 1. The hostile guild's receivers hang while its data changes; another guild's changes.
    startLoad(HOSTILE);
    await sleep(warmS * 1_000);
    const latencies: number[] = [];
    let lost = 0;
    const end = performance.now() + measureS * 1_000;
    let value = 1_000_000;
    while (performance.now() < end) {
      value += 1;
      const sent = String(value);
      game.exec(`UPDATE house_points SET gryffindor = ${value} WHERE guild_id = '${OTHER}'`);
      const at = performance.now();
      const arrived = await until(
        () => other.receiver.arrivals.some((a) => a.data === sent),
        60_000,
      );
      const arrival = other.receiver.arrivals.find((a) => a.data === sent);
      if (arrived && arrival) latencies.push(arrival.at - at);
      else lost += 1;
      await sleep(500 + Math.random() * 1_000);
    }
    clearInterval(load);
    const hostileWaiting = waitingOf.all(HOSTILE);
    const hostileRequests = hanging.reduce((sum, each) => sum + each.receiver.requests, 0);
    const starved = {
      otherDelivery: {
        p50Ms: round(percentileOf(latencies, 50)),
        p95Ms: round(percentileOf(latencies, 95)),
        maxMs: round(Math.max(...latencies)),
        n: latencies.length,
        lost,
      },
      hostileChanges: n,
      hostileRequests,
      hostileWaiting: {
        total: hostileWaiting.reduce((sum, row) => sum + row.n, 0),
        maxPerSubscription: Math.max(0, ...hostileWaiting.map((row) => row.n)),
      },
    };
    log(
      `1. 10 receivers of one guild hang, its 4 areas changing ${CHANGES_PER_SECOND}/s: another guild's delivery p50 ${starved.otherDelivery.p50Ms} ms, p95 ${starved.otherDelivery.p95Ms} ms, max ${starved.otherDelivery.maxMs} ms (${latencies.length} changes, ${lost} lost); ${hostileRequests} requests to the hanging receivers; ${starved.hostileWaiting.total} of its messages waiting`,
    );
    for (const { id } of hanging) await store.webhooks.remove(id);

    // 2. Receivers answering 500 forever, the production retry schedule.
    const failing = [];
    for (let i = 0; i < SUBSCRIPTIONS_PER_GUILD; i += 1) {
      failing.push(await subscribe(FAILING, ALL_AREAS, 'fail'));
    }
    const started = performance.now();
    startLoad(FAILING);
    const samples: { s: number; total: number; maxPerSubscription: number }[] = [];
    for (let s = sampleEveryS; s <= failingS; s += sampleEveryS) {
      await sleep(started + s * 1_000 - performance.now());
      const rows = waitingOf.all(FAILING);
      samples.push({
        s,
        total: rows.reduce((sum, row) => sum + row.n, 0),
        maxPerSubscription: Math.max(0, ...rows.map((row) => row.n)),
      });
    }
    clearInterval(load);
    const failed = {
      seconds: failingS,
      samples,
      requests: failing.reduce((sum, each) => sum + each.receiver.requests, 0),
    };
    log(
      `2. 10 receivers answering 500, 4 areas changing ${CHANGES_PER_SECOND}/s for ${failingS} s: waiting ${samples.map((each) => `${each.s} s ${each.total}`).join(', ')}; at most ${Math.max(...samples.map((each) => each.maxPerSubscription))} per subscription; ${failed.requests} attempts`,
    );
    return { quick, starved, failed };
  } finally {
    clearInterval(load);
    game.close();
    await server.stop();
    running?.delete(server);
    for (const receiver of receivers) await receiver.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatWebhooksFairness(report: WebhooksFairnessReport | null): string {
  if (!report) return 'webhooks fairness: not run';
  const { starved, failed } = report;
  const d = starved.otherDelivery;
  const most = Math.max(...failed.samples.map((each) => each.maxPerSubscription));
  return [
    'webhooks, one guild against another (one SQLite node, production settings):',
    `  10 receivers of one guild hang, its 4 areas changing ${CHANGES_PER_SECOND}/s: another guild's commit → receiver p50 ${d.p50Ms} ms, p95 ${d.p95Ms} ms, max ${d.maxMs} ms (${d.n} changes, ${d.lost} lost); ${starved.hostileWaiting.total} of the hanging guild's messages waiting`,
    `  10 receivers answering 500, ${failed.seconds} s: messages waiting ${failed.samples.map((each) => `${each.s} s ${each.total}`).join(', ')} (at most ${most} per subscription)`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await webhooksFairnessBench({ quick: process.argv.includes('--quick') });
  console.log(JSON.stringify(report, null, 2));
}
