import { EVENT_NAMES, EVENTS, type EventName } from '../records/events.js';
import type {
  MessageType,
  WebhookAttemptRow,
  WebhookSubscriptionRow,
} from '../records/webhooks.js';

/*
 * What the webhooks keep in the store (src/records/webhooks.ts), as both stores implement it:
 * the subscriptions, the outbox of messages with their leases, the attempts, and the cursor of
 * changes already turned into messages. The rules (which URL, when to retry, what to send) are
 * src/webhooks/'s; the store only keeps rows, and makes each step one atomic statement or
 * transaction so that several nodes on one database never send one message twice at once.
 */

/** A subscription as listed: never its secret. */
export interface WebhookSubscription {
  id: number;
  guildId: string;
  url: string;
  events: EventName[];
  createdAt: string;
  /** When deliveries stopped; null while it is open. */
  disabledAt: string | null;
  disabledReason: string | null;
  /** The first failure since the last success; null when the last attempt succeeded. */
  failingSince: string | null;
  /**
   * Why the stored row cannot be read (its `events` is not a JSON list of names, say, after a
   * hand edit); null when it can. Such a subscription is set aside: it gets no messages.
   */
  unreadable: string | null;
}

/** A message to put in the outbox. */
export interface NewMessage {
  messageId: string;
  subscriptionId: number;
  guildId: string;
  type: MessageType;
  /** The body, exactly as it will be signed and sent. */
  payload: string;
}

/** A message a node holds the lease of: what it needs to send it. */
export interface LeasedMessage {
  messageId: string;
  subscriptionId: number;
  guildId: string;
  type: MessageType;
  payload: string;
  /** This attempt's number: 1 for the first. */
  attempt: number;
  /** The token the lease was taken with: the outcome is written only while it still holds. */
  lease: string;
  url: string;
  secret: string;
  /** The subscription's first failure since its last success (ISO), or null. */
  failingSince: string | null;
}

/** One finished attempt, as `webhook deliveries` lists it. */
export interface DeliveryAttempt {
  messageId: string;
  type: MessageType;
  attempt: number;
  attemptedAt: string;
  /** The HTTP status (`200`, `500`…), or `timeout`, `connection error`, `refused address`. */
  status: string;
  durationMs: number;
}

/** What became of an attempt, for the store to write. */
export type AttemptOutcome =
  /** Delivered: the message goes, the subscription is no longer failing. */
  | { kind: 'delivered' }
  /** Failed, to be tried again at `retryAt` (ISO), or dropped when null (the schedule is over). */
  | { kind: 'failed'; retryAt: string | null }
  /** The subscription stops: its messages go, and `reason` is what `webhook list` shows. */
  | { kind: 'disable'; reason: string };

export interface WebhookStore {
  /**
   * Adds a subscription unless the guild has `cap` already (null then). The secret is stored to
   * sign with and never read back by anything but the delivery (`lease`).
   */
  add(
    input: { guildId: string; url: string; events: readonly EventName[]; secret: string },
    cap: number,
  ): Promise<WebhookSubscription | null>;
  /** The guild's subscriptions by id. */
  list(guildId: string): Promise<WebhookSubscription[]>;
  /** One subscription, or null. */
  get(id: number): Promise<WebhookSubscription | null>;
  /**
   * Removes a subscription with its waiting messages and its attempts; false when there is none
   * (or, with `guildId`, none of that guild's).
   */
  remove(id: number, filter?: { guildId?: string }): Promise<boolean>;
  /** The open subscriptions of these guilds (all of them for the dispatcher's matching). */
  openIn(guildIds: readonly string[]): Promise<WebhookSubscription[]>;
  /** How many subscriptions are open (not disabled). */
  openCount(): Promise<number>;

  /** The cursor of changes turned into messages; null when none is kept yet. */
  cursor(): Promise<string | null>;
  /**
   * Moves the cursor from `from` (null: none kept) to `to` and puts `messages` in the outbox, in
   * one transaction, only if the cursor still reads `from`: false when another node moved it
   * first (then nothing is written). A message replaces the one of its subscription and area
   * (MESSAGE_AREA) waiting and held by no node, tried already or not: it takes that one's row
   * and place in the retry schedule (when it is due, the attempts counted, when the wait began)
   * under its own id, type and body. So at most one message per subscription and area waits,
   * besides one being sent; a message being sent is never touched.
   */
  advance(from: string | null, to: string, messages: readonly NewMessage[]): Promise<boolean>;
  /** Puts one message in the outbox now (a `ping`). */
  enqueue(message: NewMessage): Promise<void>;

  /**
   * Takes the lease of up to `limit` messages due at `now` (ISO) and held by no node (or whose
   * lease ran out) until `until`, each attempt counted as it is taken: a node killed while it
   * sends leaves the message to be taken again once `until` has passed. Shared out: never a
   * message whose subscription has one of the same area held (one at a time per subscription
   * and area), never more than `perGuild` held at once for one guild (every node's leases
   * counted), and the guilds' turns interleaved (each guild's first due message, then each
   * one's second…), so one guild's messages never take every place.
   */
  lease(now: string, until: string, limit: number, perGuild: number): Promise<LeasedMessage[]>;
  /** `lease` of the one message `messageId` (`webhook test` sends its ping at once); null if held. */
  leaseOne(messageId: string, now: string, until: string): Promise<LeasedMessage | null>;
  /**
   * Writes what became of an attempt begun at `attemptedAt`, if its lease still holds (false
   * when it ran out and another node took the message), and keeps the last `keep` attempts of
   * the subscription. A failure marks the subscription failing since `now` if it was not already.
   * A failure to be retried while a newer message of the same subscription and area waits
   * drops this one: the newer one takes its place in the schedule, as `advance` would have.
   */
  finish(
    message: LeasedMessage,
    attempt: { attemptedAt: string; status: string; durationMs: number; now: string },
    outcome: AttemptOutcome,
    keep: number,
  ): Promise<boolean>;
  /** The subscription's last `limit` attempts, newest first. */
  attempts(subscriptionId: number, limit: number): Promise<DeliveryAttempt[]>;
  /** When the oldest message still waiting was made (ISO), or null when none waits. */
  oldestWaiting(): Promise<string | null>;
}

type StoredSubscription = Omit<WebhookSubscriptionRow, 'events' | 'secret'> & { events: string };

/** The listed columns of a subscription (never the secret), aliased as WebhookSubscription. */
export const SUBSCRIPTION_COLUMNS =
  'id, guild_id, url, events, created_at, disabled_at, disabled_reason, failing_since';

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

export function subscriptionOf(row: StoredSubscription): WebhookSubscription {
  const { events, unreadable } = eventsOf(row.events);
  return {
    id: row.id,
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

export function attemptOf(row: WebhookAttemptRow): DeliveryAttempt {
  return {
    messageId: row.message_id,
    type: row.type,
    attempt: row.attempt,
    attemptedAt: row.attempted_at,
    status: row.status,
    durationMs: row.duration_ms,
  };
}

/**
 * The open subscriptions' ids, as a subquery: a message made for a subscription removed or
 * disabled meanwhile (the dispatcher read it open) is never sent, nor counted as waiting.
 */
export const OPEN_SUBSCRIPTIONS = 'SELECT id FROM webhook_subscriptions WHERE disabled_at IS NULL';

/** The name the dispatcher's cursor is kept under. */
export const CHANGES_CURSOR = 'changes';

/**
 * The area of a message type as SQL over `column`: the subscription's event that sends it
 * (`term` for both `term.started` and `term.ended`), null for a `ping`, which replaces nothing
 * and is never replaced.
 */
export function messageArea(column: string): string {
  const whens = EVENT_NAMES.flatMap((event) =>
    EVENTS[event].messages.map((type) => `WHEN '${type}' THEN '${event}'`),
  );
  return `(CASE ${column} ${whens.join(' ')} END)`;
}

/** The area of a message type, as messageArea says it in SQL. */
export function areaOf(type: MessageType): EventName | null {
  return (
    EVENT_NAMES.find((event) => (EVENTS[event].messages as readonly string[]).includes(type)) ??
    null
  );
}

/** A row no node holds at `at` (a placeholder): never leased, or its lease ran out. */
export const unheld = (at: string, alias = '') =>
  `(${alias}locked_until IS NULL OR ${alias}locked_until < ${at})`;

/**
 * The ids `lease` takes, as SQL with the placeholders given (each dialect's own), in the order
 * they are taken: due, held by no node, of an open subscription; the first waiting of its
 * subscription and area, and none of that area held; then, per guild, in turns (the first due of
 * each subscription before any second), as many as the guild's places left.
 */
export function fairDueIds(p: { at: string; perGuild: string; limit: string }): string {
  const area = (alias: string) => messageArea(`${alias}.type`);
  return `SELECT id FROM (
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
          WHERE locked_until >= ${p.at} GROUP BY guild_id
        ) AS g ON g.guild_id = m.guild_id
        WHERE m.next_attempt_at <= ${p.at} AND ${unheld(p.at, 'm.')}
          AND m.subscription_id IN (${OPEN_SUBSCRIPTIONS})
          AND NOT EXISTS (
            SELECT 1 FROM webhook_messages AS h
            WHERE h.subscription_id = m.subscription_id AND ${area('h')} = ${area('m')}
              AND h.locked_until >= ${p.at})
      ) AS waiting
      WHERE in_area = 1
    ) AS turns
    WHERE turn + held <= ${p.perGuild}
    ORDER BY turn, next_attempt_at, id
    LIMIT ${p.limit}`;
}
