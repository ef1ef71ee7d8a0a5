import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignWrite, historyOf, points } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Pruning the history (HISTORY_DAYS) around terms, on both stores: every row from the last one
 * before a guild's first term's start is kept, so each term's series (history?term=) reads as
 * it did; what came before goes as without terms; a guild without terms is pruned as ever, and a
 * past term's final standings live in its own row whatever went.
 */

const WITH_TERM = '700';
const WITHOUT = '701';
const DAY = 86_400_000;
const at = (day: number) => new Date(Date.UTC(2025, 0, 1) + day * DAY).toISOString();
const HISTORY = Array.from({ length: 40 }, (_, day) => ({
  at: at(day * 10),
  ...points(day, 0, 0, 0),
}));

describe.each(storeKinds(import.meta.filename))('pruning around a term on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind, {
      guilds: [
        { id: WITH_TERM, points: points(39, 0, 0, 0), history: HISTORY },
        { id: WITHOUT, points: points(39, 0, 0, 0), history: HISTORY },
      ],
    });
    // A term from day 105 to day 205: its series needs the row of day 100 and those up to 200.
    await foreignWrite(
      t,
      `INSERT INTO terms (guild_id, id, name, started_at, ended_at, gryffindor, slytherin, ravenclaw, hufflepuff)
       VALUES ('${WITH_TERM}', 1, 'Old', '${at(105)}', '${at(205)}', 20, 0, 0, 0)`,
    );
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('keeps every row a term needs, prunes before it, and prunes a guild without terms as ever', async () => {
    const series = (guildId: string) =>
      t.store.read.pointsHistory.standingsAt(guildId, [at(105), at(150), at(204)]);
    const before = await series(WITH_TERM);
    const removed = await t.store.pruneHistory(at(300));
    expect(removed).toBeGreaterThan(0);

    const kept = (await historyOf(t, WITH_TERM)).map((row) => row.at);
    // Days 0..90 went, but for 100 (the last row before the term's start); 100..390 stay.
    expect(kept[0]).toBe(at(100));
    expect(kept).toHaveLength(30);
    expect(await series(WITH_TERM)).toEqual(before);

    const plain = (await historyOf(t, WITHOUT)).map((row) => row.at);
    // Without terms: the last row before day 300 is kept, older ones go.
    expect(plain[0]).toBe(at(290));
    // The term's row keeps the points it ended with; its start (not kept in a row written so)
    // is still read from the row of day 100.
    expect(await t.store.read.terms.get(WITH_TERM, 1)).toMatchObject({
      standings: points(10, 0, 0, 0),
      totals: points(20, 0, 0, 0),
    });
  });
});
