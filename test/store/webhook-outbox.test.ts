import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTIONS_PER_GUILD } from '../../src/records/webhooks.js';
import type { Store } from '../../src/store/store.js';
import type { NewMessage } from '../../src/store/webhooks.js';
import { RICH, SPARSE } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * The webhooks' rows as each store keeps them: the cap per guild, the cursor's compare-and-set,
 * a newer message of an area taking the place of the one waiting, leases that two handles on one
 * database (two nodes, or two processes on one SQLite file) never both hold, shared out between
 * guilds and subscriptions.
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
const message = (
  subscriptionId: number,
  payload = '{}',
  type: NewMessage['type'] = 'points.changed',
  guildId = RICH,
): NewMessage => {
  serial += 1;
  return { messageId: `msg_test_${serial}`, subscriptionId, guildId, type, payload };
};

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A guild's places when the test is not about sharing them. */
const ANY_GUILD = 1_000;

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
    // Waiting: the next message of that area takes its place.
    expect(await webhooks.advance('a', 'b', [message(id, '{"n":2}')])).toBe(true);
    const [leased, ...more] = await webhooks.lease(at(1_000), at(60_000), 10, ANY_GUILD);
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
      test.store.webhooks.lease(at(1_000), at(60_000), 25, ANY_GUILD),
      other.webhooks.lease(at(1_000), at(60_000), 25, ANY_GUILD),
    ]);
    const taken = [...mine, ...theirs].map((each) => each.messageId);
    expect(taken).toHaveLength(40);
    expect(new Set(taken).size).toBe(40);
    // Still held: nobody gets them.
    expect(await other.webhooks.lease(at(30_000), at(90_000), 100, ANY_GUILD)).toEqual([]);
    // Past the lease (the holder died): taken again, the attempt counted.
    const again = await other.webhooks.lease(at(61_000), at(120_000), 100, ANY_GUILD);
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
    const leased = await webhooks.lease(at(1_000), at(60_000), 100, ANY_GUILD);
    for (const each of leased) {
      const attempt = { attemptedAt: at(0), status: '204', durationMs: 1, now: at(0) };
      await webhooks.finish(each, attempt, { kind: 'delivered' }, 50);
    }
    const kept = await webhooks.attempts(id, 100);
    expect(kept).toHaveLength(50);
    expect(kept[0]?.messageId).toBe(leased.at(-1)?.messageId);
    expect(await webhooks.oldestWaiting()).toBeNull();
  });

  it('keeps one message per subscription and area waiting: the newest, under its own id', async () => {
    const test = await openTestStore(kind);
    opened.push(test);
    const id = (await add(test.store))?.id ?? 0;
    const { webhooks } = test.store;
    await webhooks.advance(null, 'c0', [
      message(id, '{"n":1}'),
      message(id, '{"j":1}', 'jobs.changed'),
    ]);
    // Tried and failed: waits for its retry.
    const both = await webhooks.lease(at(1_000), at(60_000), 10, ANY_GUILD);
    const first = both.find((each) => each.type === 'points.changed');
    const jobs = both.find((each) => each.type === 'jobs.changed');
    if (!first || !jobs) throw new Error('not leased');
    const failedAt = { attemptedAt: at(0), status: '500', durationMs: 5, now: at(0) };
    const retry = { kind: 'failed', retryAt: at(30_000) } as const;
    expect(await webhooks.finish(first, failedAt, retry, 50)).toBe(true);
    // Sent right now: nothing may change it.
    const newer = message(id, '{"n":2}');
    await webhooks.advance('c0', 'c1', [newer, message(id, '{"j":2}', 'jobs.changed')]);
    await webhooks.advance('c1', 'c2', [message(id, '{"n":3}')]);
    // Not due before the first one's retry: it took that one's place in the schedule.
    expect(await webhooks.lease(at(2_000), at(60_000), 10, ANY_GUILD)).toEqual([]);
    const [latest, ...more] = await webhooks.lease(at(31_000), at(90_000), 10, ANY_GUILD);
    expect(more).toEqual([]);
    expect(latest).toMatchObject({ payload: '{"n":3}', attempt: 2, type: 'points.changed' });
    expect(latest?.messageId).not.toBe(first.messageId);
    expect(latest?.messageId).not.toBe(newer.messageId);
    // The jobs message in flight all along is written as it was sent; its newer one then takes
    // its schedule (due after the retry it would have had), under the newer one's id.
    expect(await webhooks.finish(jobs, failedAt, retry, 50)).toBe(true);
    expect(await webhooks.lease(at(2_000), at(60_000), 10, ANY_GUILD)).toEqual([]);
    const nextJobs = (await webhooks.lease(at(91_000), at(120_000), 10, ANY_GUILD)).find(
      (each) => each.type === 'jobs.changed',
    );
    expect(nextJobs).toMatchObject({ payload: '{"j":2}', attempt: 2, type: 'jobs.changed' });
    expect(await webhooks.attempts(id, 50)).toHaveLength(2);
  });

  it('a term that ended replaces its start still waiting; pings replace nothing', async () => {
    const test = await openTestStore(kind);
    opened.push(test);
    const id = (await add(test.store))?.id ?? 0;
    const { webhooks } = test.store;
    await webhooks.enqueue({ ...message(id), type: 'ping' });
    await webhooks.advance(null, 'c0', [message(id, '{"t":"started"}', 'term.started')]);
    await webhooks.advance('c0', 'c1', [message(id, '{"t":"ended"}', 'term.ended')]);
    await webhooks.enqueue({ ...message(id), type: 'ping' });
    const leased = await webhooks.lease(at(1_000), at(60_000), 10, ANY_GUILD);
    expect(leased.map((each) => each.type).sort()).toEqual(['ping', 'ping', 'term.ended']);
  });

  it('shares the places: per guild, one per subscription and area, guilds in turns', async () => {
    const test = await openTestStore(kind);
    opened.push(test);
    const { webhooks } = test.store;
    const mine = [];
    for (let i = 0; i < 4; i += 1) mine.push((await add(test.store))?.id ?? 0);
    const theirs = (await add(test.store, SPARSE))?.id ?? 0;
    const areas = ['points.changed', 'jobs.changed', 'players.changed'] as const;
    await webhooks.advance(
      null,
      'c0',
      mine.flatMap((id) => areas.map((type) => message(id, '{}', type))),
    );
    await webhooks.advance('c0', 'c1', [message(theirs, '{}', 'points.changed', SPARSE)]);
    // Twelve of one guild due before the other's one: the other still gets a place at once.
    const taken = await webhooks.lease(at(1_000), at(60_000), 3, 5);
    expect(taken.map((each) => each.guildId).sort()).toEqual([RICH, RICH, SPARSE]);
    // Each of its subscriptions had its turn before any had a second.
    expect(
      new Set(taken.filter((each) => each.guildId === RICH).map((each) => each.subscriptionId))
        .size,
    ).toBe(2);
    // Five at most for the guild, every holder's leases counted.
    const other = await test.reopen();
    const more = await other.webhooks.lease(at(1_000), at(60_000), 100, 5);
    expect(more).toHaveLength(3);
    expect(await webhooks.lease(at(1_000), at(60_000), 100, 5)).toEqual([]);
    // An attempt ended: the guild's place goes to its next message.
    const done = { attemptedAt: at(0), status: '204', durationMs: 1, now: at(0) };
    const ended = more[0];
    if (!ended) throw new Error('nothing leased');
    await other.webhooks.finish(ended, done, { kind: 'delivered' }, 50);
    const next = await webhooks.lease(at(1_000), at(60_000), 100, 5);
    expect(next).toHaveLength(1);
    // Never two of one subscription and area at once.
    const held = [...taken, ...more, ...next].filter((each) => each !== ended);
    const places = held.map((each) => `${each.subscriptionId}/${each.type}`);
    expect(new Set(places).size).toBe(places.length);
    await other.close();
  });

  it('reads a subscription whose events cannot be read as unreadable, not as an error', async () => {
    const test = await openTestStore(kind);
    opened.push(test);
    const good = (await add(test.store))?.id ?? 0;
    await foreignWrite(
      test,
      `INSERT INTO webhook_subscriptions (guild_id, url, events, secret, created_at)
       VALUES ('${RICH}', 'https://hooks.example.com/in', 'points,jobs', '${SECRET}',
         '2026-11-26T10:00:00.000Z')`,
    );
    const open = await test.store.webhooks.openIn([RICH]);
    expect(open.map((each) => [each.id, each.unreadable])).toEqual([
      [good, null],
      [good + 1, 'events is not a JSON list of event names'],
    ]);
    expect(open[1]?.events).toEqual([]);
    expect((await test.store.webhooks.list(RICH)).map((each) => each.id)).toEqual([good, good + 1]);
  });
});
