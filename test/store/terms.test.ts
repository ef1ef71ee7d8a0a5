import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkTermName,
  leadersOf,
  ONE_OPEN_TERM_INDEX,
  termGains,
} from '../../src/records/terms.js';
import { fixture, OTHER, RICH, SPARSE } from '../support/fixture.js';
import { foreignWrite, historyOf, points } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Terms in the store, on a real SQLite file and a real PostgreSQL database: at most one open per
 * guild; a term's cup (its standings) is what the houses gained in it, from the points it started
 * from, kept in its row, to its end (or now); ended with the points before any reset kept in its
 * row (its totals), the reset written in the same transaction so the history shows it at the
 * term's end; winners only once ended; the hall of cups read newest first, page by page.
 */

const NO_POINTS = '1133557799224466899';
const CARRIED = '1133557799224466898';
const LATE = '1133557799224466897';
/** A guild whose points the game writes first while its term is open. */
const GAME_FIRST = '1133557799224466890';
const NULLS = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };

describe('leaders and gains', () => {
  it('leaders are every house with the highest number, in the houses’ order; none when all are null', () => {
    expect(leadersOf(points(10, 30, 30, 5))).toEqual(['slytherin', 'ravenclaw']);
    expect(leadersOf(points(0, 0, 0, 0))).toEqual([
      'gryffindor',
      'slytherin',
      'ravenclaw',
      'hufflepuff',
    ]);
    expect(leadersOf({ gryffindor: null, slytherin: -3, ravenclaw: null, hufflepuff: -4 })).toEqual(
      ['slytherin'],
    );
    expect(leadersOf(NULLS)).toEqual([]);
  });

  it('a gain is the end less the start; an unknown start counts from nothing; no points, no gain', () => {
    expect(termGains(points(500, 250, 330, 340), points(420, 250, 330, 345))).toEqual(
      points(80, 0, 0, -5),
    );
    expect(termGains(points(7, 1, 2, 3), NULLS)).toEqual(points(7, 1, 2, 3));
    expect(termGains(NULLS, points(1, 2, 3, 4))).toEqual(NULLS);
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

  it('starts a term from the points now: nothing gained yet, no winners while open; a second open one is refused', async () => {
    const started = await t.store.terms.start(RICH, 'Autumn');
    expect(started.outcome).toBe('started');
    if (started.outcome !== 'started') return;
    expect(started.term).toMatchObject({
      id: 1,
      name: 'Autumn',
      endedAt: null,
      standings: points(0, 0, 0, 0),
      totals: points(120, 95, 80, 101),
      winners: null,
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

  it('a guild without house points starts a term from none: an award then gains, the game’s first points do not', async () => {
    const started = await t.store.terms.start(NO_POINTS, 'From nothing');
    expect(started).toMatchObject({
      outcome: 'started',
      term: { standings: NULLS, totals: NULLS, winners: null },
    });
    // An award opens the points at 0 first: its points are a gain of the term.
    const given = { guildId: NO_POINTS, house: 'ravenclaw', points: 15 } as const;
    await t.store.awards.award({ ...given, reason: 'first', by: null, for: null });
    expect(await t.store.read.terms.open(NO_POINTS)).toMatchObject({
      standings: points(0, 0, 15, 0),
      totals: points(0, 0, 15, 0),
    });
    // The game's own first points, in a guild of its own, are its first value: no gain.
    await t.store.terms.start(GAME_FIRST, 'Game');
    await foreignWrite(
      t,
      `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES ('${GAME_FIRST}', 100, 90, 80, 70)`,
    );
    await foreignWrite(
      t,
      `UPDATE house_points SET slytherin = 95 WHERE guild_id = '${GAME_FIRST}'`,
    );
    expect(await t.store.read.terms.open(GAME_FIRST)).toMatchObject({
      standings: points(0, 5, 0, 0),
      totals: points(100, 95, 80, 70),
    });
  });

  it('ending without reset keeps the totals, wins by the gains, and leaves the points as they are', async () => {
    await foreignWrite(t, `UPDATE house_points SET slytherin = 120 WHERE guild_id = '${RICH}'`);
    // While open: the gains so far, and a leader, not a winner.
    expect(await t.store.read.terms.open(RICH)).toMatchObject({
      standings: points(0, 25, 0, 0),
      totals: points(120, 120, 80, 101),
      winners: null,
    });
    const ended = await t.store.terms.end(RICH);
    expect(ended).toMatchObject({
      id: 1,
      name: 'Autumn',
      standings: points(0, 25, 0, 0),
      totals: points(120, 120, 80, 101),
      winners: ['slytherin'],
    });
    expect(ended?.endedAt).not.toBeNull();
    expect(await t.store.read.points.get(RICH)).toEqual(points(120, 120, 80, 101));
    expect(await t.store.read.terms.open(RICH)).toBeNull();
    expect(await t.store.terms.end(RICH)).toBeNull();
  });

  it('a term begun after one ended without reset starts from nothing gained, its winners null', async () => {
    const started = await t.store.terms.start(RICH, 'Winter');
    expect(started).toMatchObject({
      outcome: 'started',
      term: { id: 2, standings: points(0, 0, 0, 0), winners: null },
    });
  });

  it('ending with reset keeps the points before the reset, and the history shows the reset at the end', async () => {
    await foreignWrite(t, `UPDATE house_points SET ravenclaw = 500 WHERE guild_id = '${RICH}'`);
    const ended = await t.store.terms.end(RICH, { reset: true });
    expect(ended).toMatchObject({
      id: 2,
      standings: points(0, 0, 420, 0),
      totals: points(120, 120, 500, 101),
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
    // An ended term's cup no longer follows the points.
    expect(await t.store.read.terms.get(RICH, 2)).toMatchObject({
      standings: points(0, 0, 420, 0),
      totals: points(120, 120, 500, 101),
    });
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
    expect(ended).toMatchObject({ standings: NULLS, totals: NULLS, winners: [] });
    expect(await t.store.read.points.get(SPARSE)).toBeNull();
  });

  it('lists the terms newest first, page by page, and finds the term holding an instant', async () => {
    const third = await t.store.terms.start(RICH, 'Spring');
    if (third.outcome !== 'started') throw new Error('not started');
    const all = await t.store.read.terms.list(RICH);
    expect(all.items.map((term) => term.id)).toEqual([3, 2, 1]);
    expect(all.items[0]).toMatchObject({
      standings: points(0, 0, 0, 0),
      totals: points(0, 0, 0, 0),
      winners: null,
    });
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

  it('a term started on totals carried in counts from them: gains from 0, leaders only while open', async () => {
    await t.store.importData({ guilds: [{ id: CARRIED, points: points(420, 250, 330, 345) }] });
    const started = await t.store.terms.start(CARRIED, 'Michaelmas');
    expect(started).toMatchObject({
      outcome: 'started',
      term: { standings: points(0, 0, 0, 0), totals: points(420, 250, 330, 345), winners: null },
    });
    await foreignWrite(
      t,
      `UPDATE house_points SET gryffindor = 450, hufflepuff = 340 WHERE guild_id = '${CARRIED}'`,
    );
    expect(await t.store.read.terms.open(CARRIED)).toMatchObject({
      standings: points(30, 0, 0, -5),
      totals: points(450, 250, 330, 340),
      winners: null,
    });
    // The totals carried in win nothing: Gryffindor gained most.
    expect(await t.store.terms.end(CARRIED)).toMatchObject({
      standings: points(30, 0, 0, -5),
      winners: ['gryffindor'],
    });
  });

  it('a house that first had points inside the term counts from that first value', async () => {
    // A term another program wrote before the guild had points, without the points it started from.
    await foreignWrite(
      t,
      `INSERT INTO terms (guild_id, id, name, started_at) VALUES ('${LATE}', 1, 'Late', '2026-01-01T00:00:00.000Z')`,
    );
    await t.store.importData({ guilds: [{ id: LATE, points: points(10, 20, 30, 40) }] });
    expect(await t.store.read.terms.open(LATE)).toMatchObject({
      standings: points(0, 0, 0, 0),
      totals: points(10, 20, 30, 40),
    });
    await foreignWrite(t, `UPDATE house_points SET ravenclaw = 45 WHERE guild_id = '${LATE}'`);
    expect(await t.store.read.terms.open(LATE)).toMatchObject({ standings: points(0, 0, 15, 0) });
    const ended = await t.store.terms.end(LATE);
    expect(ended).toMatchObject({ standings: points(0, 0, 15, 0), winners: ['ravenclaw'] });
  });

  it('starting and ending record a change of the terms area', async () => {
    const before = await t.store.read.changes.of(RICH);
    await t.store.terms.end(RICH);
    const after = await t.store.read.changes.of(RICH);
    expect(after.terms).toBeGreaterThan(before.terms);
    expect(after.points).toBe(before.points);
  });
});
