import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, Agent as HttpAgent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { Webhook } from 'standardwebhooks';
import { SUBSCRIPTIONS_PER_GUILD } from '../../src/records/webhooks.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { ensureCursor } from '../../src/webhooks/dispatcher.js';
import { newSecret } from '../../src/webhooks/signing.js';
import { get } from './http-get.js';
import { freePort, memoryOf, type Served, spawnServer, waitForOk } from './processes.js';
import { percentileOf } from './stats.js';

/*
 * `npm run bench -- --only webhooks` (or alone: `npx tsx test/bench/webhooks.ts [--quick]`, which
 * prints the report as JSON): the webhooks' figures on one SQLite node (the real
 * server, a child process), a receiver in this process verifying every message:
 *  - commit → receiver: a points UPDATE committed by another connection (as the game's), until
 *    the receiver has every message it causes; with 1 subscription, and with 500 (50 guilds ×
 *    10, one UPDATE changing all 50);
 *  - deliveries per second in the 500 case;
 *  - with 500 endpoints down (they never answer: each attempt waits out its 10 s): the p50/p99 of
 *    GET /v1/points/:guildId meanwhile, against the same node with them answering, and the node's
 *    memory and the database's bytes per waiting message.
 */

const GUILDS = 50;
const guildId = (i: number) => `9${String(i).padStart(17, '0')}`;

export interface Receiver {
  url: string;
  /** Verified messages: guild, seq, arrival (performance.now()). */
  arrivals: { guildId: string; data: string; at: number }[];
  refused: number;
  /** Answers 204 (and counts the message), never answers, or answers 500 (counted as requests). */
  mode: 'answer' | 'hang' | 'fail';
  /** Every request, whatever its answer. */
  requests: number;
  /** The secret of each subscription, by the number at the end of its URL. */
  secrets: string[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    arrivals: [],
    refused: 0,
    mode: 'answer',
    requests: 0,
    secrets: [],
    close: async () => {},
  };
  const verifiers = new Map<string, Webhook>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      receiver.requests += 1;
      if (receiver.mode === 'hang') return;
      if (receiver.mode === 'fail') {
        response.writeHead(500).end();
        return;
      }
      const index = String(request.url).split('/').at(-1) ?? '';
      let webhook = verifiers.get(index);
      if (!webhook) {
        webhook = new Webhook(receiver.secrets[Number(index)] ?? '');
        verifiers.set(index, webhook);
      }
      try {
        const message = webhook.verify(body, {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        }) as { guildId: string; data: { gryffindor: number } };
        receiver.arrivals.push({
          guildId: message.guildId,
          data: String(message.data.gryffindor),
          at: performance.now(),
        });
        response.writeHead(204).end();
      } catch {
        receiver.refused += 1;
        response.writeHead(401).end();
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) return false;
    await sleep(1);
  }
  return true;
}

export interface WebhooksOptions {
  quick: boolean;
  /** The server's CPU list, when pinned. */
  cpu?: string | undefined;
  /** The bench's running servers: the node is in it while it runs (stopped on an interrupt). */
  running?: Set<Served>;
}

export type WebhooksReport = Awaited<ReturnType<typeof webhooksBench>>;

export async function webhooksBench({ quick, cpu, running }: WebhooksOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-bench-webhooks-'));
  const path = join(dir, 'housecup.db');
  const store = openSqliteStore(path);
  await store.importData({
    guilds: Array.from({ length: GUILDS }, (_, i) => ({
      id: guildId(i),
      points: { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
    })),
  });
  const { key } = await store.keyStore.create({ name: 'bench', rateLimit: 0 });
  const receiver = await startReceiver();
  const subscribe = async (guild: string) => {
    const secret = newSecret();
    const index = receiver.secrets.push(secret) - 1;
    const added = await store.webhooks.add(
      { guildId: guild, url: `${receiver.url}/hook/${index}`, events: ['points'], secret },
      SUBSCRIPTIONS_PER_GUILD,
    );
    if (!added) throw new Error('not added');
  };
  await subscribe(guildId(0));
  // The cursor at the latest change: what `webhook add` does.
  await ensureCursor({ read: store.read, webhooks: store.webhooks });

  const port = await freePort();
  const server = spawnServer({
    port,
    cpu,
    databasePath: path,
    cwd: dir,
    env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  running?.add(server);
  await waitForOk(`${server.url}/healthz`, {}, performance.now());
  const game = new Database(path);
  let value = 0;
  const commit = (guilds: 'one' | 'all') => {
    value += 1;
    const where = guilds === 'one' ? `WHERE guild_id = '${guildId(0)}'` : '';
    game.exec(`UPDATE house_points SET gryffindor = ${value} ${where}`);
    return { value: String(value), at: performance.now() };
  };

  // 1 subscription.
  const one: number[] = [];
  for (let i = 0; i < (quick ? 5 : 40); i += 1) {
    const sent = commit('one');
    const ok = await until(() => receiver.arrivals.some((a) => a.data === sent.value), 10_000);
    if (!ok) throw new Error('a message did not come');
    const arrived = receiver.arrivals.find((a) => a.data === sent.value);
    one.push((arrived?.at ?? NaN) - sent.at);
    await sleep(50 + Math.random() * 200);
  }

  // 500 subscriptions: 50 guilds × 10.
  for (let g = 0; g < GUILDS; g += 1) {
    for (let s = g === 0 ? 1 : 0; s < SUBSCRIPTIONS_PER_GUILD; s += 1) await subscribe(guildId(g));
  }
  const many: number[] = [];
  const rates: number[] = [];
  for (let i = 0; i < (quick ? 3 : 15); i += 1) {
    const sent = commit('all');
    const ok = await until(
      () => receiver.arrivals.filter((a) => a.data === sent.value).length >= 500,
      30_000,
    );
    if (!ok) throw new Error('not all 500 messages came');
    const times = receiver.arrivals.filter((a) => a.data === sent.value).map((a) => a.at);
    const last = Math.max(...times);
    const first = Math.min(...times);
    many.push(last - sent.at);
    rates.push(500 / ((last - first) / 1000));
    await sleep(300);
  }

  // Small requests with the endpoints answering, then with all 500 down (never answering).
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  const headers = { authorization: `Bearer ${key}` };
  const small = async (n: number, busy: () => void) => {
    const times: number[] = [];
    for (let i = 0; i < n; i += 1) {
      if (i % 20 === 0) busy();
      const start = performance.now();
      const answer = await get(`${server.url}/v1/points/${guildId(1)}`, headers, agent);
      if (answer.status !== 200) throw new Error(`points answered ${answer.status}`);
      times.push(performance.now() - start);
      await sleep(5);
    }
    return times;
  };
  const requests = quick ? 100 : 400;
  const answering = await small(requests, () => commit('all'));
  await until(
    () => receiver.arrivals.filter((a) => a.data === String(value)).length >= 500,
    30_000,
  );
  const rssBefore = memoryOf(server.pid)?.rssMiB ?? NaN;
  const fileBefore = statSync(path).size + statSync(`${path}-wal`).size;
  receiver.mode = 'hang';
  const down = await small(requests, () => commit('all'));
  await sleep(2_000);
  const waiting = game
    .prepare('SELECT count(*) AS n, sum(length(payload)) AS bytes FROM webhook_messages')
    .get() as {
    n: number;
    bytes: number;
  };
  const rssDown = memoryOf(server.pid)?.rssMiB ?? NaN;
  const fileDown = statSync(path).size + statSync(`${path}-wal`).size;

  const report = {
    quick,
    commitToReceiverMs: {
      oneSubscription: {
        p50: round(percentileOf(one, 50)),
        p99: round(percentileOf(one, 99)),
        n: one.length,
      },
      fiveHundred: {
        p50: round(percentileOf(many, 50)),
        p99: round(percentileOf(many, 99)),
        n: many.length,
      },
    },
    deliveriesPerSecond: round(percentileOf(rates, 50), 0),
    smallRequestMs: {
      answering: {
        p50: round(percentileOf(answering, 50), 2),
        p99: round(percentileOf(answering, 99), 2),
      },
      fiveHundredDown: {
        p50: round(percentileOf(down, 50), 2),
        p99: round(percentileOf(down, 99), 2),
      },
    },
    waitingMessages: waiting.n,
    payloadBytesPerMessage: round(waiting.bytes / Math.max(1, waiting.n), 0),
    databaseBytesPerWaitingMessage: round((fileDown - fileBefore) / Math.max(1, waiting.n), 0),
    nodeRssMiB: { before: round(rssBefore), withWaiting: round(rssDown) },
    refused: receiver.refused,
  };
  game.close();
  agent.destroy();
  await server.stop();
  running?.delete(server);
  await receiver.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  return report;
}

const ms = (value: { p50: number; p99: number }) => `p50 ${value.p50} ms, p99 ${value.p99} ms`;

export function formatWebhooks(report: WebhooksReport | null): string {
  if (!report) return 'webhooks: not run';
  const c = report.commitToReceiverMs;
  return [
    'webhooks (one SQLite node, a receiver verifying every message):',
    `  commit → receiver, 1 subscription: ${ms(c.oneSubscription)} (${c.oneSubscription.n} commits); ` +
      `500 subscriptions (50 guilds × 10), the last of them: ${ms(c.fiveHundred)} (${c.fiveHundred.n} commits); ` +
      `${report.deliveriesPerSecond} deliveries/s`,
    `  GET /v1/points/:g one at a time, endpoints answering: ${ms(report.smallRequestMs.answering)}; ` +
      `all 500 down: ${ms(report.smallRequestMs.fiveHundredDown)}`,
    `  ${report.waitingMessages} messages waiting: ${report.payloadBytesPerMessage} B payload, ` +
      `${report.databaseBytesPerWaitingMessage} B of database each; node RSS ${report.nodeRssMiB.before} → ` +
      `${report.nodeRssMiB.withWaiting} MiB; ${report.refused} refused by the receiver`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = await webhooksBench({ quick: process.argv.includes('--quick') });
  console.log(JSON.stringify(report, null, 2));
}
