import { EVENT_MESSAGES, type EventName } from './events.js';
import { choice, id, instant, integer, json, nullable, rowId, text, withDefault } from './field.js';
import { defineRecord, type RowOf } from './record.js';

/*
 * Webhooks (docs/webhooks.md): a guild's subscriptions, the messages waiting to be delivered (the
 * outbox), the last attempts of each subscription, and the cursor of the changes already turned
 * into messages. None of these is guild data: no change trigger watches them, an export leaves
 * them out, and `copy` moves the subscriptions alone (records/index.ts, COPY_LEAVES).
 */

/** Every message type: `ping` (`webhook test`), then each event's (records/events.ts). */
const MESSAGE_TYPES = ['ping', ...EVENT_MESSAGES] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Subscriptions per guild, disabled ones included: removing one makes room. */
export const SUBSCRIPTIONS_PER_GUILD = 10;

export const webhookSubscription = defineRecord({
  name: 'WebhookSubscription',
  table: 'webhook_subscriptions',
  description: 'An endpoint that gets a signed POST for each change of a guild it subscribed to.',
  fields: {
    id: rowId('Number of the subscription', { generated: true }),
    guild_id: id('Identifier of the guild'),
    url: text('Where messages are POSTed', { min: 1, max: 2048 }),
    events: json<EventName[]>('The events subscribed to, e.g. ["points","players"]'),
    secret: text('The signing secret, whsec_ + base64, shown once when added; never listed'),
    created_at: instant('When the subscription was added'),
    disabled_at: nullable(instant('When deliveries stopped (410, or 3 days of failures)')),
    disabled_reason: nullable(text('Why deliveries stopped')),
    failing_since: nullable(instant('The first failure since the last success')),
  },
  indexes: { webhook_subscriptions_guild: ['guild_id'] },
});

export type WebhookSubscriptionRow = RowOf<typeof webhookSubscription>;

export const webhookMessage = defineRecord({
  name: 'WebhookMessage',
  table: 'webhook_messages',
  description: 'A message waiting to be delivered (or retried) to one subscription.',
  fields: {
    id: rowId('Number of the row', { generated: true }),
    message_id: text('The webhook-id header: the same on every attempt', { unique: true }),
    subscription_id: integer('The subscription it goes to', { min: 1 }),
    guild_id: id('Identifier of the guild'),
    type: choice('The message type', MESSAGE_TYPES),
    payload: text('The body, exactly as signed and sent'),
    attempts: withDefault(integer('Attempts begun so far', { min: 0 }), 0),
    next_attempt_at: instant('When it may be tried next'),
    locked_until: nullable(instant('While a node sends it: no other node takes it before')),
    lease: nullable(text('The token of the node sending it now')),
    last_status: nullable(text('What the last attempt got')),
    created_at: instant('When the message was made'),
  },
  indexes: {
    webhook_messages_due: ['next_attempt_at'],
    webhook_messages_subscription: ['subscription_id', 'type'],
  },
});

export type WebhookMessageRow = RowOf<typeof webhookMessage>;

export const webhookAttempt = defineRecord({
  name: 'WebhookAttempt',
  table: 'webhook_attempts',
  description: 'One finished delivery attempt: what `webhook deliveries` lists (the last 50 kept).',
  fields: {
    id: rowId('Number of the attempt', { generated: true }),
    subscription_id: integer('The subscription', { min: 1 }),
    message_id: text('The webhook-id sent'),
    type: choice('The message type', MESSAGE_TYPES),
    attempt: integer('1 for the first attempt of the message', { min: 1 }),
    attempted_at: instant('When the attempt began'),
    status: text('The HTTP status, or timeout, connection error, refused address'),
    duration_ms: integer('How long it took, in milliseconds', { min: 0 }),
  },
  indexes: { webhook_attempts_subscription: ['subscription_id', 'id'] },
});

export type WebhookAttemptRow = RowOf<typeof webhookAttempt>;

export const webhookCursor = defineRecord({
  name: 'WebhookCursor',
  table: 'webhook_cursors',
  description: 'How far the changes were turned into messages: the change reader’s opaque cursor.',
  fields: {
    name: text('Which reader: `changes`'),
    cursor: text('Where the next read of guild_changes starts'),
    updated_at: instant('When it last moved'),
  },
  primaryKey: ['name'],
});

/** The records of webhooks, in the order their tables are made. */
export const WEBHOOK_RECORDS = [
  webhookSubscription,
  webhookMessage,
  webhookAttempt,
  webhookCursor,
] as const;
