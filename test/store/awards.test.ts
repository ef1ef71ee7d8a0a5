import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekChange } from '../../src/answers/house-cup.js';
import { createLogger } from '../../src/logger.js';
import { AWARDS_PER_MINUTE } from '../../src/records/awards.js';
import type { House } from '../../src/records/houses.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import type { Award, Store } from '../../src/store/store.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Awards and undos on both stores: each refusal a typed answer that changes nothing (an unknown
 * award, one of another guild, a change that is no award, an award undone already), and the
 * guild's rate, counted from the ledger: the 31st award or undo of a minute is refused with the
 * instant the oldest of the 30 leaves the minute, judged by the store's clock (here a fixed one,
 * so that no test depends on how fast the machine runs).
 */

const award = (guildId: string, house: House, points: number, reason = 'why'): Award => ({
  ...{ guildId, house, points, reason },
  ...{ by: '300000000000000001', for: null },
});

describe.each(storeKinds(import.meta.filename))('awards on %s', (kind) => {
  let t: TestStore;
  /** The same database, its clock the test's. */
  let store: Store;
  let clock = Date.now();
  beforeAll(async () => {
    t = await openTestStore(kind);
    const now = () => new Date(clock);
    store =
      kind === 'sqlite'
        ? openSqliteStore(t.env.DATABASE_PATH ?? '', { now })
        : await openPostgresStore(t.env.DATABASE_URL ?? '', {
            logger: createLogger({ level: 'silent' }),
            migrate: false,
            now,
          });
  });
  afterAll(async () => {
    await store?.close();
    await t?.cleanup();
  });

  const newest = async (guildId: string) =>
    (await store.read.ledger.list(guildId, { limit: 1 })).items[0];

  it('refuses to undo what is unknown, of another guild, no award, or undone already', async () => {
    const given = await store.awards.award(award('g', 'gryffindor', 10, 'best potion'));
    if (given.outcome !== 'awarded') throw new Error(given.outcome);
    await store.awards.award(award('other', 'gryffindor', 1));
    await foreignWrite(t, `UPDATE house_points SET slytherin = 4 WHERE guild_id = 'g'`);
    const game = await newest('g');
    const undo = (id: number) => store.awards.undo({ guildId: 'g', id, by: '300000000000000002' });

    expect(await undo(999_999)).toEqual({ outcome: 'unknown' });
    const others = (await store.read.ledger.list('other', { limit: 1 })).items[0];
    expect(await undo(others?.id ?? 0)).toEqual({ outcome: 'unknown' });
    expect(await undo(game?.id ?? 0)).toEqual({ outcome: 'notAward', entry: game });

    const undone = await undo(given.entry.id);
    expect(undone).toEqual({
      outcome: 'undone',
      entry: expect.objectContaining({
        ...{ house: 'gryffindor', delta: -10, total: 0, source: 'undo' },
        ...{ by: '300000000000000002', reason: `Undo of award #${given.entry.id}: best potion` },
      }),
      award: { ...given.entry, undone: true },
    });
    const undoEntry = await newest('g');
    // An undo is no award: it is not undone in turn.
    expect(await undo(undoEntry?.id ?? 0)).toEqual({ outcome: 'notAward', entry: undoEntry });
    // Twice: the second is refused, and changes nothing.
    const points = await store.read.points.get('g');
    expect(await undo(given.entry.id)).toEqual({
      outcome: 'alreadyUndone',
      award: { ...given.entry, undone: true },
    });
    expect(await store.read.points.get('g')).toEqual(points);
    expect(await newest('g')).toEqual(undoEntry);
    expect((await store.read.ledger.list('g', { limit: 10 }, { source: 'award' })).items).toEqual([
      { ...given.entry, undone: true },
    ]);
  });

  it("counts a guild's first award as a gain, this week and in its ledger alike", async () => {
    clock = Date.now();
    const given = await store.awards.award(award('first', 'ravenclaw', 25, 'first points'));
    if (given.outcome !== 'awarded') throw new Error(given.outcome);
    expect(given.entry).toMatchObject({ house: 'ravenclaw', delta: 25, total: 25 });
    // The row opened at 0 is the points' first value, written before the award and telling no
    // entry of its own.
    const history = await store.read.pointsHistory.between(
      'first',
      '2000-01-01T00:00:00.000Z',
      '9999-01-01T00:00:00.000Z',
    );
    expect(history.map(({ at: _, ...standings }) => standings)).toEqual([
      { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
      { gryffindor: 0, slytherin: 0, ravenclaw: 25, hufflepuff: 0 },
    ]);
    expect((await store.read.ledger.list('first', { limit: 10 })).items).toEqual([given.entry]);
    const standings = await store.read.points.get('first');
    if (!standings) throw new Error('no points');
    // In the award's own week, whenever the test runs.
    const then = Date.parse(given.entry.at);
    expect(await weekChange(store.read, 'first', standings, then)).toEqual({
      gryffindor: 0,
      slytherin: 0,
      ravenclaw: 25,
      hufflepuff: 0,
    });
  });

  it(`refuses the ${AWARDS_PER_MINUTE + 1}st award or undo of a minute until the oldest leaves it`, async () => {
    const guild = 'rate';
    clock = Date.now();
    for (let i = 1; i < AWARDS_PER_MINUTE; i++) {
      expect((await store.awards.award(award(guild, 'hufflepuff', i))).outcome).toBe('awarded');
    }
    const first = (await store.read.ledger.list(guild, { limit: 1 }, { source: 'award' })).items[0];
    expect(
      (await store.awards.undo({ guildId: guild, id: first?.id ?? 0, by: null })).outcome,
    ).toBe('undone');
    const counted = (await store.read.ledger.list(guild, { limit: AWARDS_PER_MINUTE })).items;
    expect(counted).toHaveLength(AWARDS_PER_MINUTE);
    const retryAt = new Date(Date.parse(counted.at(-1)?.at ?? '') + 60_000).toISOString();

    const points = await store.read.points.get(guild);
    expect(await store.awards.award(award(guild, 'hufflepuff', 1))).toEqual({
      outcome: 'rateLimited',
      retryAt,
    });
    const second = counted.at(-2)?.id ?? 0;
    expect(await store.awards.undo({ guildId: guild, id: second, by: null })).toEqual({
      outcome: 'rateLimited',
      retryAt,
    });
    // Another guild has its own minute.
    expect((await store.awards.award(award('elsewhere', 'hufflepuff', 1))).outcome).toBe('awarded');
    // A millisecond before the oldest leaves the minute, still refused; then taken.
    clock = Date.parse(retryAt) - 1;
    expect((await store.awards.award(award(guild, 'hufflepuff', 1))).outcome).toBe('rateLimited');
    expect(await store.read.points.get(guild)).toEqual(points);
    clock = Date.parse(retryAt);
    expect((await store.awards.award(award(guild, 'hufflepuff', 1))).outcome).toBe('awarded');
  });
});
