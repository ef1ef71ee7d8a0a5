/*
 * The shared contract fixture plus what the bot tests need beyond it: a guild with enough
 * profiles for three pages, and a guild with no data at all.
 */
import type { UserData } from '../../support/fake-discord.js';
import { fixture, MEMBER_WITH_THREE } from '../../support/fixture.js';

export { LIFETIME, MEMBER_WITH_THREE, OTHER, RICH, SPARSE } from '../../support/fixture.js';

/** Members who run the commands; Draco has three profiles on RICH, nobody has none. */
export const ALICE: UserData = { id: '500000000000000001', username: 'alice' };
export const BOB: UserData = { id: '500000000000000002', username: 'bob' };
export const DRACO: UserData = { id: MEMBER_WITH_THREE, username: 'draco' };
export const NOBODY: UserData = { id: '500000000000000099', username: 'nobody' };

/** 23 profiles: pages of 10, 10 and 3. */
export const BIG = '1133557799224466890';
/** Known to Discord, absent from the data. */
export const EMPTY = '1133557799224466891';

export const BIG_PROFILES = 23;

/** Player n of BIG is user 4000…0n, named "Player nn": list order is n order. */
export function bigName(n: number): string {
  return `Player ${String(n).padStart(2, '0')}`;
}

export const botFixture = {
  guilds: [
    ...fixture.guilds,
    {
      id: BIG,
      points: { gryffindor: 10, slytherin: 20, ravenclaw: 40, hufflepuff: 30 },
      players: Array.from({ length: BIG_PROFILES }, (_, i) => ({
        user_id: `4000000000000000${String(i + 1).padStart(2, '0')}`,
        name: bigName(i + 1),
        house: 'hufflepuff',
        year: 1 + (i % 7),
        galleons: i * 10,
      })),
    },
  ],
};
