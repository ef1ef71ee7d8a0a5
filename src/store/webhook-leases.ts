import type { WebhookMessageRow, WebhookSubscriptionRow } from '../records/webhooks.js';
import type { Dialect } from './sql/dialect.js';
import { all, first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import { messageArea, unheld } from './webhook-outbox.js';
import { GUILD_WEBHOOKS_LOCK, OPEN_SUBSCRIPTIONS } from './webhook-subscriptions.js';
import type { LeasedMessage } from './webhooks.js';

/*
 * Taking the lease of the outbox's messages, on either engine: a node marks the messages it sends
 * with a lease until a given instant, so a node killed while it sends holds nothing past its
 * lease, and two nodes never hold one message at once. SQLite: the lease is one write transaction,
 * which holds the database's one write lock. PostgreSQL: the rows are taken `FOR UPDATE SKIP
 * LOCKED` (two nodes never wait on, nor take, the same row), and one node leases at a time (an
 * advisory lock): the fair pick ranks every due message before it locks any, so two nodes picking
 * at once would pick the same rows and the second, skipping them, would take nothing; in turn,
 * the second ranks what the first left.
 */

type Message = WebhookMessageRow;
type Subscription = WebhookSubscriptionRow;

/** A leased row: the message, and its subscription's (null if it went meanwhile). */
type LeasedRow = Pick<
  Message,
  'message_id' | 'subscription_id' | 'guild_id' | 'type' | 'payload' | 'attempts'
> & { lease: string } & {
  [K in 'url' | 'secret']: Subscription[K] | null;
} & Pick<Subscription, 'failing_since'>;
type Taking = { at: string; until: string; lease: string };

const LOCK_LEASES = statement((d) =>
  d.name === 'postgres' ? `SELECT pg_advisory_xact_lock(${GUILD_WEBHOOKS_LOCK}, 1)` : '',
);
// A read first: the lease is a write transaction, which an idle poll should not take.
const ANY_DUE = statement<{ at: string }, { found: number }>(
  `SELECT 1 AS found FROM webhook_messages
   WHERE next_attempt_at <= @at AND ${unheld('@at')} LIMIT 1`,
);

/**
 * The ids `lease` takes, in the order they are taken: due, held by no node, of an open
 * subscription; the first waiting of its subscription and area, and none of that area held;
 * then, per guild, in turns (the first due of each subscription before any second), as many as
 * the guild's places left.
 */
const area = (alias: string) => messageArea(`${alias}.type`);
const FAIR_DUE_IDS = `SELECT id FROM (
    SELECT id, next_attempt_at, held,
      row_number() OVER (PARTITION BY guild_id
        ORDER BY in_subscription, next_attempt_at, id) AS turn
    FROM (
      SELECT m.id, m.guild_id, m.next_attempt_at, coalesce(g.held, 0) AS held,
        row_number() OVER (PARTITION BY m.subscription_id
          ORDER BY m.next_attempt_at, m.id) AS in_subscription,
        row_number() OVER (PARTITION BY m.subscription_id, coalesce(${area('m')}, m.message_id)
          ORDER BY m.next_attempt_at, m.id) AS in_area
      FROM webhook_messages AS m
      LEFT JOIN (
        SELECT guild_id, count(*) AS held FROM webhook_messages
        WHERE locked_until >= @at GROUP BY guild_id
      ) AS g ON g.guild_id = m.guild_id
      WHERE m.next_attempt_at <= @at AND ${unheld('@at', 'm.')}
        AND m.subscription_id IN (${OPEN_SUBSCRIPTIONS})
        AND NOT EXISTS (
          SELECT 1 FROM webhook_messages AS h
          WHERE h.subscription_id = m.subscription_id AND ${area('h')} = ${area('m')}
            AND h.locked_until >= @at)
    ) AS waiting
    WHERE in_area = 1
  ) AS turns
  WHERE turn + held <= @per_guild
  ORDER BY turn, next_attempt_at, id
  LIMIT @limit`;

/**
 * Takes the lease of the messages `where` picks, with their subscriptions' URL and secret. The
 * row lock (PostgreSQL) reads each row again: one another node leased meanwhile is no longer
 * unheld.
 */
const leaseWhere = (where: string) => (d: Dialect) =>
  `WITH due AS (
     SELECT id FROM webhook_messages WHERE (${where}) AND ${unheld('@at')}
     ${d.forUpdateSkipLocked}
   )
   UPDATE webhook_messages SET locked_until = @until, lease = @lease, attempts = attempts + 1
   WHERE id IN (SELECT id FROM due)
   RETURNING message_id, subscription_id, guild_id, type, payload, attempts, lease,
     (SELECT url FROM webhook_subscriptions AS s WHERE s.id = subscription_id) AS url,
     (SELECT secret FROM webhook_subscriptions AS s WHERE s.id = subscription_id) AS secret,
     (SELECT failing_since FROM webhook_subscriptions AS s WHERE s.id = subscription_id)
       AS failing_since`;
// Planned at each run: a generic plan, not knowing how many rows are due, was many times slower.
const LEASE_FAIR = statement<Taking & { limit: number; per_guild: number }, LeasedRow>(
  leaseWhere(`id IN (${FAIR_DUE_IDS})`),
  { planEachRun: true },
);
const LEASE_ONE = statement<Taking & Pick<Message, 'message_id'>, LeasedRow>(
  leaseWhere('message_id = @message_id'),
);

function leasedOf(row: LeasedRow): LeasedMessage[] {
  if (row.url === null || row.secret === null) return [];
  return [
    {
      messageId: row.message_id,
      subscriptionId: Number(row.subscription_id),
      guildId: row.guild_id,
      type: row.type,
      payload: row.payload,
      attempt: Number(row.attempts),
      lease: row.lease,
      url: row.url,
      secret: row.secret,
      failingSince: row.failing_since,
    },
  ];
}

/** Whether any message is due at `at` and held by no node: a read, before `lease`'s write. */
export function* anyDue(at: string): Op<boolean> {
  return (yield* first(ANY_DUE, { at })) !== undefined;
}

/** WebhookStore.lease, in one write transaction (`lease` a new token). */
export function* leaseFair(taking: Taking, limit: number, perGuild: number): Op<LeasedMessage[]> {
  yield* run(LOCK_LEASES);
  const rows = yield* all(LEASE_FAIR, { ...taking, limit, per_guild: perGuild });
  return rows.flatMap(leasedOf);
}

/** WebhookStore.leaseOne, in one write transaction (`lease` a new token). */
export function* leaseOne(taking: Taking, messageId: string): Op<LeasedMessage | null> {
  const rows = yield* all(LEASE_ONE, { ...taking, message_id: messageId });
  return rows.flatMap(leasedOf)[0] ?? null;
}
