import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeView, periodAt } from '../../../src/records/periods.js';
import type { HouseFilter, SortOrder } from '../../../src/records/profile-order.js';
import { foreignWrite } from '../../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../../support/store.js';
import { walk, walkSerialized } from './support.js';

/*
 * The periods' changes (profile_changes), kept by the store's triggers whoever writes: the game's
 * own SQL on a connection of its own, the service's import and `copy`. The triggers use the
 * database's clock, which a test cannot move: the week's rollover is read instead, honestly, by
 * asking for the period containing another instant (`at`), and past periods are rows written
 * with their own start, as the triggers wrote them then.
 */

const NOW = new Date();
const WEEK = periodAt('week', NOW);
const MONTH = periodAt('month', NOW);
const LAST_WEEK = periodAt('week', new Date(Date.parse(WEEK.from) - 1));
const NEXT_WEEK = periodAt('week', new Date(WEEK.to));

const view = (
  period = WEEK,
  order: SortOrder = 'desc',
  house: HouseFilter | null = null,
): ChangeView => ({ sort: 'change', order, house, period });

const PLAYERS = [
  { id: 1, user_id: 'a', name: 'A1', house: 'gryffindor', galleons: 10 },
  { id: 2, user_id: 'a', name: 'A2', house: 'slytherin', galleons: 10 },
  { id: 3, user_id: 'b', name: 'B', house: 'gryffindor', galleons: 10 },
  { id: 4, user_id: 'c', name: 'C', house: null, galleons: 10 },
  { id: 5, user_id: 'd', name: 'D', house: 'gryffindor', galleons: 10 },
  { id: 6, user_id: 'e', name: 'E', house: 'ravenclaw', galleons: 10 },
];

let guilds = 0;
const freshGuild = () => `guild${++guilds}`;

describe.each(storeKinds(import.meta.filename))('periods on %s', (kind) => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore(kind);
  });
  afterAll(() => test.cleanup());

  const load = async (players: unknown[] = PLAYERS) => {
    const guild = freshGuild();
    await test.store.importData({ guilds: [{ id: guild, players }] });
    return guild;
  };
  const changesOf = async (guild: string, period = WEEK) =>
    (await walk(test.store, guild, view(period), 100)).map(({ id, change }) => [id, change]);
  const rows = async (guild: string) =>
    (await test.store.exportData([guild])).guilds[0]?.periods ?? [];

  it('starts a new profile at 0, and a write that changes nothing adds nothing', async () => {
    const guild = await load();
    expect(await rows(guild)).toEqual([]);
    await foreignWrite(
      test,
      `UPDATE profiles SET galleons = galleons, name = name WHERE guild_id = '${guild}'`,
    );
    await foreignWrite(
      test,
      `UPDATE profiles SET name = 'renamed' WHERE guild_id = '${guild}' AND id = 1`,
    );
    expect(await rows(guild)).toEqual([]);
    // Every profile in the list, at 0, by user_id then id (desc: the ties reversed).
    expect(await changesOf(guild)).toEqual([6, 5, 4, 3, 2, 1].map((id) => [id, 0]));
  });

  it('adds what each write of the game made, in the week and the month, and drops a return to 0', async () => {
    const guild = await load();
    await foreignWrite(
      test,
      `UPDATE profiles SET galleons = galleons + 7 WHERE guild_id = '${guild}' AND id = 3;
       UPDATE profiles SET galleons = galleons - 4 WHERE guild_id = '${guild}' AND id = 3;
       UPDATE profiles SET galleons = 0 WHERE guild_id = '${guild}' AND id = 6;
       UPDATE profiles SET galleons = 12 WHERE guild_id = '${guild}' AND id IN (1, 2);
       UPDATE profiles SET galleons = 15 WHERE guild_id = '${guild}' AND id = 5;
       UPDATE profiles SET galleons = 10 WHERE guild_id = '${guild}' AND id = 5;`,
    );
    const expected = [
      [3, 3],
      [2, 2],
      [1, 2],
      [5, 0],
      [4, 0],
      [6, -10],
    ];
    expect(await changesOf(guild)).toEqual(expected);
    expect(await changesOf(guild, MONTH)).toEqual(expected);
    // The biggest losers first, ties the other way round.
    expect((await walk(test.store, guild, view(WEEK, 'asc'), 100)).map(({ id }) => id)).toEqual([
      6, 4, 5, 1, 2, 3,
    ]);
    // Profile 5 went up and back: no row is kept for it.
    expect((await rows(guild)).map((row) => row.id)).toEqual([1, 1, 2, 2, 3, 3, 6, 6]);
  });

  it("follows a profile's house, and forgets a deleted profile", async () => {
    const guild = await load();
    await foreignWrite(
      test,
      `UPDATE profiles SET galleons = 20 WHERE guild_id = '${guild}' AND id IN (1, 4);
       UPDATE profiles SET house = 'hufflepuff', user_id = 'z' WHERE guild_id = '${guild}' AND id = 1;`,
    );
    const inHouse = async (house: HouseFilter) =>
      (await walk(test.store, guild, view(WEEK, 'desc', house), 100)).map(({ id, change }) => [
        id,
        change,
      ]);
    expect(await inHouse('hufflepuff')).toEqual([[1, 10]]);
    expect(await inHouse('gryffindor')).toEqual([
      [5, 0],
      [3, 0],
    ]);
    expect(await inHouse('none')).toEqual([[4, 10]]);
    await foreignWrite(test, `DELETE FROM profiles WHERE guild_id = '${guild}' AND id = 4`);
    expect((await rows(guild)).map((row) => row.id)).toEqual([1, 1]);
  });

  it('pages a period list exactly once, across gains, zeros and losses, in every order and house', async () => {
    const players = Array.from({ length: 23 }, (_, i) => ({
      id: i + 1,
      user_id: `u${i % 5}`,
      name: `P${i}`,
      house: i % 3 === 0 ? null : 'gryffindor',
      galleons: 50,
    }));
    const guild = await load(players);
    await foreignWrite(
      test,
      players
        .filter((_, i) => i % 4 !== 0)
        .map(
          (p, i) =>
            `UPDATE profiles SET galleons = ${50 + ((i % 7) - 3)} WHERE guild_id = '${guild}' AND id = ${p.id};`,
        )
        .join('\n'),
    );
    for (const order of ['asc', 'desc'] as const) {
      for (const house of [null, 'gryffindor', 'none'] as const) {
        const whole = await walk(test.store, guild, view(WEEK, order, house), 1000);
        const sorted = [...whole].sort((x, y) => {
          const sign = order === 'asc' ? 1 : -1;
          if (x.change !== y.change) return sign * (x.change - y.change);
          if (x.user_id !== y.user_id) return sign * (x.user_id < y.user_id ? -1 : 1);
          return sign * (x.id - y.id);
        });
        expect(whole).toEqual(sorted);
        expect(new Set(whole.map((row) => row.id)).size).toBe(whole.length);
        expect(whole.length).toBe(
          players.filter(
            (p) => house === null || (house === 'none' ? p.house === null : p.house === house),
          ).length,
        );
        for (const limit of [1, 2, 5]) {
          expect(await walk(test.store, guild, view(WEEK, order, house), limit)).toEqual(whole);
          expect(await walkSerialized(test.store, guild, view(WEEK, order, house), limit)).toEqual(
            whole.map(({ id, change }) => ({ id, change })),
          );
        }
        // A numbered page (the bot's), placed by the segments' counts: the same rows.
        for (const limit of [1, 3, 20]) {
          for (let offset = 0; offset <= whole.length + 1; offset++) {
            const slice = await test.store.read.players.changesSlice(
              guild,
              offset,
              limit,
              view(WEEK, order, house),
            );
            expect(slice.map(({ id, user_id, change }) => ({ id, user_id, change }))).toEqual(
              whole.slice(offset, offset + limit),
            );
          }
        }
      }
    }
  });

  it('reads a past period by its start, and the next week starts everyone at 0', async () => {
    const guild = await load();
    await foreignWrite(
      test,
      `UPDATE profiles SET galleons = 13 WHERE guild_id = '${guild}' AND id = 2;
       INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
       VALUES ('${guild}', 4, 'c', 'week', '${LAST_WEEK.from}', NULL, -5);`,
    );
    expect((await changesOf(guild))[0]).toEqual([2, 3]);
    expect(await changesOf(guild, LAST_WEEK)).toEqual([
      [6, 0],
      [5, 0],
      [3, 0],
      [2, 0],
      [1, 0],
      [4, -5],
    ]);
    // The rollover: no write, and the week after this one has nobody's change yet.
    expect(await changesOf(guild, NEXT_WEEK)).toEqual([6, 5, 4, 3, 2, 1].map((id) => [id, 0]));
    const rank = await test.store.read.players.rank(guild, 'c', view(LAST_WEEK));
    expect(rank).toEqual([{ id: 4, rank: 6, of: 6, value: -5 }]);
    // The envelope's period, and a cache key that moves with it.
    expect(periodAt('week', new Date(LAST_WEEK.to))).toEqual(WEEK);
  });

  it("counts the import's own changes as the game's SQL does, and restores a file's periods", async () => {
    const viaImport = freshGuild();
    const viaSql = freshGuild();
    const file = (id: string, galleons: number) => ({
      guilds: [
        {
          id,
          players: PLAYERS.map((p) => ({ ...p, galleons: p.id === 3 ? galleons : p.galleons })),
        },
      ],
    });
    await test.store.importData(file(viaImport, 10));
    await test.store.importData(file(viaSql, 10));
    await test.store.importData(file(viaImport, 25));
    await foreignWrite(
      test,
      `UPDATE profiles SET galleons = 25 WHERE guild_id = '${viaSql}' AND id = 3`,
    );
    expect(await rows(viaImport)).toEqual(await rows(viaSql));
    expect(await changesOf(viaImport)).toEqual(await changesOf(viaSql));

    // An export brings its periods back, past ones included, and importing it again writes nothing.
    await foreignWrite(
      test,
      `INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
       VALUES ('${viaImport}', 1, 'a', 'week', '${LAST_WEEK.from}', 'gryffindor', 4);`,
    );
    const exported = await test.store.exportData([viaImport]);
    expect(exported.guilds[0]?.periods).toContainEqual({
      id: 1,
      kind: 'week',
      start: LAST_WEEK.from,
      change: 4,
    });
    await foreignWrite(test, `DELETE FROM profile_changes WHERE guild_id = '${viaImport}'`);
    const before = await test.store.read.changes.of(viaImport);
    await test.store.importData(exported);
    expect(await test.store.exportData([viaImport])).toEqual(exported);
    const restored = await test.store.read.changes.of(viaImport);
    expect(restored.players).toBeGreaterThan(before.players);
    await test.store.importData(exported);
    expect(await test.store.read.changes.of(viaImport)).toEqual(restored);
  });

  it("counts a list's length anew after a write, by any connection", async () => {
    const guild = await load();
    const galleons = { sort: 'galleons', order: 'desc', house: 'gryffindor' } as const;
    expect(await test.store.read.players.rank(guild, 'b', galleons)).toEqual([
      { id: 3, rank: 2, of: 3, value: 10 },
    ]);
    await foreignWrite(
      test,
      `INSERT INTO profiles (guild_id, id, user_id, name, house, galleons, created_at)
       VALUES ('${guild}', 7, 'f', 'F', 'gryffindor', 11, '2026-01-01T00:00:00.000Z')`,
    );
    expect(await test.store.read.players.rank(guild, 'b', galleons)).toEqual([
      { id: 3, rank: 3, of: 4, value: 10 },
    ]);
  });

  it('refuses periods naming no player of the file, or starting mid-period', async () => {
    const refused = (periods: unknown[]) =>
      test.store.importData({
        guilds: [{ id: 'refused', players: [{ id: 1, user_id: 'a', name: 'A' }], periods }],
      });
    await expect(refused([{ id: 2, kind: 'week', start: WEEK.from, change: 1 }])).rejects.toThrow(
      'guilds[0].periods[0].id: no player with id 2 in this guild',
    );
    await expect(
      refused([
        {
          id: 1,
          kind: 'week',
          start: new Date(Date.parse(WEEK.from) + 1).toISOString(),
          change: 1,
        },
      ]),
    ).rejects.toThrow('guilds[0].periods[0].start: must be the start of a week (UTC)');
    await expect(refused([{ id: 1, kind: 'month', start: MONTH.from, change: 0 }])).rejects.toThrow(
      'guilds[0].periods[0].change: must not be 0',
    );
  });

  it('copies the periods, so the copy gives the same boards', async () => {
    const guild = await load();
    await foreignWrite(
      test,
      `UPDATE profiles SET galleons = 3 WHERE guild_id = '${guild}' AND id = 5;
       INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
       VALUES ('${guild}', 6, 'e', 'week', '${LAST_WEEK.from}', 'ravenclaw', 9);`,
    );
    for (const targetKind of storeKinds(import.meta.filename)) {
      const target = await openTestStore(targetKind, {
        guilds: [{ id: guild, players: PLAYERS.slice(0, 3) }],
      });
      try {
        await target.store.importData({
          guilds: [{ id: guild, players: PLAYERS.map((p) => ({ ...p, galleons: 1 })) }],
        });
        expect(
          await test.store.readEverything((all) =>
            target.store.writeEverything(all, { replace: true }),
          ),
        ).toBe(true);
        for (const period of [WEEK, MONTH, LAST_WEEK]) {
          for (const order of ['asc', 'desc'] as const) {
            expect(await walk(target.store, guild, view(period, order), 4)).toEqual(
              await walk(test.store, guild, view(period, order), 4),
            );
          }
        }
        expect((await target.store.exportData([guild])).guilds[0]?.periods).toEqual(
          await rows(guild),
        );
        // Byte for byte: each store serializes the profiles and their change itself.
        const bytes = async (store: typeof test.store) =>
          Buffer.concat(
            (await store.read.players.changesSerialized(guild, undefined, view()))?.json ?? [],
          ).toString();
        expect(await bytes(target.store)).toBe(await bytes(test.store));
      } finally {
        await target.cleanup();
      }
    }
  });

  it('prunes the periods that ended before the limit, with the history', async () => {
    const guild = await load();
    const old = periodAt('week', new Date(Date.parse(WEEK.from) - 30 * 86_400_000));
    await foreignWrite(
      test,
      `UPDATE profiles SET galleons = 3 WHERE guild_id = '${guild}' AND id = 5;
       INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
       VALUES ('${guild}', 6, 'e', 'week', '${old.from}', 'ravenclaw', 9),
              ('${guild}', 6, 'e', 'week', '${LAST_WEEK.from}', 'ravenclaw', 2);`,
    );
    await test.store.pruneHistory(new Date(Date.parse(LAST_WEEK.from) + 1).toISOString());
    expect((await rows(guild)).map((row) => [row.id, row.kind, row.start])).toEqual([
      [5, 'month', MONTH.from],
      [5, 'week', WEEK.from],
      [6, 'week', LAST_WEEK.from],
    ]);
  });
});
