import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTIONS_PER_GUILD } from '../../src/records/webhooks.js';
import type { Store, StoreKind } from '../../src/store/store.js';
import { until } from '../support/eventually.js';
import { fixture, RICH, SPARSE } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { startReceiver } from '../webhooks/support/receiver.js';
import { subscribe as addFor, startNode } from '../webhooks/support/setup.js';

/*
 * What `copy` does with the webhooks and the live scoreboards, from each store to the other:
 * subscriptions go with their ids and secrets, live messages go, and the webhooks' outbox and
 * attempts stay behind; the target's own are emptied, and its cursor is set at its latest change,
 * so it delivers every change made after the copy and none before. A refused copy touches none
 * of it.
 */

const opened: TestStore[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const test of opened.splice(0)) await test.cleanup();
});

const kinds = storeKinds(import.meta.filename);
const [one = 'sqlite', other = one] = kinds;
const pairs: [StoreKind, StoreKind][] =
  one === other
    ? [[one, one]]
    : [
        [one, other],
        [other, one],
      ];

const secretOf = (n: number) => `whsec_${String(n).repeat(43).slice(0, 43)}=`;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

async function subscribe(store: Store, guildId: string, n: number): Promise<number> {
  const added = await store.webhooks.add(
    { guildId, url: `https://hooks.example.com/${n}`, events: ['points'], secret: secretOf(n) },
    SUBSCRIPTIONS_PER_GUILD,
  );
  if (!added) throw new Error('not added');
  return added.id;
}

/** A message in the outbox for `id`, leased at once: the secret the store signs with. */
async function signingSecret(store: Store, id: number, guildId: string): Promise<string | null> {
  const messageId = `msg_copy_${id}_${Math.random().toString(36).slice(2)}`;
  await store.webhooks.enqueue({
    messageId,
    subscriptionId: id,
    guildId,
    type: 'ping',
    payload: '{}',
  });
  return (await store.webhooks.leaseOne(messageId, at(0), at(60_000)))?.secret ?? null;
}

/** An outbox message, an attempt and the cursor, as a store that delivered once holds them. */
async function delivered(store: Store, id: number, guildId: string): Promise<void> {
  await store.webhooks.advance(null, 'a cursor', []);
  const messageId = `msg_sent_${id}`;
  await store.webhooks.enqueue({
    messageId,
    subscriptionId: id,
    guildId,
    type: 'ping',
    payload: '{}',
  });
  const leased = await store.webhooks.leaseOne(messageId, at(0), at(60_000));
  if (!leased) throw new Error('not leased');
  const attempt = { attemptedAt: at(0), status: '200', durationMs: 5, now: at(0) };
  await store.webhooks.finish(leased, attempt, { kind: 'delivered' }, 50);
  await store.webhooks.enqueue({
    messageId: `msg_waiting_${id}`,
    subscriptionId: id,
    guildId,
    type: 'ping',
    payload: '{}',
  });
}

const copy = (from: Store, to: Store, replace: boolean) =>
  from.readEverything((rows) => to.writeEverything(rows, { replace }));

describe.each(pairs)('copy from %s to %s', (fromKind, toKind) => {
  it('carries subscriptions with their ids and secrets, and live messages; leaves the outbox and attempts, and starts the cursor at the target’s latest change', async () => {
    const source = await openTestStore(fromKind, fixture);
    const target = await openTestStore(toKind);
    opened.push(source, target);
    const first = await subscribe(source.store, RICH, 1);
    const second = await subscribe(source.store, SPARSE, 2);
    await delivered(source.store, first, RICH);
    const live = { guildId: RICH, channelId: '300', messageId: '400', locale: 'fr', seq: 0 };
    expect(await source.store.liveMessages.add(live, 5)).toBe('added');

    expect(await copy(source.store, target.store, false)).toBe(true);
    const webhooks = target.store.webhooks;
    expect(await webhooks.list(RICH)).toEqual(await source.store.webhooks.list(RICH));
    expect(await webhooks.list(SPARSE)).toEqual(await source.store.webhooks.list(SPARSE));
    expect(await webhooks.attempts(first, 50)).toEqual([]);
    expect(await webhooks.oldestWaiting()).toBeNull();
    // The target's own cursor, at its latest change: not the source's.
    expect(await webhooks.cursor()).not.toBeNull();
    expect(await webhooks.cursor()).not.toBe('a cursor');
    expect(await signingSecret(target.store, first, RICH)).toBe(secretOf(1));
    expect(await signingSecret(target.store, second, SPARSE)).toBe(secretOf(2));
    // Subscriptions added later on the target are numbered after the copied ones.
    expect(await subscribe(target.store, RICH, 3)).toBeGreaterThan(second);

    expect(await target.store.liveMessages.count(RICH)).toBe(1);
    const [claimed] = await target.store.liveMessages.claim(
      'node',
      Date.now(),
      Date.now() + 60_000,
    );
    expect(claimed).toMatchObject({ channelId: '300', messageId: '400', locale: 'fr' });
  });

  it('over a store with webhooks of its own (--replace): the source’s subscriptions, none of the target’s outbox', async () => {
    const source = await openTestStore(fromKind, fixture);
    const target = await openTestStore(toKind, fixture);
    opened.push(source, target);
    const kept = await subscribe(source.store, RICH, 1);
    const theirs = await subscribe(target.store, RICH, 7);
    await subscribe(target.store, RICH, 8);
    await delivered(target.store, theirs, RICH);

    // Refused without --replace: the target's webhooks as they were.
    expect(await copy(source.store, target.store, false)).toBe(false);
    expect(await target.store.webhooks.list(RICH)).toHaveLength(2);
    expect(await target.store.webhooks.cursor()).toBe('a cursor');
    expect(await target.store.webhooks.oldestWaiting()).not.toBeNull();

    expect(await copy(source.store, target.store, true)).toBe(true);
    expect(await target.store.webhooks.list(RICH)).toEqual(await source.store.webhooks.list(RICH));
    expect(await target.store.webhooks.attempts(theirs, 50)).toEqual([]);
    expect(await target.store.webhooks.oldestWaiting()).toBeNull();
    expect(await target.store.webhooks.cursor()).not.toBe('a cursor');
    expect(await signingSecret(target.store, kept, RICH)).toBe(secretOf(1));
  });

  it('delivers a change the game wrote on the target after the copy, before any node ran', async () => {
    const source = await openTestStore(fromKind, fixture);
    const target = await openTestStore(toKind);
    opened.push(source, target);
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    await addFor(source, receiver, RICH, ['points']);
    expect(await copy(source.store, target.store, false)).toBe(true);
    // The game writes on the target while no node runs; then the first node starts.
    await foreignWrite(
      target,
      `UPDATE house_points SET gryffindor = 4242 WHERE guild_id = '${RICH}'`,
    );
    const node = startNode(target);
    cleanups.push(() => node.stop());
    await until(
      () =>
        receiver.received.find(
          (each) =>
            each.message.type === 'points.changed' &&
            (each.message.data as { gryffindor?: number }).gryffindor === 4242,
        ),
      'the change written after the copy, delivered',
    );
    // What the copy itself wrote is the source's state, not a change to deliver.
    expect(receiver.received).toHaveLength(1);
    expect(receiver.refused).toEqual([]);
  });
});
