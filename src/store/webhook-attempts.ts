import { columnList } from '../records/record.js';
import {
  type WebhookAttemptRow,
  type WebhookMessageRow,
  type WebhookSubscriptionRow,
  webhookAttempt,
} from '../records/webhooks.js';
import { all, first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import { areaOf, messageArea, unheld } from './webhook-outbox.js';
import type { AttemptOutcome, DeliveryAttempt, LeasedMessage, WebhookStore } from './webhooks.js';

/*
 * What became of a delivery attempt, on either engine: written in one transaction while the
 * attempt's lease still holds, with the subscription's last attempts kept and its state (failing,
 * disabled) moved.
 */

type Attempt = WebhookAttemptRow;
type Message = WebhookMessageRow;
type Subscription = WebhookSubscriptionRow;
type OfSubscription = Pick<Attempt, 'subscription_id'>;
type ById = Pick<Message, 'message_id'>;
type AttemptDone = Parameters<WebhookStore['finish']>[1];

/** `column`, or `value` where it is later (`larger`) or earlier: text instants and integers. */
const larger = (column: string, value: string) =>
  `CASE WHEN ${column} >= ${value} THEN ${column} ELSE ${value} END`;
const smaller = (column: string, value: string) =>
  `CASE WHEN ${column} <= ${value} THEN ${column} ELSE ${value} END`;

// The row lock (PostgreSQL) keeps another node from taking the message until this commits.
const HELD = statement<ById & { lease: string }, Pick<Message, 'created_at'>>(
  (d) => `SELECT created_at FROM webhook_messages WHERE message_id = @message_id AND lease = @lease
   ${d.forUpdate}`,
);
const INSERT = statement<Omit<Attempt, 'id'>>(
  `INSERT INTO webhook_attempts
     (subscription_id, message_id, type, attempt, attempted_at, status, duration_ms)
   VALUES (@subscription_id, @message_id, @type, @attempt, @attempted_at, @status, @duration_ms)`,
);
const TRIM = statement<OfSubscription & { keep: number }>(
  `DELETE FROM webhook_attempts WHERE subscription_id = @subscription_id AND id <= (
     SELECT id FROM webhook_attempts WHERE subscription_id = @subscription_id
     ORDER BY id DESC LIMIT 1 OFFSET @keep)`,
);
const DELETE = statement<ById>('DELETE FROM webhook_messages WHERE message_id = @message_id');
const DELETE_ALL = statement<OfSubscription>(
  'DELETE FROM webhook_messages WHERE subscription_id = @subscription_id',
);
const RETRY = statement<ById & Pick<Message, 'next_attempt_at' | 'last_status'>>(
  `UPDATE webhook_messages SET next_attempt_at = @next_attempt_at, last_status = @last_status,
     locked_until = NULL, lease = NULL WHERE message_id = @message_id`,
);
// The newer message waiting takes the failed one's place in the schedule: when it is due, the
// attempts counted, when the wait began.
const HAND_OVER = statement<
  ById &
    Pick<Message, 'subscription_id' | 'attempts' | 'next_attempt_at' | 'created_at'> & {
      area: string;
      at: string;
    }
>(
  `UPDATE webhook_messages SET attempts = ${larger('attempts', '@attempts')},
     next_attempt_at = ${larger('next_attempt_at', '@next_attempt_at')},
     created_at = ${smaller('created_at', '@created_at')}
   WHERE subscription_id = @subscription_id AND ${messageArea('type')} = @area
     AND ${unheld('@at')} AND message_id <> @message_id`,
);
const SUCCEEDED = statement<Pick<Subscription, 'id'>>(
  'UPDATE webhook_subscriptions SET failing_since = NULL WHERE id = @id',
);
const FAILING = statement<Pick<Subscription, 'id' | 'failing_since'>>(
  `UPDATE webhook_subscriptions SET failing_since = coalesce(failing_since, @failing_since)
   WHERE id = @id`,
);
const DISABLE = statement<Pick<Subscription, 'id' | 'disabled_at' | 'disabled_reason'>>(
  `UPDATE webhook_subscriptions SET disabled_at = @disabled_at, disabled_reason = @disabled_reason
   WHERE id = @id AND disabled_at IS NULL`,
);
const LAST = statement<OfSubscription & { limit: number }, Attempt>(
  `SELECT ${columnList(webhookAttempt)} FROM webhook_attempts
   WHERE subscription_id = @subscription_id ORDER BY id DESC LIMIT @limit`,
);

function attemptOf(row: Attempt): DeliveryAttempt {
  return {
    messageId: row.message_id,
    type: row.type,
    attempt: Number(row.attempt),
    attemptedAt: row.attempted_at,
    status: row.status,
    durationMs: Number(row.duration_ms),
  };
}

export function* lastAttempts(subscriptionId: number, limit: number): Op<DeliveryAttempt[]> {
  const rows = yield* all(LAST, { subscription_id: subscriptionId, limit });
  return rows.map(attemptOf);
}

/** Whether a newer message of the failed one's subscription and area took its schedule. */
function* handedOver(
  message: LeasedMessage,
  retryAt: string,
  createdAt: string,
  at: string,
): Op<boolean> {
  const area = areaOf(message.type);
  if (area === null) return false;
  const changed = yield* run(HAND_OVER, {
    message_id: message.messageId,
    subscription_id: message.subscriptionId,
    attempts: message.attempt,
    next_attempt_at: retryAt,
    created_at: createdAt,
    area,
    at,
  });
  return changed > 0;
}

/** A failure: retried at `retryAt` (unless a newer message takes its place), or dropped. */
function* failed(
  message: LeasedMessage,
  done: AttemptDone,
  retryAt: string | null,
  createdAt: string,
): Op<void> {
  const byId = { message_id: message.messageId };
  if (retryAt === null || (yield* handedOver(message, retryAt, createdAt, done.now))) {
    yield* run(DELETE, byId);
  } else yield* run(RETRY, { ...byId, next_attempt_at: retryAt, last_status: done.status });
  yield* run(FAILING, { id: message.subscriptionId, failing_since: done.now });
}

/** WebhookStore.finish, in one write transaction. */
export function* finish(
  message: LeasedMessage,
  done: AttemptDone,
  outcome: AttemptOutcome,
  keep: number,
): Op<boolean> {
  const held = yield* first(HELD, { message_id: message.messageId, lease: message.lease });
  if (!held) return false;
  const { subscriptionId: id } = message;
  yield* run(INSERT, {
    subscription_id: id,
    message_id: message.messageId,
    type: message.type,
    attempt: message.attempt,
    attempted_at: done.attemptedAt,
    status: done.status,
    duration_ms: done.durationMs,
  });
  yield* run(TRIM, { subscription_id: id, keep });
  if (outcome.kind === 'delivered') {
    yield* run(DELETE, { message_id: message.messageId });
    yield* run(SUCCEEDED, { id });
  } else if (outcome.kind === 'failed') {
    yield* failed(message, done, outcome.retryAt, held.created_at);
  } else {
    yield* run(DISABLE, { id, disabled_at: done.now, disabled_reason: outcome.reason });
    yield* run(DELETE_ALL, { subscription_id: id });
  }
  return true;
}
