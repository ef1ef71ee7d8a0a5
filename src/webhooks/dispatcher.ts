import type { ReadService } from '../read/service.js';
import type { WebhookStore, WebhookSubscription } from '../store/webhooks.js';
import { messagesFor, reportsChange } from './change-messages.js';

/*
 * Turns the store's record of what changed (guild_changes, read past the cursor kept in the
 * store) into messages in the outbox. Every node runs one; the cursor moves with the messages in
 * one transaction and only from where this node read it, so however many nodes read the same
 * changes, one of them writes their messages, once. A change committed while no node ran is
 * past the cursor when the first one starts.
 */

/** Changes read at once; a full page is followed at once by the next. */
const CHANGES_PER_BATCH = 500;

interface DispatchDeps {
  read: ReadService;
  webhooks: WebhookStore;
  now: () => Date;
  /**
   * Told of each subscription whose stored row cannot be read, every time the dispatcher meets
   * it: it gets no message, and the others go on.
   */
  setAside?: (subscription: WebhookSubscription) => void;
}

/**
 * Keeps a cursor in the store, at the latest change, unless one is kept already: from then on
 * every change is delivered. `webhook add` calls it, so a change made after the first
 * subscription, even with no node running, is not skipped.
 */
export async function ensureCursor({ read, webhooks }: Omit<DispatchDeps, 'now'>): Promise<void> {
  if ((await webhooks.cursor()) !== null) return;
  let cursor: string | null = null;
  for (;;) {
    const page = await read.changes.since(cursor);
    const moved = page.cursor !== cursor;
    cursor = page.cursor;
    if (page.changes.length === 0 || !moved) break;
  }
  // Another process may have kept one meanwhile: then its stands.
  await webhooks.advance(null, cursor, []);
}

/**
 * One pass: the changes past the cursor, a batch at a time, into messages. Returns how many
 * messages it wrote (0 also when another node wrote them).
 */
export async function dispatchOnce(deps: DispatchDeps): Promise<number> {
  const { read, webhooks } = deps;
  let written = 0;
  for (;;) {
    const cursor = await webhooks.cursor();
    if (cursor === null) {
      // No subscription was ever added: nothing to follow yet.
      if ((await webhooks.openCount()) === 0) return written;
      await ensureCursor(deps);
      continue;
    }
    const page = await read.changes.since(cursor, CHANGES_PER_BATCH);
    if (page.cursor === cursor) return written;
    const changes = page.changes.filter(reportsChange);
    const guilds = [...new Set(changes.map((change) => change.guildId))];
    const open = guilds.length > 0 ? await webhooks.openIn(guilds) : [];
    const subscriptions = open.filter((subscription) => {
      if (subscription.unreadable === null) return true;
      deps.setAside?.(subscription);
      return false;
    });
    const messages = await messagesFor(read, changes, subscriptions, deps.now());
    if (!(await webhooks.advance(cursor, page.cursor, messages))) return written;
    written += messages.length;
    if (page.changes.length < CHANGES_PER_BATCH) return written;
  }
}
