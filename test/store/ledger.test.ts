import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSES, type House } from '../../src/records/houses.js';
import type { LedgerEntry, LedgerSource } from '../../src/records/points-ledger.js';
import type { Store } from '../../src/store/store.js';
import { eventually } from '../support/eventually.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, sqliteOf, storeKinds, type TestStore } from '../support/store.js';

/*
 * The ledger on both stores: whatever writes the points (awards and undos, the game's own SQL on
 * a connection of its own, a term's reset), every change of a house is one entry, in the same
 * transaction, and the entries add up to the points.
 */

type Points = Record<House, number>;
const ZERO: Points = { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 };

/** Every entry of a guild, oldest first. */
async function entriesOf(store: Store, guildId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let after: { id: number } | undefined;
  do {
    const page = await store.read.ledger.list(guildId, { limit: 1000, after });
    entries.push(...page.items);
    after = page.next ?? undefined;
  } while (after);
  return entries.reverse();
}

const pointsOf = async (store: Store, guildId: string): Promise<Points> =>
  (await store.read.points.get(guildId)) ?? { ...ZERO };

type Step =
  | { kind: 'award'; house: House; points: number }
  | { kind: 'undo'; pick: number }
  | { kind: 'game'; house: House; delta: number }
  | { kind: 'replace'; points: Points }
  | { kind: 'remove' }
  | { kind: 'reset' };

const house = fc.constantFrom(...HOUSES);
const smallPoints = fc.integer({ min: -60, max: 60 });
const STEP: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('award' as const),
    house,
    points: fc.integer({ min: -1000, max: 1000 }).filter((n) => n !== 0),
  }),
  fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('game' as const), house, delta: smallPoints }),
  fc.record({
    kind: fc.constant('replace' as const),
    points: fc.record({
      gryffindor: smallPoints,
      slytherin: smallPoints,
      ravenclaw: smallPoints,
      hufflepuff: smallPoints,
    }),
  }),
  fc.record({ kind: fc.constant('remove' as const) }),
  fc.record({ kind: fc.constant('reset' as const) }),
);

/** The source of the entries each kind of step writes. */
const SOURCE: Record<Step['kind'], LedgerSource> = {
  award: 'award',
  undo: 'undo',
  game: 'game',
  replace: 'game',
  remove: 'game',
  reset: 'term-reset',
};

describe.each(storeKinds(import.meta.filename))('the ledger on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** Carries out `step` on `guild`; the awards made so far, for undos to pick from. */
  async function apply(guild: string, step: Step, awards: number[]): Promise<void> {
    const { store } = t;
    switch (step.kind) {
      case 'award': {
        const given = { guildId: guild, house: step.house, points: step.points };
        const done = await store.awards.award({ ...given, reason: 'r', by: 'u', for: null });
        if (done.outcome === 'awarded') awards.push(done.entry.id);
        return;
      }
      case 'undo': {
        const id = awards[step.pick % Math.max(awards.length, 1)];
        if (id !== undefined) await store.awards.undo({ guildId: guild, id, by: 'v' });
        return;
      }
      case 'game':
        return foreignWrite(
          t,
          `UPDATE house_points SET ${step.house} = ${step.house} + ${step.delta} WHERE guild_id = '${guild}'`,
        );
      case 'replace': {
        const values = HOUSES.map((each) => step.points[each]).join(', ');
        // What the game writes whole: SQLite's REPLACE deletes the row without a trigger.
        const insert = `INSERT ${kind === 'sqlite' ? 'OR REPLACE ' : ''}INTO house_points (guild_id, ${HOUSES.join(', ')}) VALUES ('${guild}', ${values})`;
        const upsert = ` ON CONFLICT (guild_id) DO UPDATE SET ${HOUSES.map((each) => `${each} = excluded.${each}`).join(', ')}`;
        return foreignWrite(t, kind === 'sqlite' ? insert : insert + upsert);
      }
      case 'remove':
        return foreignWrite(t, `DELETE FROM house_points WHERE guild_id = '${guild}'`);
      case 'reset':
        await store.terms.start(guild, 'Term');
        await store.terms.end(guild, { reset: true });
        return;
    }
  }

  it('adds up to the points from any entry on, whoever wrote them, and its last total is the points', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(STEP, { minLength: 1, maxLength: 12 }), async (steps) => {
        run += 1;
        const guild = `property-${run}`;
        // After each step (the first: before any), its points and the guild's newest entry.
        const after: { points: Points; newest: number; source: LedgerSource | null }[] = [
          { points: { ...ZERO }, newest: 0, source: null },
        ];
        const awards: number[] = [];
        for (const step of steps) {
          await apply(guild, step, awards);
          const entries = await entriesOf(t.store, guild);
          const newest = entries.at(-1)?.id ?? 0;
          after.push({ points: await pointsOf(t.store, guild), newest, source: SOURCE[step.kind] });
        }
        const entries = await entriesOf(t.store, guild);
        const now = await pointsOf(t.store, guild);
        for (const each of HOUSES) {
          const mine = entries.filter((entry) => entry.house === each);
          expect(mine.at(-1)?.total ?? 0).toBe(now[each]);
          for (const [i, entry] of mine.entries()) {
            // The step that wrote it: the first whose newest entry is at least it.
            const step = after.findIndex((state) => state.newest >= entry.id);
            const before = after[step - 1]?.points[each];
            const sum = mine.slice(i).reduce((total, later) => total + later.delta, 0);
            expect(sum, `${each} from entry ${entry.id}`).toBe(now[each] - (before ?? NaN));
            expect(entry.source).toBe(after[step]?.source);
            expect(entry.delta).not.toBe(0);
          }
        }
        // Each award undone once, by the undo whose reason names it.
        const undone = entries.filter((entry) => entry.undone).map((entry) => entry.id);
        const named = entries
          .filter((entry) => entry.source === 'undo')
          .map((entry) => Number(/^Undo of award #(\d+): r$/.exec(entry.reason ?? '')?.[1]));
        expect(named.sort((a, b) => a - b)).toEqual(undone);
      }),
      { numRuns: kind === 'sqlite' ? 40 : 20 },
    );
  });

  it('an award makes a guild’s points row, the other houses at 0; who, for whom and why are its entry’s', async () => {
    const guild = 'first-award';
    const before = t.store.read.generation(guild);
    const done = await t.store.awards.award({
      guildId: guild,
      house: 'ravenclaw',
      points: 15,
      reason: 'best essay',
      by: '300000000000000001',
      for: '200000000000000002',
    });
    expect(done).toEqual({
      outcome: 'awarded',
      entry: {
        id: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        house: 'ravenclaw',
        delta: 15,
        total: 15,
        source: 'award',
        by: '300000000000000001',
        for: '200000000000000002',
        reason: 'best essay',
        undone: false,
      },
    });
    expect(await t.store.read.points.get(guild)).toEqual({ ...ZERO, ravenclaw: 15 });
    expect(await entriesOf(t.store, guild)).toEqual(done.outcome === 'awarded' ? [done.entry] : []);
    // A new entry changes the guild's generation: every cached answer of the guild is dropped.
    const generation = await eventually(
      async () => t.store.read.generation(guild),
      (now) => now !== before,
    );
    expect(generation).not.toBe(before);
  });

  it('a row the game moves to another guild: the guild it left goes to 0, the one it joins counts from its own entries', async () => {
    const [left, joined] = ['moved-from', 'moved-to'];
    await foreignWrite(
      t,
      `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES ('${left}', 5, 0, 9, 0)`,
    );
    await t.store.awards.award({
      ...{ guildId: joined, house: 'ravenclaw', points: 4, reason: 'before the move' },
      ...{ by: null, for: null },
    });
    await foreignWrite(t, `DELETE FROM house_points WHERE guild_id = '${joined}'`);
    await foreignWrite(
      t,
      `UPDATE house_points SET guild_id = '${joined}' WHERE guild_id = '${left}'`,
    );
    const changes = async (guild: string, skip: number) =>
      (await entriesOf(t.store, guild))
        .slice(skip)
        .map(({ house, delta, total, source }) => ({ house, delta, total, source }));
    expect(await changes(left, 2)).toEqual([
      { house: 'gryffindor', delta: -5, total: 0, source: 'game' },
      { house: 'ravenclaw', delta: -9, total: 0, source: 'game' },
    ]);
    // The guild it joined had 4 on ravenclaw, then none (the delete): it counts from there.
    expect(await changes(joined, 2)).toEqual([
      { house: 'gryffindor', delta: 5, total: 5, source: 'game' },
      { house: 'ravenclaw', delta: 9, total: 9, source: 'game' },
    ]);
    for (const guild of [left, joined]) {
      const sums = { ...ZERO };
      for (const entry of await entriesOf(t.store, guild)) sums[entry.house] += entry.delta;
      expect(sums).toEqual(await pointsOf(t.store, guild));
    }
  });

  it('one statement over several guilds: an entry per house it changed, none for a house it left; rows moved to other guilds', async () => {
    const [a, b, c] = ['many-a', 'many-b', 'many-c'];
    await foreignWrite(
      t,
      `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES ('${a}', 1, 2, 0, 0), ('${b}', 3, 0, 0, 4), ('${c}', 0, 0, 0, 0)`,
    );
    const changes = async (guild: string, skip: number) =>
      (await entriesOf(t.store, guild))
        .slice(skip)
        .map(({ house, delta, total }) => ({ house, delta, total }));
    // gryffindor moves in a and b; slytherin is written again as it was; c is left as it was.
    await foreignWrite(
      t,
      `UPDATE house_points SET gryffindor = gryffindor * 10, slytherin = slytherin WHERE guild_id IN ('${a}', '${b}', '${c}')`,
    );
    expect(await changes(a, 2)).toEqual([{ house: 'gryffindor', delta: 9, total: 10 }]);
    expect(await changes(b, 2)).toEqual([{ house: 'gryffindor', delta: 27, total: 30 }]);
    expect(await changes(c, 0)).toEqual([]);
    // a's and c's rows move to guilds of their own in one statement: a goes to 0, d counts from 0.
    const [d, e] = ['many-d', 'many-e'];
    await foreignWrite(
      t,
      `UPDATE house_points SET guild_id = CASE guild_id WHEN '${a}' THEN '${d}' ELSE '${e}' END WHERE guild_id IN ('${a}', '${c}')`,
    );
    expect(await changes(a, 3)).toEqual([
      { house: 'gryffindor', delta: -10, total: 0 },
      { house: 'slytherin', delta: -2, total: 0 },
    ]);
    expect(await changes(d, 0)).toEqual([
      { house: 'gryffindor', delta: 10, total: 10 },
      { house: 'slytherin', delta: 2, total: 2 },
    ]);
    for (const guild of [a, b, c, d, e]) {
      const sums = { ...ZERO };
      for (const entry of await entriesOf(t.store, guild)) sums[entry.house] += entry.delta;
      expect(sums, guild).toEqual(await pointsOf(t.store, guild));
    }
  });

  it('a term’s reset is its entries, naming the term; the context is gone after each write', async () => {
    const guild = 'reset';
    await t.store.awards.award({
      ...{ guildId: guild, house: 'slytherin', points: 40, reason: 'cunning' },
      ...{ by: null, for: null },
    });
    await foreignWrite(t, `UPDATE house_points SET hufflepuff = 7 WHERE guild_id = '${guild}'`);
    await t.store.terms.start(guild, 'Autumn');
    await t.store.terms.end(guild, { reset: true, by: '300000000000000009' });
    const reset = (await entriesOf(t.store, guild)).slice(-2);
    expect(
      reset.map(({ house, delta, total, source, by, reason }) => ({
        ...{ house, delta, total },
        ...{ source, by, reason },
      })),
    ).toEqual([
      {
        ...{ house: 'slytherin', delta: -40, total: 0 },
        ...{ source: 'term-reset', by: '300000000000000009', reason: 'End of term: Autumn' },
      },
      {
        ...{ house: 'hufflepuff', delta: -7, total: 0 },
        ...{ source: 'term-reset', by: '300000000000000009', reason: 'End of term: Autumn' },
      },
    ]);
    // A write after them, on the store's own connection (SQLite) or another, is the game's.
    const sql = `UPDATE house_points SET gryffindor = 3 WHERE guild_id = '${guild}'`;
    if (kind === 'sqlite') sqliteOf(t.store).db.sqlite.exec(sql);
    else await foreignWrite(t, sql);
    const [latest] = (await t.store.read.ledger.list(guild, { limit: 1 })).items;
    expect(latest).toMatchObject({ house: 'gryffindor', delta: 3, source: 'game', by: null });
    if (kind === 'sqlite') {
      const context = sqliteOf(t.store).db.sqlite.prepare(
        'SELECT count(*) FROM points_ledger_context',
      );
      expect(context.pluck().get()).toBe(0);
    }
  });
});
