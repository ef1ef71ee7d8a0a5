import { randomUUID } from 'node:crypto';
import type { SqlDb } from './sql/db.js';
import { finish, lastAttempts } from './webhook-attempts.js';
import { anyDue, leaseFair, leaseOne } from './webhook-leases.js';
import { advance, enqueue, oldestWaiting, readCursor } from './webhook-outbox.js';
import {
  addBelowCap,
  openSubscriptionCount,
  openSubscriptionsIn,
  removeSubscription,
  subscriptionById,
  subscriptionsOf,
} from './webhook-subscriptions.js';
import type { WebhookStore } from './webhooks.js';

/*
 * The webhooks' rows (src/store/webhooks.ts says what each operation promises), on either engine:
 * the subscriptions (webhook-subscriptions.ts), the outbox and its cursor (webhook-outbox.ts),
 * the leases (webhook-leases.ts) and the attempts (webhook-attempts.ts). Each step is one
 * statement or one write transaction, so that several nodes (or processes on one SQLite file)
 * never send one message twice at once.
 */

export function createWebhookStore(db: SqlDb, now: () => Date): WebhookStore {
  const stamp = () => now().toISOString();
  const { array } = db.dialect;
  return {
    add({ guildId, url, events, secret }, cap) {
      const row = {
        guild_id: guildId,
        url,
        events: JSON.stringify(events),
        secret,
        created_at: stamp(),
      };
      return db.write(addBelowCap(row, cap));
    },
    list: (guildId) => db.read(subscriptionsOf(guildId)),
    get: (id) => db.read(subscriptionById(id)),
    remove: (id, filter = {}) => db.write(removeSubscription(id, filter.guildId ?? null)),
    openIn: (guildIds) => db.read(openSubscriptionsIn(array(guildIds))),
    openCount: () => db.read(openSubscriptionCount()),
    cursor: () => db.read(readCursor()),
    advance: (from, to, messages) => db.write(advance(from, to, messages, stamp())),
    async enqueue(message) {
      await db.write(enqueue(message, stamp()));
    },
    async lease(at, until, limit, perGuild) {
      if (!(await db.read(anyDue(at)))) return [];
      return db.write(leaseFair({ at, until, lease: randomUUID() }, limit, perGuild));
    },
    leaseOne: (messageId, at, until) =>
      db.write(leaseOne({ at, until, lease: randomUUID() }, messageId)),
    finish: (message, attempt, outcome, keep) => db.write(finish(message, attempt, outcome, keep)),
    attempts: (subscriptionId, limit) => db.read(lastAttempts(subscriptionId, limit)),
    oldestWaiting: () => db.read(oldestWaiting()),
  };
}
