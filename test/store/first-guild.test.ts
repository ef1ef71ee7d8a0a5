import { afterEach, describe, expect, it } from 'vitest';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

const points = { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 };
let store: TestStore | undefined;
afterEach(() => store?.cleanup());

describe.each(storeKinds(import.meta.filename))('firstGuild (%s)', (kind) => {
  it('is null on an empty store', async () => {
    store = await openTestStore(kind);
    expect(await store.store.firstGuild()).toBeNull();
  });

  it('prefers a guild with house points, the smallest id first', async () => {
    store = await openTestStore(kind, {
      guilds: [
        { id: 'a', players: [{ user_id: '1', name: 'A' }] },
        { id: 'c', points },
        { id: 'b', points },
      ],
    });
    expect(await store.store.firstGuild()).toEqual({ area: 'points', guildId: 'b' });
  });

  it.each([
    [{ id: 'g', players: [{ user_id: '1', name: 'A' }], jobs: [{ name: 'J' }] }, 'players'],
    [{ id: 'g', jobs: [{ name: 'J' }], premium: { expiresAt: null } }, 'jobs'],
    [{ id: 'g', premium: { expiresAt: null } }, 'premium'],
  ])('else the first area with data: %o gives %s', async (guild, area) => {
    store = await openTestStore(kind, { guilds: [guild] });
    expect(await store.store.firstGuild()).toEqual({ area, guildId: 'g' });
  });
});
