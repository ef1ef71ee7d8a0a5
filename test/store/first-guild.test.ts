import { afterEach, describe, expect, it } from 'vitest';
import { firstGuild } from '../../src/store/first-guild.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';

const points = { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 };
let store: TestDatabase | undefined;
afterEach(() => store?.cleanup());

describe('firstGuild', () => {
  it('is undefined on an empty store', () => {
    store = openTestDatabase();
    expect(firstGuild(store.db)).toBeUndefined();
  });

  it('prefers a guild with house points, the smallest id first', () => {
    store = openTestDatabase({
      guilds: [
        { id: 'a', players: [{ user_id: '1', name: 'A' }] },
        { id: 'c', points },
        { id: 'b', points },
      ],
    });
    expect(firstGuild(store.db)).toEqual({ area: 'points', guildId: 'b' });
  });

  it.each([
    [{ id: 'g', players: [{ user_id: '1', name: 'A' }], jobs: [{ name: 'J' }] }, 'players'],
    [{ id: 'g', jobs: [{ name: 'J' }], premium: { expiresAt: null } }, 'jobs'],
    [{ id: 'g', premium: { expiresAt: null } }, 'premium'],
  ])('else the first area with data: %o gives %s', (guild, area) => {
    store = openTestDatabase({ guilds: [guild] });
    expect(firstGuild(store.db)).toEqual({ area, guildId: 'g' });
  });
});
