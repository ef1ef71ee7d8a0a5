import { EVENT_NAMES, type EventName } from '../records/events.js';
import { columnList } from '../records/record.js';
import {
  type WebhookMessageRow,
  type WebhookSubscriptionRow,
  webhookSubscription,
} from '../records/webhooks.js';
import { all, first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import type { WebhookSubscription } from './webhooks.js';

/*
 * The webhooks' subscriptions, on either engine: added under a cap per guild, listed (never their
 * secret), removed with their messages and attempts.
 */

type Row = WebhookSubscriptionRow;
/** A subscription as stored and listed: `events` is the column's JSON text, the secret left out. */
type StoredSubscription = Omit<Row, 'events' | 'secret'> & { events: string };
/** A subscription to add: its events as JSON text. */
type NewSubscription = Pick<Row, 'guild_id' | 'url' | 'secret' | 'created_at'> & {
  events: string;
};
type Guild = Pick<Row, 'guild_id'>;
type OfSubscription = Pick<WebhookMessageRow, 'subscription_id'>;
type Id = Pick<Row, 'id'>;

/**
 * The first key of the two-key advisory locks that serialize adds per guild on PostgreSQL, against
 * the cap; the webhooks' other locks use it too (webhook-leases.ts). SQLite needs none: its write
 * transaction holds the database's one write lock from the count to the insert.
 */
export const GUILD_WEBHOOKS_LOCK = 0x77686f6b; // "whok"

const LISTED = columnList(webhookSubscription, ['secret']);

/**
 * The open subscriptions' ids, as a subquery: a message made for a subscription removed or
 * disabled meanwhile (the dispatcher read it open) is never sent, nor counted as waiting.
 */
export const OPEN_SUBSCRIPTIONS = 'SELECT id FROM webhook_subscriptions WHERE disabled_at IS NULL';

const LOCK_GUILD = statement<Guild>((d) =>
  d.name === 'postgres'
    ? `SELECT pg_advisory_xact_lock(${GUILD_WEBHOOKS_LOCK}, hashtext(@guild_id))`
    : '',
);
const INSERT_BELOW_CAP = statement<NewSubscription & { cap: number }, StoredSubscription>(
  `INSERT INTO webhook_subscriptions (guild_id, url, events, secret, created_at)
   SELECT @guild_id, @url, @events, @secret, @created_at
   WHERE (SELECT count(*) FROM webhook_subscriptions WHERE guild_id = @guild_id) < @cap
   RETURNING ${LISTED}`,
);
const ONE = statement<Id, StoredSubscription>(
  `SELECT ${LISTED} FROM webhook_subscriptions WHERE id = @id`,
);
const OF_GUILD = statement<Guild, StoredSubscription>(
  `SELECT ${LISTED} FROM webhook_subscriptions WHERE guild_id = @guild_id ORDER BY id`,
);
const OPEN_IN = statement<{ guild_ids: unknown }, StoredSubscription>(
  (d) => `SELECT ${LISTED} FROM webhook_subscriptions
   WHERE disabled_at IS NULL AND guild_id IN (SELECT g.value FROM ${d.arrayRows('@guild_ids', 'text', 'g')})
   ORDER BY id`,
);
const OPEN_COUNT = statement<Record<string, never>, { count: number }>(
  (d) =>
    `SELECT ${d.integer('count(*)')} AS count FROM webhook_subscriptions WHERE disabled_at IS NULL`,
);
// A guild given or not: CAST so that PostgreSQL knows the parameter's type when it is null.
const DELETE = statement<Id & { guild_id: string | null }>(
  `DELETE FROM webhook_subscriptions
   WHERE id = @id AND (CAST(@guild_id AS TEXT) IS NULL OR guild_id = @guild_id)`,
);
const DELETE_MESSAGES = statement<OfSubscription>(
  'DELETE FROM webhook_messages WHERE subscription_id = @subscription_id',
);
const DELETE_ATTEMPTS = statement<OfSubscription>(
  'DELETE FROM webhook_attempts WHERE subscription_id = @subscription_id',
);

/**
 * The events a stored row names, or why they cannot be read. Names this version does not know
 * (a newer node's) are left out rather than refused: the row is still readable.
 */
function eventsOf(stored: string): { events: EventName[]; unreadable: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.some((each) => typeof each !== 'string')) {
    return { events: [], unreadable: 'events is not a JSON list of event names' };
  }
  return { events: EVENT_NAMES.filter((event) => parsed.includes(event)), unreadable: null };
}

function subscriptionOf(row: StoredSubscription): WebhookSubscription {
  const { events, unreadable } = eventsOf(row.events);
  return {
    id: Number(row.id),
    guildId: row.guild_id,
    url: row.url,
    events,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    unreadable,
  };
}

function* subscriptions(read: Op<StoredSubscription[]>): Op<WebhookSubscription[]> {
  return (yield* read).map(subscriptionOf);
}

function* subscription(read: Op<StoredSubscription | undefined>): Op<WebhookSubscription | null> {
  const row = yield* read;
  return row ? subscriptionOf(row) : null;
}

/** Inserts `row` unless the guild has `cap` subscriptions already (null then). */
export function* addBelowCap(row: NewSubscription, cap: number): Op<WebhookSubscription | null> {
  yield* run(LOCK_GUILD, row);
  const added = yield* first(INSERT_BELOW_CAP, { ...row, cap });
  return added ? subscriptionOf(added) : null;
}

export const subscriptionById = (id: number) => subscription(first(ONE, { id }));
export const subscriptionsOf = (guildId: string) =>
  subscriptions(all(OF_GUILD, { guild_id: guildId }));

/** The open subscriptions of `guildIds`; `array` is the dialect's form of a list parameter. */
export const openSubscriptionsIn = (guildIds: unknown) =>
  subscriptions(all(OPEN_IN, { guild_ids: guildIds }));

export function* openSubscriptionCount(): Op<number> {
  return Number((yield* first(OPEN_COUNT))?.count ?? 0);
}

/** Removes the subscription (of `guildId`'s, when given) with its messages and attempts. */
export function* removeSubscription(id: number, guildId: string | null): Op<boolean> {
  if ((yield* run(DELETE, { id, guild_id: guildId })) !== 1) return false;
  yield* run(DELETE_MESSAGES, { subscription_id: id });
  yield* run(DELETE_ATTEMPTS, { subscription_id: id });
  return true;
}
