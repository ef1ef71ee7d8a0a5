import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTIONS_PER_GUILD } from '../../src/records/webhooks.js';
import type { Store } from '../../src/store/store.js';
import type { NewMessage } from '../../src/store/webhooks.js';
import { RICH, SPARSE } from '../support/fixture.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * The webhooks' rows as each store keeps them: the cap per guild, the cursor's compare-and-set,
 * coalescing into a message never tried, and leases that two handles on one database (two
 * nodes, or two processes on one SQLite file) never both hold.
 */

const opened: TestStore[] = [];
afterEach(async () => {
  for (const test of opened.splice(0)) await test.cleanup();
});

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const add = (store: Store, guildId = RICH) =>
  store.webhooks.add(
    { guildId, url: 'https://hooks.example.com/in', events: ['points'], secret: SECRET },
    SUBSCRIPTIONS_PER_GUILD,
  );

let serial = 0;
const message = (subscriptionId: number, payload = '{}'): NewMessage => {
  serial += 1;
  return {
    messageId: `msg_test_${serial}`,
    subscriptionId,
    guildId: RICH,
    type: 'points.changed',
    payload,
  };
};

const at = (ms: number) => new Date(Date.now() + ms).toISOString();

describe.each(storeKinds(import.meta.filename))('the webhooks store on %s', (kind) => {
  it('holds at most 10 subscriptions per guild, lists them without the secret', async () => {
    const test = await openTestStore(kind);
    opened.push(test);
    for (let i = 0; i < SUBSCRIPTIONS_PER_GUILD; i += 1)
      expect(await add(test.store)).not.toBeNull();
    expect(await add(test.store)).toBeNull();
    expect(await add(test.store, SPARSE)).not.toBeNull();
    const listed = await test.store.webhooks.list(RICH);
    expect(listed).toHaveLength(SUBSCRIPTIONS_PER_GUILD);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
    expect(listed[0]).toMatchObject({ guildId: RICH, events: ['points'], disabledAt: null });
    expect(await test.store.webhooks.remove(listed[0]?.id ?? 0, { guildId: SPARSE })).toBe(false);
    expect(await test.store.webhooks.remove(listed[0]?.id ?? 0)).toBe(true);
    expect(await add(test.store)).not.toBeNull();
  });

  it('moves the cursor only from where it was read, with its messages or not at all', async () => {
    const test = await openTestStore(kind);
    opened.push(test);
    const subscription = await add(test.store);
    const id = subscription?.id ?? 0;
    const { webhooks } = test.store;
    expect(await webhooks.advance(null, 'a', [message(id)])).toBe(true);
    expect(await webhooks.advance(null, 'b', [message(id)])).toBe(false);
    expect(await webhooks.advance('x', 'b', [message(id)])).toBe(false);
    expect(await webhooks.cursor()).toBe('a');
    // Never tried: the next message of that type replaces its payload, keeps its id.
    expect(await webhooks.advance('a', 'b', [message(id, '{"n":2}')])).toBe(true);
    const [leased, ...more] = await webhooks.lease(at(1_000), at(60_000), 10);
    expect(more).toEqual([]);
    expect(leased).toMatchObject({ payload: '{"n":2}', attempt: 1, secret: SECRET });
  });

  it('leases a message to one holder at a time, and again once the lease ran out', async () => {
    const test = await openTestStore(kind);
    opened.push(test);
    const other = await test.reopen();
    const subscription = await add(test.store);
    const id = subscription?.id ?? 0;
    // Pings: never coalesced (changes are, into a message not tried yet).
    for (let i = 0; i < 40; i += 1)
      await test.store.webhooks.enqueue({ ...message(id), type: 'ping' });
    const [mine, theirs] = await Promise.all([
      test.store.webhooks.lease(at(1_000), at(60_000), 25),
      other.webhooks.lease(at(1_000), at(60_000), 25),
    ]);
    const taken = [...mine, ...theirs].map((each) => each.messageId);
    expect(taken).toHaveLength(40);
    expect(new Set(taken).size).toBe(40);
    // Still held: nobody gets them.
    expect(await other.webhooks.lease(at(30_000), at(90_000), 100)).toEqual([]);
    // Past the lease (the holder died): taken again, the attempt counted.
    const again = await other.webhooks.lease(at(61_000), at(120_000), 100);
    expect(again).toHaveLength(40);
    expect(new Set(again.map((each) => each.attempt))).toEqual(new Set([2]));
    // The first holder's outcome no longer writes: its lease is gone.
    const stale = mine[0];
    if (!stale) throw new Error('nothing leased');
    const attempt = { attemptedAt: at(0), status: '200', durationMs: 5, now: at(0) };
    expect(await test.store.webhooks.finish(stale, attempt, { kind: 'delivered' }, 50)).toBe(false);
    const current = again.find((each) => each.messageId === stale.messageId);
    if (!current) throw new Error('not leased again');
    expect(await other.webhooks.finish(current, attempt, { kind: 'delivered' }, 50)).toBe(true);
    expect(await test.store.webhooks.attempts(id, 50)).toHaveLength(1);
    await other.close();
  });

  it('keeps the last 50 attempts of a subscription', async () => {
    const test = await openTestStore(kind);
    opened.push(test);
    const id = (await add(test.store))?.id ?? 0;
    const { webhooks } = test.store;
    await webhooks.advance(null, 'a', []);
    for (let i = 0; i < 55; i += 1) await webhooks.enqueue({ ...message(id), type: 'ping' });
    const leased = await webhooks.lease(at(1_000), at(60_000), 100);
    for (const each of leased) {
      const attempt = { attemptedAt: at(0), status: '204', durationMs: 1, now: at(0) };
      await webhooks.finish(each, attempt, { kind: 'delivered' }, 50);
    }
    const kept = await webhooks.attempts(id, 100);
    expect(kept).toHaveLength(50);
    expect(kept[0]?.messageId).toBe(leased.at(-1)?.messageId);
    expect(await webhooks.oldestWaiting()).toBeNull();
  });
});
