import type { Logger } from '../logger.js';
import type { AttemptOutcome, LeasedMessage, WebhookStore } from '../store/webhooks.js';
import type { SafeAgents } from './safe-agent.js';
import type { SafetyRules } from './safety.js';
import { FAILING_LIMIT_MS, nextAttemptAt } from './schedule.js';
import { CONNECTION_ERROR, REFUSED_ADDRESS, type SendResult, send, TIMEOUT } from './send.js';
import { signedHeaders } from './signing.js';

/*
 * Sends what the outbox holds, on every node: each message taken with a lease (the store makes
 * sure no two nodes hold one at once), sent once, and its outcome written while the lease still
 * holds. A node that dies mid-send writes nothing; the lease runs out and any node takes the
 * message again, with the same webhook-id.
 */

/** What `/metrics` counts deliveries by. */
export const DELIVERY_RESULTS = [
  'delivered',
  'failed',
  'timeout',
  'connection_error',
  'refused',
] as const;
export type DeliveryResult = (typeof DELIVERY_RESULTS)[number];

/** The attempts `webhook deliveries` lists, and so the ones kept per subscription. */
export const ATTEMPTS_KEPT = 50;

export const GONE_REASON = 'the endpoint answered 410 Gone';
export const FAILING_REASON = 'every message failed for 3 days';

export interface DelivererOptions {
  webhooks: WebhookStore;
  rules: SafetyRules;
  agents: SafeAgents;
  logger: Logger;
  now: () => Date;
  /** Per attempt, everything included (10 s). */
  timeoutMs: number;
  /** The retry delays (schedule.ts' in production; the tests' shorter ones). */
  retryDelaysMs: readonly number[];
  onResult?: (result: DeliveryResult) => void;
}

function resultOf(sent: SendResult): DeliveryResult {
  if (sent.code !== null) return sent.code >= 200 && sent.code < 300 ? 'delivered' : 'failed';
  if (sent.status === TIMEOUT) return 'timeout';
  if (sent.status === REFUSED_ADDRESS) return 'refused';
  if (sent.status === CONNECTION_ERROR) return 'connection_error';
  return 'connection_error';
}

/** What becomes of the message and its subscription after this attempt. */
function outcomeOf(
  message: LeasedMessage,
  sent: SendResult,
  result: DeliveryResult,
  now: Date,
  delays: readonly number[],
): AttemptOutcome {
  if (result === 'delivered') return { kind: 'delivered' };
  if (sent.code === 410) return { kind: 'disable', reason: GONE_REASON };
  const since = message.failingSince ? Date.parse(message.failingSince) : now.getTime();
  if (now.getTime() - since >= FAILING_LIMIT_MS) return { kind: 'disable', reason: FAILING_REASON };
  const next = nextAttemptAt(message.attempt, now.getTime(), delays);
  return { kind: 'failed', retryAt: next === null ? null : new Date(next).toISOString() };
}

/** Sends one leased message and writes what came of it. */
export async function deliver(
  message: LeasedMessage,
  options: DelivererOptions,
): Promise<DeliveryResult> {
  const { webhooks, now, logger } = options;
  const attemptedAt = now();
  const headers = signedHeaders(message.secret, message.messageId, attemptedAt, message.payload);
  const sent = await send(message.url, headers, message.payload, {
    agents: options.agents,
    rules: options.rules,
    timeoutMs: options.timeoutMs,
  });
  const result = resultOf(sent);
  const finishedAt = now();
  const outcome = outcomeOf(message, sent, result, finishedAt, options.retryDelaysMs);
  const written = await webhooks.finish(
    message,
    {
      attemptedAt: attemptedAt.toISOString(),
      status: sent.status,
      durationMs: sent.durationMs,
      now: finishedAt.toISOString(),
    },
    outcome,
    ATTEMPTS_KEPT,
  );
  options.onResult?.(result);
  if (written && outcome.kind === 'disable') {
    logger.warn(
      { subscription: message.subscriptionId, guild: message.guildId, reason: outcome.reason },
      'webhook subscription disabled',
    );
  } else if (written && outcome.kind === 'failed' && outcome.retryAt === null) {
    logger.warn(
      { subscription: message.subscriptionId, message: message.messageId, status: sent.status },
      'webhook message given up after its last retry',
    );
  }
  return result;
}
