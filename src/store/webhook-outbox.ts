import { EVENT_NAMES, EVENTS, type EventName } from '../records/events.js';
import type { RowOf } from '../records/record.js';
import type { MessageType, WebhookMessageRow, webhookCursor } from '../records/webhooks.js';
import type { Dialect } from './sql/dialect.js';
import { first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import { OPEN_SUBSCRIPTIONS } from './webhook-subscriptions.js';
import type { NewMessage } from './webhooks.js';

/*
 * The webhooks' outbox, on either engine: the cursor of changes already turned into messages,
 * moved with the messages it made in one transaction, and the messages put in, at most one
 * waiting per subscription and area. Two nodes that read the same changes: the second's cursor
 * statement waits for the first's commit (PostgreSQL) or its write lock (SQLite), then finds the
 * cursor moved and writes nothing.
 */

type Message = WebhookMessageRow;
type Cursor = RowOf<typeof webhookCursor>;

/** The name the dispatcher's cursor is kept under. */
const CHANGES_CURSOR = 'changes';

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

/** A row no node holds at `at` (a parameter): never leased, or its lease ran out. */
export const unheld = (at: string, alias = '') =>
  `(${alias}locked_until IS NULL OR ${alias}locked_until < ${at})`;

const CURSOR = statement<Pick<Cursor, 'name'>, Pick<Cursor, 'cursor'>>(
  'SELECT cursor FROM webhook_cursors WHERE name = @name',
);
const INSERT_CURSOR = statement<Cursor>(
  `INSERT INTO webhook_cursors (name, cursor, updated_at) VALUES (@name, @cursor, @updated_at)
   ON CONFLICT DO NOTHING`,
);
const MOVE_CURSOR = statement<Cursor & { from: string }>(
  `UPDATE webhook_cursors SET cursor = @cursor, updated_at = @updated_at
   WHERE name = @name AND cursor = @from`,
);
const INSERT = statement<
  Pick<Message, 'message_id' | 'subscription_id' | 'guild_id' | 'type' | 'payload'> & { at: string }
>(
  `INSERT INTO webhook_messages
     (message_id, subscription_id, guild_id, type, payload, next_attempt_at, created_at)
   VALUES (@message_id, @subscription_id, @guild_id, @type, @payload, @at, @at)`,
);
const OLDEST = statement<Record<string, never>, { oldest: string | null }>(
  `SELECT min(created_at) AS oldest FROM webhook_messages
   WHERE subscription_id IN (${OPEN_SUBSCRIPTIONS})`,
);

/**
 * A batch of messages (`@messages`, JSON objects of `Incoming`) as rows `i`, in their order (`key`).
 * Each statement below says every condition again on the row it writes: under PostgreSQL's READ
 * COMMITTED, a row a node leased while the statement waited for it is read again, no longer
 * unheld, and left alone.
 */
const incoming = (d: Dialect) => `WITH incoming AS (
     SELECT i.key, i.value ->> 'message_id' AS message_id,
       CAST(i.value ->> 'subscription_id' AS BIGINT) AS subscription_id,
       i.value ->> 'guild_id' AS guild_id, i.value ->> 'type' AS type,
       i.value ->> 'payload' AS payload, i.value ->> 'area' AS area
     FROM ${d.jsonRows('@messages', 'i')})`;
type Batch = { messages: string; at: string };
/** The waiting (unheld) messages of an incoming one's subscription and area, as `alias`. */
const waitingFor = (alias: string) => `${alias}.subscription_id = i.subscription_id
   AND ${messageArea(`${alias}.type`)} = i.area AND ${unheld('@at', `${alias}.`)}`;
// Rows from before one waited per subscription and area, or one whose lease ran out while a newer
// one waited: all but the first go.
const DROP_EXTRA = statement<Batch>(
  (d) => `${incoming(d)}
   DELETE FROM webhook_messages WHERE ${unheld('@at')} AND id IN (
     SELECT id FROM (
       SELECT m.id, row_number() OVER (PARTITION BY m.subscription_id, i.area ORDER BY m.id) AS n
       FROM webhook_messages AS m JOIN incoming AS i ON ${waitingFor('m')}
     ) AS waiting WHERE n > 1)`,
);
const REPLACE = statement<Batch>(
  (d) => `${incoming(d)}
   UPDATE webhook_messages AS m SET message_id = i.message_id, type = i.type, payload = i.payload
   FROM incoming AS i WHERE ${waitingFor('m')}`,
);
// Those that replaced none: their ids are new.
const INSERT_REST = statement<Batch>(
  (d) => `${incoming(d)}
   INSERT INTO webhook_messages
     (message_id, subscription_id, guild_id, type, payload, next_attempt_at, created_at)
   SELECT i.message_id, i.subscription_id, i.guild_id, i.type, i.payload, @at, @at
   FROM incoming AS i
   WHERE NOT EXISTS (SELECT 1 FROM webhook_messages AS m WHERE m.message_id = i.message_id)
   ORDER BY i.key`,
);

/** A message as `incoming` reads it. */
type Incoming = Pick<
  Message,
  'message_id' | 'subscription_id' | 'guild_id' | 'type' | 'payload'
> & {
  area: EventName | null;
};

/** The latest of each subscription and area in `messages` (every ping): one waiting row each. */
function latestOf(messages: readonly NewMessage[]): Incoming[] {
  const latest = new Map<string, Incoming>();
  for (const each of messages) {
    const area = areaOf(each.type);
    latest.set(area === null ? each.messageId : `${each.subscriptionId}/${area}`, {
      message_id: each.messageId,
      subscription_id: each.subscriptionId,
      guild_id: each.guildId,
      type: each.type,
      payload: each.payload,
      area,
    });
  }
  return [...latest.values()];
}

/**
 * Puts `messages` in the outbox: each takes the place of the waiting, unheld message of its
 * subscription and area if there is one (any other such goes), and is inserted otherwise.
 */
function* write(messages: readonly NewMessage[], at: string): Op<void> {
  const batch = latestOf(messages);
  if (batch.length === 0) return;
  const params = { messages: JSON.stringify(batch), at };
  if (batch.some((each) => each.area !== null)) {
    yield* run(DROP_EXTRA, params);
    yield* run(REPLACE, params);
  }
  yield* run(INSERT_REST, params);
}

/**
 * Keeps the cursor at `cursor` (`copy`, on a target whose cursor it emptied): the changes after
 * it are delivered, whichever node starts first.
 */
export function* keepCursor(cursor: string, at: string): Op<void> {
  yield* run(INSERT_CURSOR, { name: CHANGES_CURSOR, cursor, updated_at: at });
}

export function* readCursor(): Op<string | null> {
  return (yield* first(CURSOR, { name: CHANGES_CURSOR }))?.cursor ?? null;
}

/** WebhookStore.advance: the cursor moved from `from` with its messages, or nothing written. */
export function* advance(
  from: string | null,
  to: string,
  messages: readonly NewMessage[],
  at: string,
): Op<boolean> {
  const name = CHANGES_CURSOR;
  const moved =
    from === null
      ? yield* run(INSERT_CURSOR, { name, cursor: to, updated_at: at })
      : yield* run(MOVE_CURSOR, { name, cursor: to, updated_at: at, from });
  if (moved !== 1) return false;
  yield* write(messages, at);
  return true;
}

export function enqueue(message: NewMessage, at: string): Op<number> {
  return run(INSERT, {
    message_id: message.messageId,
    subscription_id: message.subscriptionId,
    guild_id: message.guildId,
    type: message.type,
    payload: message.payload,
    at,
  });
}

export function* oldestWaiting(): Op<string | null> {
  return (yield* first(OLDEST))?.oldest ?? null;
}
