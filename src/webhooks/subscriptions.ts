import type { ReadService } from '../read/service.js';
import type { EventName } from '../records/events.js';
import { SUBSCRIPTIONS_PER_GUILD } from '../records/webhooks.js';
import type { WebhookStore, WebhookSubscription } from '../store/webhooks.js';
import { ensureCursor } from './dispatcher.js';
import { checkUrl, type SafetyRules, type UrlProblem, UrlRefused } from './safety.js';
import { newSecret } from './signing.js';

/*
 * Managing subscriptions, as the CLI (`housecup webhook …`) and Discord (`/webhook …`) both do:
 * the checks and the secret live here, once; the presenters only word the outcome.
 */

/** Why an add was refused: a presenter words each (`detail` says more, in English). */
export type AddRefusal =
  /** No event asked for. */
  | { reason: 'events'; detail: string }
  /** The URL's form or its addresses: `problem` says which, `detail` in English. */
  | { reason: 'url'; problem: UrlProblem; detail: string }
  /** The guild has SUBSCRIPTIONS_PER_GUILD already. */
  | { reason: 'cap'; detail: string };

type AddResult =
  | { ok: true; subscription: WebhookSubscription; secret: string }
  | ({ ok: false } & AddRefusal);

interface SubscriptionDeps {
  webhooks: WebhookStore;
  read: ReadService;
  rules: SafetyRules;
}

/**
 * Adds a subscription to `events` (at least one): checks the URL and the addresses its host
 * resolves to now, makes its secret (returned here, once: nothing shows it again) and, for the
 * first subscription of the store, starts following changes from now.
 */
export async function addSubscription(
  deps: SubscriptionDeps,
  input: { guildId: string; url: string; events: readonly EventName[] },
): Promise<AddResult> {
  const { events } = input;
  if (events.length === 0) return { ok: false, reason: 'events', detail: 'no event asked for' };
  try {
    await checkUrl(input.url, deps.rules);
  } catch (error) {
    if (error instanceof UrlRefused) {
      return { ok: false, reason: 'url', problem: error.problem, detail: error.message };
    }
    throw error;
  }
  const secret = newSecret();
  const subscription = await deps.webhooks.add(
    { guildId: input.guildId, url: input.url, events, secret },
    SUBSCRIPTIONS_PER_GUILD,
  );
  if (!subscription) {
    return {
      ok: false,
      reason: 'cap',
      detail: `the guild has ${SUBSCRIPTIONS_PER_GUILD} subscriptions already: remove one first`,
    };
  }
  // The subscription is saved: its secret must reach the caller, whom nothing else shows it. A
  // cursor not set here (the store failing just now) is set by the dispatcher's next pass.
  await ensureCursor(deps).catch(() => {});
  return { ok: true, subscription, secret };
}
