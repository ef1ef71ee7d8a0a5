import { createLogger, type Logger } from '../../../src/logger.js';
import { EVENT_NAMES, type EventName } from '../../../src/records/events.js';
import type { WebhookSubscription } from '../../../src/store/webhooks.js';
import { type Resolver, type SafetyRules, systemResolver } from '../../../src/webhooks/safety.js';
import { startWebhooks, type WebhookService } from '../../../src/webhooks/service.js';
import { addSubscription } from '../../../src/webhooks/subscriptions.js';
import type { TestStore } from '../../support/store.js';
import type { Receiver } from './receiver.js';

/*
 * A node's webhooks started in the test's process over a test store: every rule lifted for the
 * loopback receiver unless the test says otherwise, polls every 20 ms, and retries after 30 ms
 * each (production's schedule is schedule.ts', tested on its own).
 */

export const LOOPBACK_RULES: SafetyRules = {
  allowHttp: true,
  allowPrivate: true,
  resolve: systemResolver,
};

export const FAST_RETRIES = [30, 30, 30, 30, 30];

export interface NodeOptions {
  rules?: SafetyRules;
  now?: () => Date;
  logger?: Logger;
  retryDelaysMs?: readonly number[];
}

export function startNode(test: TestStore, options: NodeOptions = {}): WebhookService {
  return startWebhooks({
    read: test.store.read,
    webhooks: test.store.webhooks,
    rules: options.rules ?? LOOPBACK_RULES,
    logger: options.logger ?? createLogger({ level: 'silent' }),
    pollMs: 20,
    retryDelaysMs: options.retryDelaysMs ?? FAST_RETRIES,
    ...(options.now ? { now: options.now } : {}),
  });
}

/** `webhook add` for `receiver` (which then verifies with the secret given). */
export async function subscribe(
  test: TestStore,
  receiver: Receiver,
  guildId: string,
  events: readonly EventName[] = EVENT_NAMES,
  resolve: Resolver = systemResolver,
): Promise<WebhookSubscription> {
  const result = await addSubscription(
    { webhooks: test.store.webhooks, read: test.store.read, rules: { ...LOOPBACK_RULES, resolve } },
    { guildId, url: receiver.url, events },
  );
  if (!result.ok) throw new Error(`not added: ${result.detail}`);
  receiver.secret = result.secret;
  return result.subscription;
}
