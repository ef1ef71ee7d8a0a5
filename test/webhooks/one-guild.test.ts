import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { startWebhooks, type WebhookService } from '../../src/webhooks/service.js';
import { eventually } from '../support/eventually.js';
import { fixture, LIFETIME, RICH } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { captureLog } from '../support/log-capture.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { type Answer, type Receiver, startReceiver } from './support/receiver.js';
import { LOOPBACK_RULES, subscribe } from './support/setup.js';

/*
 * One guild cannot hurt another through webhooks: receivers that never answer, receivers that
 * fail forever while the data keeps changing, and a subscription row nobody can read. Each case
 * waits for what must happen (another guild's message delivered, the dispatcher caught up) with
 * a ceiling far above any normal wait, and then asserts what the outbox holds.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(answer?: Answer): Promise<Receiver> {
  const started = await startReceiver(answer);
  cleanups.push(() => started.close());
  return started;
}

/** A node as production runs it, but polling often; a test's own attempt timeout and retries. */
function node(
  test: TestStore,
  options: {
    timeoutMs?: number;
    retryDelaysMs?: number[];
    logger?: ReturnType<typeof createLogger>;
  },
): WebhookService {
  const started = startWebhooks({
    read: test.store.read,
    webhooks: test.store.webhooks,
    rules: LOOPBACK_RULES,
    logger: options.logger ?? createLogger({ level: 'silent' }),
    pollMs: 20,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
  });
  cleanups.push(() => started.stop());
  return started;
}

/** One number read with SQL on a connection of its own. */
async function foreignCount(test: TestStore, sql: string): Promise<number> {
  if (test.kind === 'sqlite') {
    const db = new Database(test.env.DATABASE_PATH, { readonly: true });
    try {
      return Number(db.prepare(sql).pluck().get());
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: test.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT (${sql}) AS n`);
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

/** Whether the dispatcher has turned every change into messages. */
async function caughtUp(test: TestStore): Promise<boolean> {
  const cursor = await test.store.webhooks.cursor();
  if (cursor === null) return false;
  return (await test.store.read.changes.since(cursor)).changes.length === 0;
}

/** A write to each of the four areas of the guild, the n-th time. */
const changeEverything = (guildId: string, n: number) =>
  [
    `UPDATE house_points SET gryffindor = ${1000 + n} WHERE guild_id = '${guildId}'`,
    `UPDATE jobs SET salary = ${n} WHERE guild_id = '${guildId}' AND id = 1`,
    `UPDATE profiles SET galleons = ${n} WHERE guild_id = '${guildId}' AND id = 1`,
    `UPDATE premium SET expires_at = '2099-01-0${1 + (n % 9)}T00:00:00.000Z' WHERE guild_id = '${guildId}'`,
  ].join(';\n');

describe.each(storeKinds(import.meta.filename))('one guild’s webhooks on %s', (kind) => {
  it('receivers that never answer do not hold another guild’s deliveries', async () => {
    const test = await openTestStore(kind, fixture);
    cleanups.push(() => test.cleanup());
    // Ten subscriptions whose receivers take every request and never answer, on every event.
    const hanging: Receiver[] = [];
    for (let i = 0; i < 10; i += 1) {
      const each = await receiver(() => 'hang');
      await subscribe(test, each, RICH);
      hanging.push(each);
    }
    const healthy = await receiver();
    await subscribe(test, healthy, LIFETIME, ['points']);
    // An attempt that never ends for the length of the test: whatever it holds, it holds.
    node(test, { timeoutMs: 600_000, retryDelaysMs: [600_000] });
    await foreignWrite(test, changeEverything(RICH, 1));
    await eventually(
      async () => hanging.reduce((sum, each) => sum + each.ids.length, 0),
      (got) => got >= 4,
    );
    await foreignWrite(
      test,
      `UPDATE house_points SET slytherin = 4242 WHERE guild_id = '${LIFETIME}'`,
    );
    const got = await eventually(
      async () => healthy.received.length,
      (count) => count >= 1,
    );
    expect(got).toBe(1);
    expect(healthy.received[0]?.message.data).toMatchObject({ slytherin: 4242 });
  });

  it('a receiver that fails forever keeps at most one message per area waiting, the latest', async () => {
    const test = await openTestStore(kind, fixture);
    cleanups.push(() => test.cleanup());
    const failing = await receiver(() => 500);
    const subscription = await subscribe(test, failing, RICH);
    // Every failure retried in a minute: long enough for the changes below to pile up.
    node(test, { retryDelaysMs: Array.from({ length: 10 }, () => 60_000) });
    for (let n = 1; n <= 12; n += 1) {
      await foreignWrite(test, changeEverything(RICH, n));
      // The first changes attempted (and failed) before more come, as a busy guild's would be.
      await eventually(
        async () => failing.ids.length,
        (count) => count >= 4,
      );
      await eventually(
        () => caughtUp(test),
        (done) => done,
      );
    }
    // One per area (points, premium, players, jobs), whatever the number of changes, once the
    // attempts under way have ended.
    const waiting = await eventually(
      () =>
        foreignCount(
          test,
          `SELECT count(*) FROM webhook_messages WHERE subscription_id = ${subscription.id}`,
        ),
      (count) => count <= 4,
    );
    expect(waiting).toBeLessThanOrEqual(4);
    const latest = await foreignCount(
      test,
      `SELECT count(*) FROM webhook_messages WHERE subscription_id = ${subscription.id}
         AND type = 'points.changed' AND payload LIKE '%"gryffindor":1012,%'`,
    );
    expect(latest).toBe(1);
  });

  it('a subscription the dispatcher cannot read is set aside, logged once, the others go on', async () => {
    const test = await openTestStore(kind, fixture);
    cleanups.push(() => test.cleanup());
    const good = await receiver();
    await subscribe(test, good, RICH, ['points']);
    // What a hand edit leaves: the events as a comma list, not JSON.
    await foreignWrite(
      test,
      `INSERT INTO webhook_subscriptions (guild_id, url, events, secret, created_at)
       VALUES ('${LIFETIME}', 'https://hooks.example.com/in', 'points,jobs',
         'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', '2026-11-26T10:00:00.000Z')`,
    );
    const log = captureLog();
    node(test, { logger: log.logger });
    for (let n = 1; n <= 3; n += 1) {
      await foreignWrite(
        test,
        `UPDATE house_points SET gryffindor = ${n} WHERE guild_id IN ('${RICH}', '${LIFETIME}')`,
      );
      await eventually(
        async () => good.received.length,
        (count) => count >= n,
      );
    }
    expect(good.received.map((each) => each.message.data)).toMatchObject([
      { gryffindor: 1 },
      { gryffindor: 2 },
      { gryffindor: 3 },
    ]);
    const errors = log.entries().filter((entry) => entry.level >= 50);
    expect(errors).toEqual([]);
    const setAside = log.entries().filter((entry) => /set aside/.test(entry.msg ?? ''));
    expect(setAside).toHaveLength(1);
    expect(setAside[0]).toMatchObject({ guild: LIFETIME });
  });
});
