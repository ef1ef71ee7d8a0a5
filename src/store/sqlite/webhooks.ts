import { randomUUID } from 'node:crypto';
import type { WebhookAttemptRow } from '../../records/webhooks.js';
import {
  areaOf,
  attemptOf,
  CHANGES_CURSOR,
  fairDueIds,
  type LeasedMessage,
  messageArea,
  type NewMessage,
  OPEN_SUBSCRIPTIONS,
  SUBSCRIPTION_COLUMNS,
  subscriptionOf,
  unheld,
  type WebhookStore,
} from '../webhooks.js';
import type { Database } from './database.js';
import { writeWhenFree } from './write-when-free.js';

/*
 * The webhooks' rows on SQLite. One connection writes at a time, whichever process it belongs
 * to, so each step is one statement or one IMMEDIATE transaction: the lease is a single
 * `UPDATE … WHERE locked_until < now … RETURNING`, which two nodes on one file can never both
 * win for the same row. Writes go through writeWhenFree: never blocking the event loop on
 * another connection's lock.
 */

type Row = Parameters<typeof subscriptionOf>[0];
type Leased = Omit<LeasedMessage, 'url' | 'secret' | 'failingSince'>;

export function createSqliteWebhookStore(db: Database, now: () => Date): WebhookStore {
  const { sqlite } = db;
  const insertBelowCap = sqlite.prepare<[string, string, string, string, string, string, number]>(
    `INSERT INTO webhook_subscriptions (guild_id, url, events, secret, created_at)
     SELECT ?, ?, ?, ?, ? WHERE (SELECT count(*) FROM webhook_subscriptions WHERE guild_id = ?) < ?`,
  );
  const one = sqlite.prepare<[number], Row>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE id = ?`,
  );
  const ofGuild = sqlite.prepare<[string], Row>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE guild_id = ? ORDER BY id`,
  );
  const open = sqlite.prepare<[string], Row>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions
     WHERE disabled_at IS NULL AND guild_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const openCount = sqlite
    .prepare<[], number>('SELECT count(*) FROM webhook_subscriptions WHERE disabled_at IS NULL')
    .pluck();
  const deleteSubscription = sqlite.prepare<[number]>(
    'DELETE FROM webhook_subscriptions WHERE id = ?',
  );
  const deleteMessages = sqlite.prepare<[number]>(
    'DELETE FROM webhook_messages WHERE subscription_id = ?',
  );
  const deleteAttempts = sqlite.prepare<[number]>(
    'DELETE FROM webhook_attempts WHERE subscription_id = ?',
  );
  const readCursor = sqlite
    .prepare<[string], string>('SELECT cursor FROM webhook_cursors WHERE name = ?')
    .pluck();
  const insertCursor = sqlite.prepare<[string, string, string]>(
    'INSERT INTO webhook_cursors (name, cursor, updated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const moveCursor = sqlite.prepare<[string, string, string, string]>(
    'UPDATE webhook_cursors SET cursor = ?, updated_at = ? WHERE name = ? AND cursor = ?',
  );
  // A new message of a subscription and area takes the place of the one waiting there (unheld):
  // any other waiting one goes (rows from before this rule), then that one becomes the new one.
  const sameAreaWaiting = `subscription_id = @subscription AND ${messageArea('type')} = @area
       AND ${unheld('@at')}`;
  const dropExtraWaiting = sqlite.prepare<[{ subscription: number; area: string; at: string }]>(
    `DELETE FROM webhook_messages WHERE ${sameAreaWaiting}
       AND id > (SELECT min(id) FROM webhook_messages WHERE ${sameAreaWaiting})`,
  );
  const replaceWaiting = sqlite.prepare<
    [{ subscription: number; area: string; at: string; id: string; type: string; payload: string }]
  >(
    `UPDATE webhook_messages SET message_id = @id, type = @type, payload = @payload
     WHERE ${sameAreaWaiting}`,
  );
  // A failed message with a newer one waiting hands it its place in the schedule.
  const handOver = sqlite.prepare<
    [
      {
        subscription: number;
        area: string;
        at: string;
        id: string;
        attempt: number;
        retryAt: string;
      },
    ]
  >(
    `UPDATE webhook_messages SET attempts = max(attempts, @attempt),
       next_attempt_at = max(next_attempt_at, @retryAt),
       created_at = min(created_at, (SELECT created_at FROM webhook_messages WHERE message_id = @id))
     WHERE ${sameAreaWaiting} AND message_id <> @id`,
  );
  const insertMessage = sqlite.prepare<[string, number, string, string, string, string, string]>(
    `INSERT INTO webhook_messages
       (message_id, subscription_id, guild_id, type, payload, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const lease = sqlite.prepare<
    [{ at: string; until: string; lease: string; limit: number; perGuild: number }],
    Leased
  >(
    `UPDATE webhook_messages SET locked_until = @until, lease = @lease, attempts = attempts + 1
     WHERE id IN (${fairDueIds({ at: '@at', perGuild: '@perGuild', limit: '@limit' })})
     RETURNING message_id AS messageId, subscription_id AS subscriptionId, guild_id AS guildId,
       type, payload, attempts AS attempt, lease`,
  );
  // A read first: the lease is a write transaction, which an idle poll should not take.
  const anyDue = sqlite
    .prepare<[{ at: string }], number>(
      `SELECT 1 FROM webhook_messages
       WHERE next_attempt_at <= @at AND (locked_until IS NULL OR locked_until < @at) LIMIT 1`,
    )
    .pluck();
  const leaseById = sqlite.prepare<
    [{ at: string; until: string; lease: string; id: string }],
    Leased
  >(
    `UPDATE webhook_messages SET locked_until = @until, lease = @lease, attempts = attempts + 1
     WHERE message_id = @id AND (locked_until IS NULL OR locked_until < @at)
     RETURNING message_id AS messageId, subscription_id AS subscriptionId, guild_id AS guildId,
       type, payload, attempts AS attempt, lease`,
  );
  const secrets = sqlite.prepare<
    [number],
    { url: string; secret: string; failingSince: string | null }
  >('SELECT url, secret, failing_since AS failingSince FROM webhook_subscriptions WHERE id = ?');
  const held = sqlite
    .prepare<[string, string], number>(
      'SELECT 1 FROM webhook_messages WHERE message_id = ? AND lease = ?',
    )
    .pluck();
  const insertAttempt = sqlite.prepare<[number, string, string, number, string, string, number]>(
    `INSERT INTO webhook_attempts
       (subscription_id, message_id, type, attempt, attempted_at, status, duration_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const trimAttempts = sqlite.prepare<[number, number, number]>(
    `DELETE FROM webhook_attempts WHERE subscription_id = ? AND id <= (
       SELECT id FROM webhook_attempts WHERE subscription_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  );
  const deleteMessage = sqlite.prepare<[string]>(
    'DELETE FROM webhook_messages WHERE message_id = ?',
  );
  const retryMessage = sqlite.prepare<[string, string, string]>(
    `UPDATE webhook_messages SET next_attempt_at = ?, last_status = ?, locked_until = NULL,
       lease = NULL WHERE message_id = ?`,
  );
  const succeeded = sqlite.prepare<[number]>(
    'UPDATE webhook_subscriptions SET failing_since = NULL WHERE id = ?',
  );
  const failing = sqlite.prepare<[string, number]>(
    'UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, ?) WHERE id = ?',
  );
  const disable = sqlite.prepare<[string, string, number]>(
    `UPDATE webhook_subscriptions SET disabled_at = ?, disabled_reason = ?
     WHERE id = ? AND disabled_at IS NULL`,
  );
  const lastAttempts = sqlite.prepare<[number, number], WebhookAttemptRow>(
    'SELECT * FROM webhook_attempts WHERE subscription_id = ? ORDER BY id DESC LIMIT ?',
  );
  const oldest = sqlite
    .prepare<[], string | null>(
      `SELECT min(created_at) FROM webhook_messages WHERE subscription_id IN (${OPEN_SUBSCRIPTIONS})`,
    )
    .pluck();

  const advance = sqlite.transaction(
    (from: string | null, to: string, messages: readonly NewMessage[], at: string): boolean => {
      if (from === null) {
        if (insertCursor.run(CHANGES_CURSOR, to, at).changes !== 1) return false;
      } else if (moveCursor.run(to, at, CHANGES_CURSOR, from).changes !== 1) return false;
      for (const message of messages) write(message, at);
      return true;
    },
  );
  function write(message: NewMessage, at: string): void {
    const { subscriptionId, type, payload } = message;
    const area = areaOf(type);
    if (area !== null) {
      const place = { subscription: subscriptionId, area, at };
      dropExtraWaiting.run(place);
      if (replaceWaiting.run({ ...place, id: message.messageId, type, payload }).changes > 0)
        return;
    }
    insertMessage.run(message.messageId, subscriptionId, message.guildId, type, payload, at, at);
  }
  /** Whether a newer message of the failed one's subscription and area took its schedule. */
  function handedOver(message: LeasedMessage, retryAt: string, at: string): boolean {
    const area = areaOf(message.type);
    if (area === null) return false;
    const { subscriptionId: subscription, messageId: id, attempt } = message;
    return handOver.run({ subscription, area, at, id, attempt, retryAt }).changes > 0;
  }
  const remove = sqlite.transaction((id: number) => {
    deleteMessages.run(id);
    deleteAttempts.run(id);
    return deleteSubscription.run(id).changes === 1;
  });
  const finish = sqlite.transaction(
    (
      message: LeasedMessage,
      attempt: Parameters<WebhookStore['finish']>[1],
      outcome: Parameters<WebhookStore['finish']>[2],
      keep: number,
    ): boolean => {
      if (held.get(message.messageId, message.lease) === undefined) return false;
      const { subscriptionId } = message;
      insertAttempt.run(
        subscriptionId,
        message.messageId,
        message.type,
        message.attempt,
        attempt.attemptedAt,
        attempt.status,
        attempt.durationMs,
      );
      trimAttempts.run(subscriptionId, subscriptionId, keep);
      if (outcome.kind === 'delivered') {
        deleteMessage.run(message.messageId);
        succeeded.run(subscriptionId);
      } else if (outcome.kind === 'failed') {
        const { retryAt } = outcome;
        if (retryAt === null || handedOver(message, retryAt, attempt.now)) {
          deleteMessage.run(message.messageId);
        } else retryMessage.run(retryAt, attempt.status, message.messageId);
        failing.run(attempt.now, subscriptionId);
      } else {
        disable.run(attempt.now, outcome.reason, subscriptionId);
        deleteMessages.run(subscriptionId);
      }
      return true;
    },
  );
  const leaseMany = sqlite.transaction(
    (at: string, until: string, limit: number, perGuild: number) =>
      lease.all({ at, until, lease: randomUUID(), limit, perGuild }).flatMap(withSecret),
  );

  const withSecret = (row: Leased): LeasedMessage[] => {
    const subscription = secrets.get(row.subscriptionId);
    return subscription ? [{ ...row, ...subscription }] : [];
  };
  const leaseOne = sqlite.transaction((id: string, at: string, until: string) =>
    leaseById.all({ id, at, until, lease: randomUUID() }).flatMap(withSecret),
  );

  return {
    async add({ guildId, url, events, secret }, cap) {
      const at = now().toISOString();
      const { lastInsertRowid, changes } = await writeWhenFree(sqlite, () =>
        insertBelowCap.run(guildId, url, JSON.stringify(events), secret, at, guildId, cap),
      );
      if (changes !== 1) return null;
      const row = one.get(Number(lastInsertRowid));
      return row ? subscriptionOf(row) : null;
    },
    async list(guildId) {
      return ofGuild.all(guildId).map(subscriptionOf);
    },
    async get(id) {
      const row = one.get(id);
      return row ? subscriptionOf(row) : null;
    },
    async remove(id, filter = {}) {
      const row = one.get(id);
      if (!row || (filter.guildId !== undefined && row.guild_id !== filter.guildId)) return false;
      return writeWhenFree(sqlite, () => remove.immediate(id));
    },
    async openIn(guildIds) {
      return open.all(JSON.stringify(guildIds)).map(subscriptionOf);
    },
    async openCount() {
      return openCount.get() ?? 0;
    },
    async cursor() {
      return readCursor.get(CHANGES_CURSOR) ?? null;
    },
    async advance(from, to, messages) {
      const at = now().toISOString();
      return writeWhenFree(sqlite, () => advance.immediate(from, to, messages, at));
    },
    async enqueue(message) {
      const at = now().toISOString();
      await writeWhenFree(sqlite, () =>
        insertMessage.run(
          message.messageId,
          message.subscriptionId,
          message.guildId,
          message.type,
          message.payload,
          at,
          at,
        ),
      );
    },
    async lease(at, until, limit, perGuild) {
      if (anyDue.get({ at }) === undefined) return [];
      return writeWhenFree(sqlite, () => leaseMany.immediate(at, until, limit, perGuild));
    },
    async leaseOne(messageId, at, until) {
      return (
        (await writeWhenFree(sqlite, () => leaseOne.immediate(messageId, at, until)))[0] ?? null
      );
    },
    async finish(message, attempt, outcome, keep) {
      return writeWhenFree(sqlite, () => finish.immediate(message, attempt, outcome, keep));
    },
    async attempts(subscriptionId, limit) {
      return lastAttempts.all(subscriptionId, limit).map(attemptOf);
    },
    async oldestWaiting() {
      return oldest.get() ?? null;
    },
  };
}
