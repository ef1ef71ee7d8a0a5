import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, OTHER, RICH } from '../support/fixture.js';
import { foreignWrite, points } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

const MAX = Number.MAX_SAFE_INTEGER;

/*
 * Terms in export, import and `copy`, on both stores: export → import gives the same hall of
 * cups (the points each term started from and ended with, the open term, ids), the same file
 * again writes nothing, a file without terms keeps the guild's, a file from before the starts
 * were kept (totals named `standings`, no `start`) still imports, its terms' starts read from its
 * history, a bad file names each problem, and a copy carries them.
 */

describe.each(storeKinds(import.meta.filename))('terms in transfers from %s', (kind) => {
  let source: TestStore;
  beforeAll(async () => {
    source = await openTestStore(kind, fixture);
    await source.store.terms.start(RICH, 'Autumn');
    await foreignWrite(
      source,
      `UPDATE house_points SET slytherin = 120 WHERE guild_id = '${RICH}'`,
    );
    await source.store.terms.end(RICH, { reset: true });
    await source.store.terms.start(RICH, 'Winter');
    // A change in the open term: the export's periods carry the term's rows too.
    await foreignWrite(
      source,
      `UPDATE profiles SET galleons = galleons + 9 WHERE guild_id = '${RICH}' AND id = 1`,
    );
  });
  afterAll(async () => {
    await source?.cleanup();
  });

  it('export → import into either store gives the same terms, and the same file again writes nothing', async () => {
    const file = await source.store.exportData([RICH]);
    const terms = file.guilds[0]?.terms;
    expect(terms).toEqual([
      {
        id: 1,
        name: 'Autumn',
        startedAt: expect.any(String),
        endedAt: expect.any(String),
        start: points(120, 95, 80, 101),
        totals: points(120, 120, 80, 101),
      },
      {
        id: 2,
        name: 'Winter',
        startedAt: expect.any(String),
        endedAt: null,
        start: points(0, 0, 0, 0),
      },
    ]);
    for (const targetKind of storeKinds(import.meta.filename)) {
      const target = await openTestStore(targetKind);
      try {
        await target.store.importData(file);
        expect(await target.store.read.terms.list(RICH)).toEqual(
          await source.store.read.terms.list(RICH),
        );
        const again = (await target.store.exportData([RICH])).guilds[0];
        expect(again?.terms).toEqual(terms);
        expect(again?.periods).toEqual(file.guilds[0]?.periods);
        expect(file.guilds[0]?.periods).toContainEqual({
          id: 1,
          kind: 'term',
          start: terms?.[1]?.startedAt,
          change: 9,
        });
        const before = await target.store.read.changes.of(RICH);
        await target.store.importData(file);
        expect(await target.store.read.changes.of(RICH)).toEqual(before);
        // Without terms in the file: the guild's terms are kept.
        await target.store.importData({ guilds: [{ id: RICH, points: points(1, 2, 3, 4) }] });
        expect((await target.store.read.terms.list(RICH)).items).toHaveLength(2);
        // With other terms: they replace them, the open one last. Winter as a file from before
        // gives it (its totals named standings, no start, none in the history): its cup is its
        // totals.
        await target.store.importData({
          guilds: [
            {
              id: RICH,
              points: points(1, 2, 3, 4),
              terms: [
                {
                  id: 2,
                  name: 'Winter',
                  startedAt: '2026-01-01T00:00:00Z',
                  endedAt: '2026-02-01T00:00:00Z',
                  standings: { gryffindor: 5, slytherin: 5, ravenclaw: null, hufflepuff: 1 },
                },
                {
                  id: 3,
                  name: 'Spring',
                  startedAt: '2026-02-01T00:00:00Z',
                  start: points(0, 1, 0, 0),
                },
              ],
            },
          ],
        });
        const replaced = (await target.store.read.terms.list(RICH)).items;
        expect(
          replaced.map((each) => [each.id, each.endedAt, each.standings, each.winners]),
        ).toEqual([
          [3, null, points(1, 1, 3, 4), null],
          [
            2,
            '2026-02-01T00:00:00.000Z',
            { gryffindor: 5, slytherin: 5, ravenclaw: null, hufflepuff: 1 },
            ['gryffindor', 'slytherin'],
          ],
        ]);
        // Exported again as a file of now: the totals by their name, no start where none is known.
        expect((await target.store.exportData([RICH])).guilds[0]?.terms?.[0]).toEqual({
          id: 2,
          name: 'Winter',
          startedAt: '2026-01-01T00:00:00.000Z',
          endedAt: '2026-02-01T00:00:00.000Z',
          totals: { gryffindor: 5, slytherin: 5, ravenclaw: null, hufflepuff: 1 },
        });
      } finally {
        await target.cleanup();
      }
    }
  });

  it('a file from before, with its history: each term’s cup counts from the history’s points at its start', async () => {
    const old = {
      guilds: [
        {
          id: OTHER,
          points: points(150, 100, 90, 100),
          history: [
            { at: '2025-12-20T00:00:00.000Z', ...points(100, 100, 100, 100) },
            { at: '2026-01-15T00:00:00.000Z', ...points(130, 100, 90, 100) },
            { at: '2026-02-10T00:00:00.000Z', ...points(150, 100, 90, 100) },
          ],
          terms: [
            {
              id: 1,
              name: 'January',
              startedAt: '2026-01-01T00:00:00.000Z',
              endedAt: '2026-02-01T00:00:00.000Z',
              standings: points(130, 100, 90, 100),
            },
            { id: 2, name: 'February', startedAt: '2026-02-01T00:00:00.000Z' },
          ],
        },
      ],
    };
    const target = await openTestStore(kind, old);
    try {
      const [february, january] = (await target.store.read.terms.list(OTHER)).items;
      expect(january).toMatchObject({
        standings: points(30, 0, -10, 0),
        totals: points(130, 100, 90, 100),
        winners: ['gryffindor'],
      });
      expect(february).toMatchObject({
        standings: points(20, 0, 0, 0),
        totals: points(150, 100, 90, 100),
        winners: null,
      });
      // Round trip: the same terms, still without starts, and the same file again writes nothing.
      const file = await target.store.exportData([OTHER]);
      expect(file.guilds[0]?.terms?.map((term) => 'start' in term)).toEqual([false, false]);
      const before = await target.store.read.changes.of(OTHER);
      await target.store.importData(file);
      expect(await target.store.read.changes.of(OTHER)).toEqual(before);
    } finally {
      await target.cleanup();
    }
  });

  it('refuses a file whose terms do not hold together, naming each problem', async () => {
    const refused = source.store.importData({
      guilds: [
        {
          id: OTHER,
          points: { gryffindor: MAX, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
          terms: [
            // Safe points both, but a gain of MAX + 1: its cup would not be a safe integer.
            { id: 1, name: 'One', startedAt: '2026-01-01T00:00:00Z', start: points(-1, 0, 0, 0) },
            {
              id: 1,
              name: 'Two',
              startedAt: '2026-01-01T00:00:00Z',
              standings: points(1, 1, 1, 1),
            },
            {
              id: 3,
              name: 'Back',
              startedAt: '2026-02-01T00:00:00Z',
              endedAt: '2026-01-01T00:00:00Z',
            },
            {
              id: 4,
              name: 'Later',
              startedAt: '2999-01-01T00:00:00Z',
              endedAt: '2999-02-01T00:00:00Z',
            },
            {
              id: 5,
              name: 'Twice',
              startedAt: '2026-01-01T00:00:00Z',
              endedAt: '2026-02-01T00:00:00Z',
              totals: points(1, 1, 1, 1),
              standings: points(1, 1, 1, 1),
            },
            {
              id: 6,
              name: 'Far',
              startedAt: '2026-01-01T00:00:00Z',
              endedAt: '2026-02-01T00:00:00Z',
              start: points(0, -MAX, 0, 0),
              totals: points(0, 1, 0, 0),
            },
          ],
        },
      ],
    });
    await expect(refused).rejects.toThrow(
      '8 problems in the file; nothing was written: ' +
        'guilds[0].terms[0].start.gryffindor: the term’s gain, from these points to the guild’s points, must be within 9007199254740991; ' +
        'guilds[0].terms[1].id: a second term with id 1; ' +
        'guilds[0].terms[1].endedAt: a second open term (term 1 is open): at most one is; ' +
        'guilds[0].terms[1].standings: an open term has none: its standings are the guild’s points; ' +
        'guilds[0].terms[2].endedAt: must not be before startedAt; ' +
        'guilds[0].terms[3].startedAt: must not be in the future; ' +
        'guilds[0].terms[4].standings: the name a file from before gives totals: give totals only; ' +
        'guilds[0].terms[5].start.slytherin: the term’s gain, from these points to its totals, must be within 9007199254740991',
    );
    expect((await source.store.read.terms.list(OTHER)).items).toEqual([]);
  });

  it('copy carries the terms, over data only what differs', async () => {
    for (const targetKind of storeKinds(import.meta.filename)) {
      const target = await openTestStore(targetKind, fixture);
      try {
        expect(
          await source.store.readEverything((all) =>
            target.store.writeEverything(all, { replace: true }),
          ),
        ).toBe(true);
        expect(await target.store.read.terms.list(RICH)).toEqual(
          await source.store.read.terms.list(RICH),
        );
        const before = await target.store.read.changes.of(RICH);
        await source.store.readEverything((all) =>
          target.store.writeEverything(all, { replace: true }),
        );
        expect((await target.store.read.changes.of(RICH)).terms).toBe(before.terms);
      } finally {
        await target.cleanup();
      }
    }
  });
});
