import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseFilter } from '../../src/records/profile-order.js';
import { profileView } from '../../src/records/profile-order.js';
import { fixture, MEMBER_WITH_THREE, OTHER, RICH } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { runStatements } from '../support/migrations.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * A guild's roster (guild_changes.roster): the number a write gives it when it changes which
 * profiles the guild's lists hold (a profile added, removed, or moved to another guild or
 * house), and no other write. A member's rank keeps a list's length while the roster stands, so
 * a roster that missed such a write would give a wrong `of`. The writes are the game's own SQL on
 * a connection of its own, on a real SQLite file and a real PostgreSQL database; after each, the
 * rank's length (remembered before the write) is the list's length counted afresh.
 */

const NEW_PROFILE = (id: number, house: string) =>
  `INSERT INTO profiles (id, user_id, guild_id, name, house, galleons, created_at)
   VALUES (${id}, '${MEMBER_WITH_THREE}', '${RICH}', 'New', '${house}', 7, '2026-01-01T00:00:00.000Z')`;

describe.each(storeKinds(import.meta.filename))('rosters on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind, fixture);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const where = () => (kind === 'sqlite' ? t.env.DATABASE_PATH : t.env.DATABASE_URL) ?? '';

  async function rosterOf(guildId: string): Promise<unknown> {
    const [row] = (await runStatements(kind, where(), [
      `SELECT roster FROM guild_changes WHERE guild_id = '${guildId}' AND area = 'players'`,
    ])) as { roster: unknown }[];
    return row?.roster;
  }

  async function countOf(guildId: string, house: HouseFilter | null): Promise<number> {
    const filter =
      house === null ? '' : house === 'none' ? ' AND house IS NULL' : ` AND house = '${house}'`;
    const [row] = (await runStatements(kind, where(), [
      `SELECT count(*) AS n FROM profiles WHERE guild_id = '${guildId}'${filter}`,
    ])) as { n: number | string }[];
    return Number(row?.n);
  }

  /** A member of each guild, and the lengths their rank gives, the whole guild's and a house's. */
  const MEMBERS: Record<string, string> = {
    [RICH]: MEMBER_WITH_THREE,
    [OTHER]: fixture.guilds[3]?.players?.[0]?.user_id ?? '',
  };

  async function lengthsOf(guildId: string): Promise<(number | undefined)[]> {
    const views = [
      profileView('galleons', undefined, undefined),
      profileView('galleons', undefined, 'slytherin'),
    ];
    return Promise.all(
      views.map(
        async (view) =>
          (await t.store.read.players.rank(guildId, MEMBERS[guildId] ?? '', view))?.[0]?.of,
      ),
    );
  }

  async function expectLengthsRight(guildId: string): Promise<void> {
    expect(await lengthsOf(guildId)).toEqual([
      await countOf(guildId, null),
      await countOf(guildId, 'slytherin'),
    ]);
  }

  const REPLACE =
    kind === 'sqlite'
      ? // SQLite deletes the row it replaces without a trigger: the insert alone must move it.
        `INSERT OR REPLACE INTO profiles (id, user_id, guild_id, name, house, galleons, created_at)
         VALUES (950, '${MEMBER_WITH_THREE}', '${RICH}', 'Again', 'slytherin', 9, '2026-01-01T00:00:00.000Z')`
      : `INSERT INTO profiles (id, user_id, guild_id, name, house, galleons, created_at)
         VALUES (950, '${MEMBER_WITH_THREE}', '${RICH}', 'Again', 'slytherin', 9, '2026-01-01T00:00:00.000Z')
         ON CONFLICT (guild_id, id) DO UPDATE SET name = excluded.name, galleons = excluded.galleons`;

  it.each([
    {
      what: 'galleons moved',
      sql: `UPDATE profiles SET galleons = galleons + 5 WHERE guild_id = '${RICH}'`,
      moves: false,
    },
    {
      what: 'a name changed',
      sql: `UPDATE profiles SET name = 'Renamed' WHERE guild_id = '${RICH}' AND id = 1`,
      moves: false,
    },
    { what: 'a profile added', sql: NEW_PROFILE(950, 'slytherin'), moves: true },
    { what: 'a profile written again over itself', sql: REPLACE, moves: kind === 'sqlite' },
    {
      what: 'a profile moved to another house',
      sql: `UPDATE profiles SET house = 'ravenclaw' WHERE guild_id = '${RICH}' AND id = 950`,
      moves: true,
    },
    {
      what: 'a profile removed',
      sql: `DELETE FROM profiles WHERE guild_id = '${RICH}' AND id = 950`,
      moves: true,
    },
  ])('$what: the roster moves: $moves; the rank’s length is the list’s', async ({ sql, moves }) => {
    await expectLengthsRight(RICH);
    const before = { rich: await rosterOf(RICH), other: await rosterOf(OTHER) };
    expect(before.rich).not.toBeNull();
    await foreignWrite(t, sql);
    const after = await rosterOf(RICH);
    if (moves) expect(after).not.toEqual(before.rich);
    else expect(after).toEqual(before.rich);
    expect(await rosterOf(OTHER)).toEqual(before.other);
    await expectLengthsRight(RICH);
  });

  it('a profile moved to another guild moves both rosters', async () => {
    await foreignWrite(t, NEW_PROFILE(951, 'slytherin'));
    await expectLengthsRight(RICH);
    await expectLengthsRight(OTHER);
    const before = { rich: await rosterOf(RICH), other: await rosterOf(OTHER) };
    await foreignWrite(
      t,
      `UPDATE profiles SET guild_id = '${OTHER}' WHERE guild_id = '${RICH}' AND id = 951`,
    );
    expect(await rosterOf(RICH)).not.toEqual(before.rich);
    expect(await rosterOf(OTHER)).not.toEqual(before.other);
    await expectLengthsRight(RICH);
    await expectLengthsRight(OTHER);
  });

  it('emptying the table moves every guild’s roster', async () => {
    const before = { rich: await rosterOf(RICH), other: await rosterOf(OTHER) };
    await foreignWrite(
      t,
      kind === 'postgres' ? 'TRUNCATE profiles, profile_changes' : 'DELETE FROM profiles',
    );
    expect(await rosterOf(RICH)).not.toEqual(before.rich);
    expect(await rosterOf(OTHER)).not.toEqual(before.other);
  });
});
