import type { Logger } from '../logger.js';
import type { ReadService } from '../read/service.js';
import type { WebhookStore, WebhookSubscription } from '../store/webhooks.js';
import {
  DELIVERY_RESULTS,
  type DelivererOptions,
  type DeliveryResult,
  deliver,
} from './deliverer.js';
import { dispatchOnce } from './dispatcher.js';
import { type SafeAgents, safeAgents } from './safe-agent.js';
import type { SafetyRules } from './safety.js';
import { RETRY_DELAYS_MS } from './schedule.js';

/*
 * A node's webhooks: the dispatcher (changes into messages) and the deliverer (messages out),
 * each on its own loop. Both poll the store, since the outbox and the cursor are shared by every
 * node and by processes that never tell this one anything; a message this node made is sent at
 * once, without waiting for the next poll.
 */

/** Per attempt, lookup, connection and answer included. */
export const DELIVERY_TIMEOUT_MS = 10_000;

interface WebhookServiceOptions {
  read: ReadService;
  webhooks: WebhookStore;
  rules: SafetyRules;
  logger: Logger;
  now?: () => Date;
  /** Between two looks at the changes and at the outbox when nothing is going on (200 ms). */
  pollMs?: number;
  timeoutMs?: number;
  retryDelaysMs?: readonly number[];
  /** How long a taken message stays this node's: past the attempt's timeout (timeout + 10 s). */
  leaseMs?: number;
  /** Messages sent at once by this node. */
  concurrency?: number;
  /** Messages of one guild sent at once, every node's counted (a quarter of the default concurrency). */
  perGuild?: number;
}

export interface WebhookStats {
  /** Attempts by result since this node started. */
  deliveries: Record<DeliveryResult, number>;
  /** Seconds since the oldest message still waiting was made (0 when none waits). */
  oldestWaitingSeconds: number;
  openSubscriptions: number;
}

export interface WebhookService {
  /** Looks at the changes and the outbox now rather than at the next poll. */
  wake(): void;
  stats(): Promise<WebhookStats>;
  /** Stops both loops; waits a little for attempts in flight (their leases cover the rest). */
  stop(): Promise<void>;
}

const STOP_PATIENCE_MS = 2_000;

/** Waits for `promises` to settle, or `ms`, whichever comes first. */
async function settledWithin(promises: Iterable<Promise<unknown>>, ms: number): Promise<void> {
  let patience: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...promises]),
    new Promise((resolve) => {
      patience = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(patience);
}

/** Says once why a subscription is set aside, and again only when the reason changes. */
function setAsideLog(logger: Logger): (subscription: WebhookSubscription) => void {
  const said = new Map<number, string>();
  return (subscription) => {
    const why = subscription.unreadable ?? '';
    if (said.get(subscription.id) === why) return;
    said.set(subscription.id, why);
    logger.warn(
      { subscription: subscription.id, guild: subscription.guildId, problem: why },
      'webhook subscription set aside: its stored row cannot be read',
    );
  };
}

/**
 * Runs `pass` when woken, at once again while it wants more or was woken meanwhile, and otherwise
 * every `pollMs`: one pass at a time, however often it is woken.
 */
function pollLoop(pass: () => Promise<boolean>, pollMs: number) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        if (await pass()) again = true;
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      if (!stopped) {
        timer = setTimeout(wake, pollMs);
        timer.unref();
      }
    });
  }
  return {
    wake,
    stopped: () => stopped,
    /** Stops polling; settles once the pass under way has ended. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

interface OutboxOptions {
  delivery: Omit<DelivererOptions, 'onResult'>;
  leaseMs: number;
  /** Messages sent at once by this node. */
  concurrency: number;
  /** Messages of one guild sent at once, every node's counted. */
  perGuild: number;
  stopped(): boolean;
  /** Called as each attempt ends: its place is free for the next message. */
  onSettled(): void;
}

/** Takes the messages due from the outbox, as many as there are places free, and sends them. */
function outboxSender(options: OutboxOptions) {
  const { webhooks, logger, now } = options.delivery;
  const inFlight = new Set<Promise<unknown>>();
  /** Attempts by result since this node started. */
  const counts = Object.fromEntries(DELIVERY_RESULTS.map((result) => [result, 0])) as Record<
    DeliveryResult,
    number
  >;
  const delivery: DelivererOptions = {
    ...options.delivery,
    onResult: (result) => {
      counts[result] += 1;
    },
  };
  async function sendDue(): Promise<void> {
    while (!options.stopped() && inFlight.size < options.concurrency) {
      const at = now();
      const leased = await webhooks.lease(
        at.toISOString(),
        new Date(at.getTime() + options.leaseMs).toISOString(),
        options.concurrency - inFlight.size,
        options.perGuild,
      );
      for (const message of leased) {
        const attempt = deliver(message, delivery)
          .catch((error: unknown) =>
            logger.error({ err: error, message: message.messageId }, 'webhook delivery failed'),
          )
          .finally(() => {
            inFlight.delete(attempt);
            options.onSettled();
          });
        inFlight.add(attempt);
      }
      if (leased.length === 0) return;
    }
  }
  return { sendDue, inFlight, counts };
}

/**
 * One look: the new changes into messages, then the messages due out, each tried again at the
 * next poll when its store fails. True when the changes made messages, so another look follows.
 */
async function lookOnce(
  dispatch: () => Promise<number>,
  sendDue: () => Promise<void>,
  logger: Logger,
): Promise<boolean> {
  let written = 0;
  try {
    written = await dispatch();
  } catch (error) {
    logger.error({ err: error }, 'webhook dispatch failed; tried again at the next poll');
  }
  try {
    await sendDue();
  } catch (error) {
    logger.error({ err: error }, 'webhook outbox unreadable; tried again at the next poll');
  }
  return written > 0;
}

export function startWebhooks(options: WebhookServiceOptions): WebhookService {
  const { read, webhooks, logger } = options;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const concurrency = options.concurrency ?? 32;
  const agents: SafeAgents = safeAgents(options.rules);
  const outbox = outboxSender({
    delivery: {
      webhooks,
      rules: options.rules,
      agents,
      logger,
      now,
      timeoutMs,
      retryDelaysMs: options.retryDelaysMs ?? RETRY_DELAYS_MS,
    },
    leaseMs: options.leaseMs ?? timeoutMs + 10_000,
    concurrency,
    // A guild whose receivers hang holds at most this many of the places, whatever it sends:
    // the rest go on to every other guild's messages.
    perGuild: options.perGuild ?? Math.max(1, Math.floor(concurrency / 4)),
    stopped: () => loop.stopped(),
    onSettled: () => loop.wake(),
  });
  const setAside = setAsideLog(logger);
  const dispatch = () => dispatchOnce({ read, webhooks, now, setAside });
  // A look is one indexed read of each on SQLite, three small queries on PostgreSQL: five a
  // second keep a message's wait short (half of this on average) at a cost nobody notices.
  const loop = pollLoop(() => lookOnce(dispatch, outbox.sendDue, logger), options.pollMs ?? 200);
  loop.wake();
  return {
    wake: loop.wake,
    async stats() {
      const [oldest, open] = await Promise.all([webhooks.oldestWaiting(), webhooks.openCount()]);
      const age = oldest === null ? 0 : Math.max(0, (now().getTime() - Date.parse(oldest)) / 1000);
      return {
        deliveries: { ...outbox.counts },
        oldestWaitingSeconds: age,
        openSubscriptions: open,
      };
    },
    async stop() {
      await loop.stop();
      await settledWithin(outbox.inFlight, STOP_PATIENCE_MS);
      // Those still waiting on a receiver end now (a connection error each, written down while
      // the store is still open; their leases would have covered them anyway).
      agents.destroy();
      await settledWithin(outbox.inFlight, STOP_PATIENCE_MS);
    },
  };
}
