import { randomUUID } from 'node:crypto';
import type pg from 'pg';
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
import { inTransaction } from './transaction.js';

/*
 * The webhooks' rows on PostgreSQL, shared by every node. A node takes messages with
 * `FOR UPDATE SKIP LOCKED` (two nodes never wait on, nor take, the same row) and marks them with
 * a lease until a given instant: the row lock lasts the short transaction that takes them, the
 * lease the attempt itself, so a node killed while it sends holds nothing past its lease.
 */

/** The first key of the advisory locks that serialize adds per guild (against the cap). */
const GUILD_WEBHOOKS_LOCK = 0x77686f6b; // "whok"
/**
 * The advisory lock that serializes leases between nodes. The fair pick ranks every due message
 * before it locks any, so two nodes picking at once would pick the same rows and the second,
 * skipping them, would take nothing; in turn, the second ranks what the first left.
 */
const LEASE_LOCK = [GUILD_WEBHOOKS_LOCK, 1] as const;

type Row = Parameters<typeof subscriptionOf>[0];

export function createPostgresWebhookStore(pool: pg.Pool, now: () => Date): WebhookStore {
  const one = async (id: number) =>
    (
      await pool.query<Row>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE id = $1`,
        [id],
      )
    ).rows[0];

  /**
   * Writes a batch of messages in one statement whatever its size: each takes the place of the
   * waiting, unheld message of its subscription and area if there is one (any other such goes),
   * and is inserted otherwise. Every condition on a row is said again on the row written, so a
   * row a node leased while this statement waited for it is left alone.
   */
  async function write(
    client: pg.PoolClient,
    messages: readonly NewMessage[],
    at: string,
  ): Promise<void> {
    // The latest of a subscription and area in one batch: one row of `waiting` per row.
    const latest = new Map<string, NewMessage>();
    for (const each of messages) {
      const area = areaOf(each.type);
      latest.set(area === null ? each.messageId : `${each.subscriptionId}/${area}`, each);
    }
    const batch = [...latest.values()];
    if (batch.length === 0) return;
    await client.query(
      `WITH incoming AS (
         SELECT t.*, ${messageArea('t.type')} AS area
         FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[])
           AS t(message_id, subscription_id, guild_id, type, payload)
       ), waiting AS (
         SELECT m.id, i.message_id AS replacement,
           row_number() OVER (PARTITION BY m.subscription_id, i.area ORDER BY m.id) AS n
         FROM webhook_messages AS m
         JOIN incoming AS i ON m.subscription_id = i.subscription_id
           AND ${messageArea('m.type')} = i.area
         WHERE ${unheld('$6', 'm.')}
       ), dropped AS (
         DELETE FROM webhook_messages AS m USING waiting AS w
         WHERE m.id = w.id AND w.n > 1 AND ${unheld('$6', 'm.')}
       ), replaced AS (
         UPDATE webhook_messages AS m
         SET message_id = i.message_id, type = i.type, payload = i.payload
         FROM waiting AS w JOIN incoming AS i ON i.message_id = w.replacement
         WHERE m.id = w.id AND w.n = 1 AND ${unheld('$6', 'm.')}
         RETURNING i.message_id
       )
       INSERT INTO webhook_messages
         (message_id, subscription_id, guild_id, type, payload, next_attempt_at, created_at)
       SELECT i.message_id, i.subscription_id, i.guild_id, i.type, i.payload, $6, $6
       FROM incoming AS i
       WHERE i.message_id NOT IN (SELECT message_id FROM replaced)`,
      [
        batch.map((each) => each.messageId),
        batch.map((each) => each.subscriptionId),
        batch.map((each) => each.guildId),
        batch.map((each) => each.type),
        batch.map((each) => each.payload),
        at,
      ],
    );
  }

  /**
   * Takes the lease of the messages `where` picks ($1 now, $2 until, $3 the lease, $4 and on
   * free). The row lock re-reads the row: one another node leased meanwhile is no longer unheld.
   */
  async function leaseWhere(
    where: string,
    values: unknown[],
    on: pg.Pool | pg.PoolClient = pool,
  ): Promise<LeasedMessage[]> {
    const { rows } = await on.query<LeasedMessage>(
      `WITH due AS (
         SELECT id FROM webhook_messages WHERE (${where}) AND ${unheld('$1')}
         FOR UPDATE SKIP LOCKED
       ), leased AS (
         UPDATE webhook_messages AS m SET locked_until = $2, lease = $3, attempts = m.attempts + 1
         FROM due WHERE m.id = due.id
         RETURNING m.message_id, m.subscription_id, m.guild_id, m.type, m.payload, m.attempts,
           m.lease
       )
       SELECT leased.message_id AS "messageId", leased.subscription_id AS "subscriptionId",
         leased.guild_id AS "guildId", leased.type, leased.payload, leased.attempts AS attempt,
         leased.lease, s.url, s.secret, s.failing_since AS "failingSince"
       FROM leased JOIN webhook_subscriptions AS s ON s.id = leased.subscription_id`,
      values,
    );
    return rows;
  }

  return {
    async add({ guildId, url, events, secret }, cap) {
      const at = now().toISOString();
      const row = await inTransaction(pool, 'BEGIN', async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
          GUILD_WEBHOOKS_LOCK,
          guildId,
        ]);
        const { rows } = await client.query<Row>(
          `INSERT INTO webhook_subscriptions (guild_id, url, events, secret, created_at)
           SELECT $1, $2, $3, $4, $5
           WHERE (SELECT count(*) FROM webhook_subscriptions WHERE guild_id = $1) < $6
           RETURNING ${SUBSCRIPTION_COLUMNS}`,
          [guildId, url, JSON.stringify(events), secret, at, cap],
        );
        return rows[0] ?? null;
      });
      return row ? subscriptionOf(row) : null;
    },
    async list(guildId) {
      const { rows } = await pool.query<Row>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE guild_id = $1 ORDER BY id`,
        [guildId],
      );
      return rows.map(subscriptionOf);
    },
    async get(id) {
      const row = await one(id);
      return row ? subscriptionOf(row) : null;
    },
    async remove(id, filter = {}) {
      return inTransaction(pool, 'BEGIN', async (client) => {
        const { rowCount } = await client.query(
          'DELETE FROM webhook_subscriptions WHERE id = $1 AND ($2::text IS NULL OR guild_id = $2)',
          [id, filter.guildId ?? null],
        );
        if (rowCount !== 1) return false;
        await client.query('DELETE FROM webhook_messages WHERE subscription_id = $1', [id]);
        await client.query('DELETE FROM webhook_attempts WHERE subscription_id = $1', [id]);
        return true;
      });
    },
    async openIn(guildIds) {
      const { rows } = await pool.query<Row>(
        `SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions
         WHERE disabled_at IS NULL AND guild_id = ANY($1::text[]) ORDER BY id`,
        [guildIds],
      );
      return rows.map(subscriptionOf);
    },
    async openCount() {
      const { rows } = await pool.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM webhook_subscriptions WHERE disabled_at IS NULL',
      );
      return rows[0]?.count ?? 0;
    },
    async cursor() {
      const { rows } = await pool.query<{ cursor: string }>(
        'SELECT cursor FROM webhook_cursors WHERE name = $1',
        [CHANGES_CURSOR],
      );
      return rows[0]?.cursor ?? null;
    },
    async advance(from, to, messages) {
      const at = now().toISOString();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Two nodes that read the same changes: the second's statement waits for the first's
        // commit, then finds the cursor moved and writes nothing.
        const moved =
          from === null
            ? await client.query(
                `INSERT INTO webhook_cursors (name, cursor, updated_at) VALUES ($1, $2, $3)
                 ON CONFLICT DO NOTHING`,
                [CHANGES_CURSOR, to, at],
              )
            : await client.query(
                `UPDATE webhook_cursors SET cursor = $1, updated_at = $2
                 WHERE name = $3 AND cursor = $4`,
                [to, at, CHANGES_CURSOR, from],
              );
        if (moved.rowCount !== 1) {
          await client.query('ROLLBACK');
          return false;
        }
        await write(client, messages, at);
        await client.query('COMMIT');
        return true;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async enqueue(message) {
      const at = now().toISOString();
      await pool.query(
        `INSERT INTO webhook_messages
           (message_id, subscription_id, guild_id, type, payload, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [
          message.messageId,
          message.subscriptionId,
          message.guildId,
          message.type,
          message.payload,
          at,
        ],
      );
    },
    async lease(at, until, limit, perGuild) {
      return inTransaction(pool, 'BEGIN', async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...LEASE_LOCK]);
        return leaseWhere(
          `id IN (${fairDueIds({ at: '$1::text', perGuild: '$5::bigint', limit: '$4::bigint' })})`,
          [at, until, randomUUID(), limit, perGuild],
          client,
        );
      });
    },
    async leaseOne(messageId, at, until) {
      const rows = await leaseWhere('message_id = $4', [at, until, randomUUID(), messageId]);
      return rows[0] ?? null;
    },
    async finish(message, attempt, outcome, keep) {
      return inTransaction(pool, 'BEGIN', async (client) => {
        const { rowCount } = await client.query(
          'SELECT 1 FROM webhook_messages WHERE message_id = $1 AND lease = $2 FOR UPDATE',
          [message.messageId, message.lease],
        );
        if (rowCount !== 1) return false;
        const { subscriptionId, messageId } = message;
        await client.query(
          `INSERT INTO webhook_attempts
             (subscription_id, message_id, type, attempt, attempted_at, status, duration_ms)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            subscriptionId,
            messageId,
            message.type,
            message.attempt,
            attempt.attemptedAt,
            attempt.status,
            attempt.durationMs,
          ],
        );
        await client.query(
          `DELETE FROM webhook_attempts WHERE subscription_id = $1 AND id <= (
             SELECT id FROM webhook_attempts WHERE subscription_id = $1
             ORDER BY id DESC LIMIT 1 OFFSET $2)`,
          [subscriptionId, keep],
        );
        if (outcome.kind === 'delivered') {
          await client.query('DELETE FROM webhook_messages WHERE message_id = $1', [messageId]);
          await client.query(
            'UPDATE webhook_subscriptions SET failing_since = NULL WHERE id = $1',
            [subscriptionId],
          );
        } else if (outcome.kind === 'failed') {
          const area = areaOf(message.type);
          // A newer message of the subscription and area waiting takes this one's schedule.
          const handedOver =
            outcome.retryAt !== null &&
            area !== null &&
            ((
              await client.query(
                `UPDATE webhook_messages SET attempts = greatest(attempts, $1),
                   next_attempt_at = greatest(next_attempt_at, $2),
                   created_at = least(created_at,
                     (SELECT created_at FROM webhook_messages WHERE message_id = $3))
                 WHERE subscription_id = $4 AND ${messageArea('type')} = $5
                   AND ${unheld('$6')} AND message_id <> $3`,
                [message.attempt, outcome.retryAt, messageId, subscriptionId, area, attempt.now],
              )
            ).rowCount ?? 0) > 0;
          if (outcome.retryAt === null || handedOver) {
            await client.query('DELETE FROM webhook_messages WHERE message_id = $1', [messageId]);
          } else {
            await client.query(
              `UPDATE webhook_messages SET next_attempt_at = $1, last_status = $2,
                 locked_until = NULL, lease = NULL WHERE message_id = $3`,
              [outcome.retryAt, attempt.status, messageId],
            );
          }
          await client.query(
            `UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, $1)
             WHERE id = $2`,
            [attempt.now, subscriptionId],
          );
        } else {
          await client.query(
            `UPDATE webhook_subscriptions SET disabled_at = $1, disabled_reason = $2
             WHERE id = $3 AND disabled_at IS NULL`,
            [attempt.now, outcome.reason, subscriptionId],
          );
          await client.query('DELETE FROM webhook_messages WHERE subscription_id = $1', [
            subscriptionId,
          ]);
        }
        return true;
      });
    },
    async attempts(subscriptionId, limit) {
      const { rows } = await pool.query<WebhookAttemptRow>(
        'SELECT * FROM webhook_attempts WHERE subscription_id = $1 ORDER BY id DESC LIMIT $2',
        [subscriptionId, limit],
      );
      return rows.map(attemptOf);
    },
    async oldestWaiting() {
      const { rows } = await pool.query<{ oldest: string | null }>(
        `SELECT min(created_at) AS oldest FROM webhook_messages
         WHERE subscription_id IN (${OPEN_SUBSCRIPTIONS})`,
      );
      return rows[0]?.oldest ?? null;
    },
  };
}
