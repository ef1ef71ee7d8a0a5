import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTermName, ONE_OPEN_TERM_INDEX, winnersOf } from '../../src/records/terms.js';
import { fixture, OTHER, RICH, SPARSE } from '../support/fixture.js';
import { foreignWrite, historyOf, points } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Terms in the store, on a real SQLite file and a real PostgreSQL database: at most one open per
 * guild, ended with their final standings (the points before any reset) kept in their row, the
 * reset written in the same transaction so the history shows it at the term's end, and the hall
 * of cups read newest first, page by page.
 */

const NO_POINTS = '1133557799224466899';

describe('winners', () => {
  it('are every house with the highest points, in the houses’ order; none when all are null', () => {
    expect(winnersOf(points(10, 30, 30, 5))).toEqual(['slytherin', 'ravenclaw']);
    expect(winnersOf(points(0, 0, 0, 0))).toEqual([
      'gryffindor',
      'slytherin',
      'ravenclaw',
      'hufflepuff',
    ]);
    expect(winnersOf({ gryffindor: null, slytherin: -3, ravenclaw: null, hufflepuff: -4 })).toEqual(
      ['slytherin'],
    );
    expect(
      winnersOf({ gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null }),
    ).toEqual([]);
  });

  it('a name is one line of 1 to 100 characters, trimmed', () => {
    expect(checkTermName('  Autumn 2026 ')).toEqual({ ok: true, name: 'Autumn 2026' });
    expect(checkTermName('   ').ok).toBe(false);
    expect(checkTermName('a\nb').ok).toBe(false);
    expect(checkTermName('x'.repeat(101)).ok).toBe(false);
  });
});

describe.each(storeKinds(import.meta.filename))('terms on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind, fixture);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('a guild without terms has none open and an empty hall', async () => {
    expect(await t.store.read.terms.open(OTHER)).toBeNull();
    expect(await t.store.read.terms.list(OTHER)).toEqual({ items: [], next: null });
    expect(await t.store.terms.end(OTHER)).toBeNull();
  });

  it('starts a term whose standings are the points now; a second open one is refused', async () => {
    const started = await t.store.terms.start(RICH, 'Autumn');
    expect(started.outcome).toBe('started');
    if (started.outcome !== 'started') return;
    expect(started.term).toMatchObject({
      id: 1,
      name: 'Autumn',
      endedAt: null,
      standings: points(120, 95, 80, 101),
      winners: ['gryffindor'],
    });
    expect(started.term.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const again = await t.store.terms.start(RICH, 'Winter');
    expect(again).toEqual({ outcome: 'alreadyOpen', term: started.term });
    expect(await t.store.read.terms.open(RICH)).toEqual(started.term);
  });

  it('the store itself refuses a second open term, whoever writes', async () => {
    await expect(
      foreignWrite(
        t,
        `INSERT INTO terms (guild_id, id, name, started_at) VALUES ('${RICH}', 99, 'Sneaky', '2026-01-01T00:00:00.000Z')`,
      ),
    ).rejects.toThrow(kind === 'sqlite' ? /UNIQUE/ : new RegExp(ONE_OPEN_TERM_INDEX));
  });

  it('a guild without house points starts no term', async () => {
    expect(await t.store.terms.start(NO_POINTS, 'Nothing')).toEqual({ outcome: 'noPoints' });
    expect(await t.store.read.terms.list(NO_POINTS)).toEqual({ items: [], next: null });
  });

  it('ending without reset keeps the standings and leaves the points as they are', async () => {
    await foreignWrite(t, `UPDATE house_points SET slytherin = 120 WHERE guild_id = '${RICH}'`);
    const ended = await t.store.terms.end(RICH);
    expect(ended).toMatchObject({
      id: 1,
      name: 'Autumn',
      standings: points(120, 120, 80, 101),
      winners: ['gryffindor', 'slytherin'],
    });
    expect(ended?.endedAt).not.toBeNull();
    expect(await t.store.read.points.get(RICH)).toEqual(points(120, 120, 80, 101));
    expect(await t.store.read.terms.open(RICH)).toBeNull();
    expect(await t.store.terms.end(RICH)).toBeNull();
  });

  it('ending with reset keeps the points before the reset, and the history shows the reset at the end', async () => {
    const started = await t.store.terms.start(RICH, 'Winter');
    expect(started.outcome).toBe('started');
    await foreignWrite(t, `UPDATE house_points SET ravenclaw = 500 WHERE guild_id = '${RICH}'`);
    const ended = await t.store.terms.end(RICH, { reset: true });
    expect(ended).toMatchObject({
      id: 2,
      standings: points(120, 120, 500, 101),
      winners: ['ravenclaw'],
    });
    expect(await t.store.read.points.get(RICH)).toEqual(points(0, 0, 0, 0));
    const history = await historyOf(t, RICH);
    const last = history.at(-1);
    const before = history.at(-2);
    expect(last).toMatchObject(points(0, 0, 0, 0));
    expect(before).toMatchObject(points(120, 120, 500, 101));
    expect(last && ended?.endedAt && last.at >= ended.endedAt).toBe(true);
    expect(before && ended?.endedAt && before.at <= ended.endedAt).toBe(true);
    // An ended term's standings no longer follow the points.
    expect((await t.store.read.terms.get(RICH, 2))?.standings).toEqual(points(120, 120, 500, 101));
  });

  it('a term ended when the guild had no points has null standings and no winners', async () => {
    await t.store.importData({
      guilds: [
        { id: SPARSE, points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 } },
      ],
    });
    expect((await t.store.terms.start(SPARSE, 'Short')).outcome).toBe('started');
    await foreignWrite(t, `DELETE FROM house_points WHERE guild_id = '${SPARSE}'`);
    const ended = await t.store.terms.end(SPARSE, { reset: true });
    expect(ended).toMatchObject({
      standings: { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null },
      winners: [],
    });
    expect(await t.store.read.points.get(SPARSE)).toBeNull();
  });

  it('lists the terms newest first, page by page, and finds the term holding an instant', async () => {
    const third = await t.store.terms.start(RICH, 'Spring');
    if (third.outcome !== 'started') throw new Error('not started');
    const all = await t.store.read.terms.list(RICH);
    expect(all.items.map((term) => term.id)).toEqual([3, 2, 1]);
    expect(all.items[0]?.standings).toEqual(points(0, 0, 0, 0));
    const first = await t.store.read.terms.list(RICH, { limit: 2 });
    expect(first.items.map((term) => term.id)).toEqual([3, 2]);
    expect(first.next).toEqual({ id: 2 });
    const second = await t.store.read.terms.list(RICH, {
      limit: 2,
      after: first.next ?? undefined,
    });
    expect(second.items.map((term) => term.id)).toEqual([1]);
    expect(second.next).toBeNull();

    const autumn = all.items[2];
    if (!autumn?.endedAt) throw new Error('autumn not ended');
    expect((await t.store.read.terms.containing(RICH, autumn.startedAt))?.id).toBe(1);
    expect(await t.store.read.terms.containing(RICH, '2000-01-01T00:00:00.000Z')).toBeNull();
    expect((await t.store.read.terms.containing(RICH, '2999-01-01T00:00:00.000Z'))?.id).toBe(3);
    expect(await t.store.read.terms.get(RICH, 42)).toBeNull();
  });

  it('starting and ending record a change of the terms area', async () => {
    const before = await t.store.read.changes.of(RICH);
    await t.store.terms.end(RICH);
    const after = await t.store.read.changes.of(RICH);
    expect(after.terms).toBeGreaterThan(before.terms);
    expect(after.points).toBe(before.points);
  });
});
