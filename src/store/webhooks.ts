import type { EventName } from '../records/events.js';
import type { MessageType } from '../records/webhooks.js';

/*
 * What the webhooks keep in the store (src/records/webhooks.ts), written once for both engines
 * (webhook-store.ts): the subscriptions, the outbox of messages with their leases, the attempts,
 * and the cursor of changes already turned into messages. The rules (which URL, when to retry, what to send) are
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
