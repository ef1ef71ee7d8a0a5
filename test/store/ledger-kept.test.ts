import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src/records/points-ledger.js';
import type { Store } from '../../src/store/store.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * The ledger kept as the history is, on both stores (it is read off the history's rows): `copy`
 * carries it whole (the points the copy writes leave no entries of their own beside the
 * source's, onto an empty target or over data), and pruning (HISTORY_DAYS) takes the old rows
 * but the latest before the limit, which then tells no change of its own (the row before it is
 * gone) and from which the next change counts.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function opened(kind: TestStore['kind']): Promise<TestStore> {
  const test = await openTestStore(kind);
  cleanups.push(() => test.cleanup());
  return test;
}

const all = async (store: Store, guildId: string): Promise<LedgerEntry[]> =>
  (await store.read.ledger.list(guildId, { limit: 1000 })).items;

const give = (store: Store, guildId: string, points: number, reason: string) =>
  store.awards.award({ guildId, house: 'gryffindor', points, reason, by: 'prefect', for: null });

describe.each(storeKinds(import.meta.filename))('the ledger on %s', (kind) => {
  it('is copied whole, without entries of the copy’s own, onto an empty store and over data', async () => {
    const source = await opened('sqlite');
    const target = await opened(kind);
    const given = await give(source.store, 'g', 10, 'first');
    await give(source.store, 'g', 5, 'second');
    await foreignWrite(source, `UPDATE house_points SET slytherin = 3 WHERE guild_id = 'g'`);
    if (given.outcome === 'awarded') {
      await source.store.awards.undo({ guildId: 'g', id: given.entry.id, by: 'head' });
    }
    await give(source.store, 'h', -2, 'other guild');
    const copy = (replace: boolean) =>
      source.store.readEverything((rows) => target.store.writeEverything(rows, { replace }));

    expect(await copy(false)).toBe(true);
    for (const guild of ['g', 'h']) {
      expect(await all(target.store, guild)).toEqual(await all(source.store, guild));
    }
    // The next award on the target counts from the copied totals, numbered after them.
    const next = await give(target.store, 'g', 1, 'on the target');
    expect(next).toMatchObject({ outcome: 'awarded', entry: { delta: 1, total: 6 } });
    const [copiedNewest] = await all(source.store, 'g');
    expect(next.outcome === 'awarded' && next.entry.id).toBeGreaterThan(copiedNewest?.id ?? 0);

    // Over data (--replace): the target's points and ledger become the source's again.
    await give(source.store, 'g', 7, 'after the copy');
    await foreignWrite(source, `DELETE FROM house_points WHERE guild_id = 'h'`);
    expect(await copy(true)).toBe(true);
    for (const guild of ['g', 'h']) {
      expect(await all(target.store, guild)).toEqual(await all(source.store, guild));
      expect(await target.store.read.points.get(guild)).toEqual(
        await source.store.read.points.get(guild),
      );
    }
  });

  it('is pruned with the history: the latest row before the limit is where the entries start', async () => {
    const test = await opened(kind);
    const row = (day: number, gryffindor: number, slytherin: number) =>
      `('p', '2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z', ${gryffindor}, ${slytherin}, 0, 0)`;
    await foreignWrite(
      test,
      `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff)
       VALUES ${row(1, 1, 0)}, ${row(2, 1, 5)}, ${row(3, 2, 5)}, ${row(4, 4, 5)},
         ${row(20, 10, 5)}, ${row(21, 10, 4)}`,
    );
    // The points as the history leaves them: the row adds no change of its own.
    await foreignWrite(
      test,
      `INSERT INTO house_points (guild_id, gryffindor, slytherin) VALUES ('p', 10, 4)`,
    );
    const before = await all(test.store, 'p');
    expect(before.map(({ house, delta }) => [house, delta])).toEqual([
      ...[
        ['slytherin', -1],
        ['gryffindor', 6],
        ['gryffindor', 2],
      ],
      ...[
        ['gryffindor', 1],
        ['slytherin', 5],
        ['gryffindor', 1],
      ],
    ]);

    // Days 1 to 3 go; day 4 is kept, telling none of its changes: the entries start after it.
    expect(await test.store.pruneHistory('2025-01-10T00:00:00.000Z')).toBe(3);
    const kept = await all(test.store, 'p');
    expect(kept.map((each) => each.at.slice(0, 10))).toEqual(['2025-01-21', '2025-01-20']);
    expect(kept).toEqual(before.slice(0, 2));

    // Everything before a limit past the last rows: the last is kept, and tells nothing.
    await test.store.pruneHistory('2025-02-01T00:00:00.000Z');
    expect(await all(test.store, 'p')).toEqual([]);
    await foreignWrite(test, `UPDATE house_points SET gryffindor = 12 WHERE guild_id = 'p'`);
    expect(await all(test.store, 'p')).toMatchObject([
      { house: 'gryffindor', delta: 2, total: 12 },
    ]);
  });
});
