import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_MESSAGES_PER_GUILD } from '../../src/records/live-message.js';
import type { Store } from '../../src/store/store.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * The live scoreboards' store on both engines: the limit per guild holds against posts at once
 * (two handles, as two nodes), and a message is held by one node at a time, taken over only
 * once its lease ran out.
 */

const GUILD = '1133557799224466800';

const message = (i: number) => ({
  guildId: GUILD,
  channelId: '55',
  messageId: String(7_000 + i),
  locale: 'fr',
  seq: 3,
});

describe.each(storeKinds(import.meta.filename))('live messages on %s', (kind) => {
  let test: TestStore;
  let other: Store | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
    await test?.cleanup();
  });

  it('stores at most 5 per guild, however many posts come at once from two nodes', async () => {
    test = await openTestStore(kind);
    other = await test.reopen();
    const stores = [test.store, other];
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        stores[i % 2]?.liveMessages.add(message(i), LIVE_MESSAGES_PER_GUILD),
      ),
    );
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(LIVE_MESSAGES_PER_GUILD);
    expect(await test.store.liveMessages.count(GUILD)).toBe(LIVE_MESSAGES_PER_GUILD);
  });

  it('one node holds each message; another takes it only once the lease ran out', async () => {
    test = await openTestStore(kind);
    other = await test.reopen();
    const live = test.store.liveMessages;
    await live.add(message(1), LIVE_MESSAGES_PER_GUILD);
    await live.add(message(2), LIVE_MESSAGES_PER_GUILD);
    const now = 1_000_000;
    expect(await live.anyFree(now)).toBe(true);
    const [a, b] = await Promise.all([
      live.claim('a', now, now + 30_000),
      other.liveMessages.claim('b', now, now + 30_000),
    ]);
    // Both messages went to one node or were split, but none to both.
    const ids = [...(a ?? []), ...(b ?? [])].map((m) => m.messageId).sort();
    expect(ids).toEqual(['7001', '7002']);
    const holder = (a?.length ?? 0) > 0 ? 'a' : 'b';
    const taker = holder === 'a' ? 'b' : 'a';
    expect(await live.anyFree(now + 29_000)).toBe(false);
    expect(await live.anyFree(now + 31_000)).toBe(true);
    // Renewed by its holder, not taken before the lease runs out…
    expect(await live.claim(taker, now + 29_000, now + 59_000)).toEqual([]);
    // …then taken: the holder died.
    const taken = await live.claim(taker, now + 31_000, now + 61_000);
    expect(taken.map((m) => m.messageId).sort()).toEqual(['7001', '7002']);
    expect(taken[0]?.locale).toBe('fr');
    expect(taken[0]?.seq).toBe(3);
    // An edit is recorded by the holder only.
    expect(await live.edited('7001', holder, 9, now + 40_000)).toBe(false);
    expect(await live.edited('7001', taker, 9, now + 40_000)).toBe(true);
    // Given up when a node stops: taken at once.
    await live.release(taker);
    expect(await live.claim(holder, now + 32_000, now + 62_000)).toHaveLength(2);
    expect((await live.removeInChannel(GUILD, '55')).map((m) => m.messageId).sort()).toEqual([
      '7001',
      '7002',
    ]);
    expect(await live.count(GUILD)).toBe(0);
  });
});
