import type { Logger } from '../logger.js';
import type { DeliveryAttempt, WebhookStore, WebhookSubscription } from '../store/webhooks.js';
import { ATTEMPTS_KEPT, deliver } from './deliverer.js';
import { messageBody } from './message-body.js';
import { safeAgents } from './safe-agent.js';
import type { SafetyRules } from './safety.js';
import { RETRY_DELAYS_MS } from './schedule.js';
import { DELIVERY_TIMEOUT_MS } from './service.js';
import { newMessageId } from './signing.js';

/*
 * `webhook test`: a `ping` (`data` `{}`) put in the outbox and sent at once by the caller,
 * through the very path every message takes (the same checks, signature, recording and
 * retries: a ping that fails is tried again later by the nodes, like any message).
 */

export async function sendPing(
  deps: { webhooks: WebhookStore; rules: SafetyRules; logger: Logger; now?: () => Date },
  subscription: WebhookSubscription,
): Promise<DeliveryAttempt | null> {
  const now = deps.now ?? (() => new Date());
  const { webhooks } = deps;
  const messageId = newMessageId();
  await webhooks.enqueue({
    messageId,
    subscriptionId: subscription.id,
    guildId: subscription.guildId,
    type: 'ping',
    payload: messageBody('ping', subscription.guildId, now(), '{}'),
  });
  const at = now();
  const leased = await webhooks.leaseOne(
    messageId,
    at.toISOString(),
    new Date(at.getTime() + DELIVERY_TIMEOUT_MS + 10_000).toISOString(),
  );
  // A node took it first: it sends it.
  if (!leased) return null;
  const agents = safeAgents(deps.rules);
  try {
    await deliver(leased, {
      webhooks,
      rules: deps.rules,
      agents,
      logger: deps.logger,
      now,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      retryDelaysMs: RETRY_DELAYS_MS,
    });
  } finally {
    agents.destroy();
  }
  const [last] = await webhooks.attempts(subscription.id, ATTEMPTS_KEPT);
  return last?.messageId === messageId ? last : null;
}
