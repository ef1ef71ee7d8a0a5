import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { foreignWrite, historyOf, points } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * The points history (docs/http-api.md), on each store: it is recorded by the store's triggers,
 * whoever writes.
 */

const GUILD = 'cup-guild';
const guild = (id: string, p: ReturnType<typeof points>, extra: object = {}) => ({
  id,
  points: p,
  ...extra,
});

for (const kind of storeKinds(import.meta.filename)) {
  describe(`points history on ${kind}`, () => {
    let test: TestStore;
    afterEach(async () => {
      await test?.cleanup();
    });

    it('records a direct UPDATE through another connection, and not the same numbers again', async () => {
      test = await openTestStore(kind, { guilds: [guild(GUILD, points(10, 20, 30, 40))] });
      expect(await historyOf(test, GUILD)).toHaveLength(1);
      await foreignWrite(
        test,
        `UPDATE house_points SET gryffindor = 15 WHERE guild_id = '${GUILD}'`,
      );
      const rows = await eventually(
        () => historyOf(test, GUILD),
        (found) => found.length === 2,
      );
      expect(rows.map((row) => row.gryffindor)).toEqual([10, 15]);
      expect(rows[1]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      await foreignWrite(
        test,
        `UPDATE house_points SET gryffindor = 15 WHERE guild_id = '${GUILD}'`,
      );
      await test.store.importData({ guilds: [guild(GUILD, points(15, 20, 30, 40))] });
      expect(await historyOf(test, GUILD)).toHaveLength(2);
    });

    it('records a deletion as four nulls, and an INSERT after it', async () => {
      test = await openTestStore(kind, { guilds: [guild(GUILD, points(1, 2, 3, 4))] });
      await foreignWrite(test, `DELETE FROM house_points WHERE guild_id = '${GUILD}'`);
      await foreignWrite(
        test,
        `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES ('${GUILD}', 5, 6, 7, 8)`,
      );
      const rows = await historyOf(test, GUILD);
      expect(rows.map(({ at: _, ...standings }) => standings)).toEqual([
        points(1, 2, 3, 4),
        { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null },
        points(5, 6, 7, 8),
      ]);
    });

    it('an import appends one row per guild that changed', async () => {
      test = await openTestStore(kind, {
        guilds: [
          guild('a', points(1, 1, 1, 1)),
          guild('b', points(2, 2, 2, 2)),
          guild('c', points(3, 3, 3, 3)),
        ],
      });
      await test.store.importData({
        guilds: [
          guild('a', points(9, 1, 1, 1)),
          guild('b', points(2, 2, 2, 2)),
          guild('c', points(3, 3, 3, 9)),
        ],
      });
      expect(await historyOf(test, 'a')).toHaveLength(2);
      expect(await historyOf(test, 'b')).toHaveLength(1);
      expect(await historyOf(test, 'c')).toHaveLength(2);
    });

    it('an import with history replaces it, and export → import gives it back', async () => {
      test = await openTestStore(kind, { guilds: [guild(GUILD, points(1, 1, 1, 1))] });
      const history = [
        { at: '2026-01-01T00:00:00Z', ...points(0, 0, 0, 0) },
        {
          at: '2026-02-01T12:30:00.250+02:00',
          gryffindor: 5,
          slytherin: null,
          ravenclaw: 2,
          hufflepuff: 1,
        },
        { at: '2026-03-01T00:00:00.000Z', ...points(7, 7, 7, 7) },
      ];
      await test.store.importData({ guilds: [guild(GUILD, points(7, 7, 7, 7), { history })] });
      const rows = await historyOf(test, GUILD);
      expect(rows.map((row) => row.at)).toEqual([
        '2026-01-01T00:00:00.000Z',
        '2026-02-01T10:30:00.250Z',
        '2026-03-01T00:00:00.000Z',
      ]);
      expect(rows[1]).toMatchObject({ gryffindor: 5, slytherin: null });

      const exported = await test.store.exportData([GUILD]);
      expect(exported.guilds[0]?.history).toEqual(rows);
      const other = await openTestStore(kind, exported);
      try {
        expect(await historyOf(other, GUILD)).toEqual(rows);
        expect(await other.store.exportData()).toEqual(exported);
      } finally {
        await other.cleanup();
      }
    });

    it('pruning keeps the last row before the limit', async () => {
      const history = ['2025-01-01', '2025-06-01', '2025-09-01', '2026-02-01'].map(
        (day, index) => ({
          at: `${day}T00:00:00.000Z`,
          ...points(index, index, index, index),
        }),
      );
      test = await openTestStore(kind, {
        guilds: [guild(GUILD, points(3, 3, 3, 3), { history }), guild('other', points(1, 1, 1, 1))],
      });
      const removed = await test.store.pruneHistory('2026-01-01T00:00:00.000Z');
      expect(removed).toBe(2);
      expect((await historyOf(test, GUILD)).map((row) => row.at)).toEqual([
        '2025-09-01T00:00:00.000Z',
        '2026-02-01T00:00:00.000Z',
      ]);
      expect(await historyOf(test, 'other')).toHaveLength(1);
    });

    it('refuses a history entry that leaves out a house or is not a date-time', async () => {
      test = await openTestStore(kind);
      await expect(
        test.store.importData({
          guilds: [
            {
              id: GUILD,
              history: [{ at: 'yesterday', gryffindor: 1, slytherin: 1, ravenclaw: 1 }],
            },
          ],
        }),
      ).rejects.toThrow(
        /guilds\[0\]\.history\[0\]\.at: must be an ISO 8601 date-time[\s\S]*guilds\[0\]\.history\[0\]\.hufflepuff: is required/,
      );
    });
  });
}
