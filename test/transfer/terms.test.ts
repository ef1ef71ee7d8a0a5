import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, OTHER, RICH } from '../support/fixture.js';
import { foreignWrite, points } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Terms in export, import and `copy`, on both stores: export → import gives the same hall of
 * cups (final standings, the open term, ids), the same file again writes nothing, a file without
 * terms keeps the guild's, a bad file names each problem, and a copy carries them.
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
        standings: points(120, 120, 80, 101),
      },
      { id: 2, name: 'Winter', startedAt: expect.any(String), endedAt: null },
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
        // With other terms: they replace them, the open one last.
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
                { id: 3, name: 'Spring', startedAt: '2026-02-01T00:00:00Z' },
              ],
            },
          ],
        });
        const replaced = (await target.store.read.terms.list(RICH)).items;
        expect(replaced.map((each) => [each.id, each.endedAt, each.winners])).toEqual([
          [3, null, ['hufflepuff']],
          [2, '2026-02-01T00:00:00.000Z', ['gryffindor', 'slytherin']],
        ]);
      } finally {
        await target.cleanup();
      }
    }
  });

  it('refuses a file whose terms do not hold together, naming each problem', async () => {
    const refused = source.store.importData({
      guilds: [
        {
          id: OTHER,
          terms: [
            { id: 1, name: 'One', startedAt: '2026-01-01T00:00:00Z' },
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
          ],
        },
      ],
    });
    await expect(refused).rejects.toThrow(
      '5 problems in the file; nothing was written: ' +
        'guilds[0].terms[1].id: a second term with id 1; ' +
        'guilds[0].terms[1].endedAt: a second open term (term 1 is open): at most one is; ' +
        'guilds[0].terms[1].standings: an open term has none: its standings are the guild’s points; ' +
        'guilds[0].terms[2].endedAt: must not be before startedAt; ' +
        'guilds[0].terms[3].startedAt: must not be in the future',
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
