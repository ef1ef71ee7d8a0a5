import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src/records/points-ledger.js';
import type { Store } from '../../src/store/store.js';
import { ImportError, type TransferFile } from '../../src/transfer/format.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * The ledger and the import (docs/awards.md, docs/cli-and-data.md): the points an import changes
 * are entries of source `import`, counted from the house's last total; the same file again
 * changes nothing and writes no entry. The export's history carries who made each change and
 * why, so its import brings the same log, the points then counting from the file's last totals;
 * a file of the version before, with a `ledger` of its own, gives its who and why to its history.
 */

const G = 'ledgered';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function opened(kind: TestStore['kind'], data?: unknown): Promise<TestStore> {
  const test = await openTestStore(kind, data);
  cleanups.push(() => test.cleanup());
  return test;
}

/** The guild's entries, oldest first. */
const entriesOf = async (store: Store, guildId = G): Promise<LedgerEntry[]> =>
  (await store.read.ledger.list(guildId, { limit: 1000 })).items.reverse();

const withPoints = (gryffindor: number, slytherin: number) => ({
  guilds: [
    {
      id: G,
      players: [{ user_id: '1', name: 'Harry', house: 'gryffindor' }],
      points: { gryffindor, slytherin, ravenclaw: 0, hufflepuff: 0 },
    },
  ],
});

describe.each(storeKinds(import.meta.filename))('the ledger of an import on %s', (kind) => {
  it('records the points an import changes as `import`, and nothing for the same file again', async () => {
    const test = await opened(kind);
    await test.store.awards.award({
      ...{ guildId: G, house: 'gryffindor', points: 10, reason: 'bravery' },
      ...{ by: 'prefect', for: null },
    });
    await test.store.importData(withPoints(25, 4));
    const entries = await entriesOf(test.store);
    expect(
      entries.map(({ house, delta, total, source, by }) => [house, delta, total, source, by]),
    ).toEqual([
      ['gryffindor', 10, 10, 'award', 'prefect'],
      ['gryffindor', 15, 25, 'import', null],
      ['slytherin', 4, 4, 'import', null],
    ]);

    await test.store.importData(withPoints(25, 4));
    expect(await entriesOf(test.store)).toEqual(entries);
  });
});

const award = async (store: Store, house: 'gryffindor' | 'ravenclaw', points: number) => {
  const given = await store.awards.award({
    ...{ guildId: G, house, points, reason: `for ${points}` },
    ...{ by: 'prefect', for: '200000000000000001' },
  });
  if (given.outcome !== 'awarded') throw new Error(`not awarded: ${given.outcome}`);
  return given.entry;
};

/** A guild with an import, awards, an undo and a change of the game: its export. */
async function exported(test: TestStore): Promise<TransferFile> {
  await test.store.importData(withPoints(5, 1));
  const first = await award(test.store, 'gryffindor', 10);
  await award(test.store, 'ravenclaw', 3);
  await test.store.awards.undo({ guildId: G, id: first.id, by: 'head' });
  await foreignWrite(test, `UPDATE house_points SET slytherin = 9 WHERE guild_id = '${G}'`);
  return test.store.exportData([G]);
}

const strip = ({ id: _id, ...entry }: LedgerEntry) => entry;

/** A file of the version before: the history without who and why, and the log as its ledger. */
async function fileBefore(test: TestStore): Promise<TransferFile> {
  const file = await exported(test);
  const log = await entriesOf(test.store);
  const [guild] = file.guilds;
  if (!guild?.history) throw new Error('no history');
  const history = guild.history.map(
    ({ source: _s, by: _b, for: _f, reason: _r, undone: _u, ...entry }) => entry,
  );
  const ledger = log.map(({ by, for: to, reason, undone, ...entry }) => ({
    ...entry,
    ...{ by, for: to, reason, undone },
  }));
  return { guilds: [{ ...guild, history, ledger }] };
}

describe.each(storeKinds(import.meta.filename))('the ledger of a file on %s', (kind) => {
  it('goes whole from an export into an empty store: the same log and points, then nothing again', async () => {
    const source = await opened('sqlite');
    const file = await exported(source);
    const log = await entriesOf(source.store);
    expect(log.map((entry) => entry.source)).toEqual([
      ...['import', 'import', 'award', 'award', 'undo', 'game'],
    ]);
    expect(file.guilds[0]?.history?.map((entry) => entry.source ?? 'game')).toEqual([
      ...['import', 'award', 'award', 'undo', 'game'],
    ]);
    expect(file.guilds[0]?.history?.[1]).toMatchObject({ by: 'prefect', undone: true });

    const target = await opened(kind);
    await target.store.importData(file);
    const imported = await entriesOf(target.store);
    expect(imported.map(strip)).toEqual(log.map(strip));
    expect(await target.store.read.points.get(G)).toEqual(await source.store.read.points.get(G));
    expect(await target.store.exportData([G])).toEqual(file);
    await target.store.importData(file);
    expect(await entriesOf(target.store)).toEqual(imported);

    // The next award counts from the file's totals, numbered after its entries.
    const next = await award(target.store, 'gryffindor', 1);
    expect(next).toMatchObject({ delta: 1, total: 6 });
    expect(next.id).toBeGreaterThan(imported.at(-1)?.id ?? 0);
  });

  it('counts the import’s own change from the file’s last totals, as `import`', async () => {
    const source = await opened('sqlite');
    const file = await exported(source);
    const [guild] = file.guilds;
    if (!guild?.points) throw new Error('no points');
    const changed = { guilds: [{ ...guild, points: { ...guild.points, hufflepuff: 7 } }] };
    const target = await opened(kind);
    await target.store.importData(changed);
    const entries = await entriesOf(target.store);
    expect(entries.slice(0, -1).map(strip)).toEqual((await entriesOf(source.store)).map(strip));
    expect(entries.at(-1)).toMatchObject({
      house: 'hufflepuff',
      delta: 7,
      total: 7,
      source: 'import',
    });
    await target.store.importData(changed);
    expect(await entriesOf(target.store)).toEqual(entries);
  });

  it('reads a file of the version before: its ledger’s who and why go onto its history', async () => {
    const source = await opened('sqlite');
    const before = await fileBefore(source);
    const target = await opened(kind);
    await target.store.importData(before);
    expect((await entriesOf(target.store)).map(strip)).toEqual(
      (await entriesOf(source.store)).map(strip),
    );
    expect((await target.store.exportData([G])).guilds[0]?.ledger).toBeUndefined();
  });

  it.each([
    [{ house: 'muggle' }, 1, 'guilds[0].ledger[1].house: must be one of'],
    [{ id: 1 }, 1, 'guilds[0].ledger[1].id: must be larger than the id before it'],
    [{ undone: 'yes' }, 0, 'guilds[0].ledger[0].undone: must be true or false'],
    [{ colour: 'red' }, 2, 'guilds[0].ledger[2]: unknown field "colour"'],
    [{ at: '2999-01-01T00:00:00Z' }, 0, 'guilds[0].ledger[0].at: must not be in the future'],
    [{ undoes: 1 }, 0, 'guilds[0].ledger[0].undoes: only an undo takes an award back'],
  ])(
    'refuses a file with a bad ledger entry (%j at %i) in one line, writing nothing',
    async (bad, at, message) => {
      const test = await opened(kind);
      const file = await fileBefore(test);
      const before = await entriesOf(test.store);
      const [guild] = file.guilds;
      const ledger = (guild?.ledger ?? []).map((entry, i) =>
        i === at ? { ...entry, ...bad } : entry,
      );
      const points = { gryffindor: 1, slytherin: 1, ravenclaw: 1, hufflepuff: 1 };
      const refused = await test.store.importData({ guilds: [{ ...guild, points, ledger }] }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ImportError);
      expect((refused as Error).message.startsWith(message), (refused as Error).message).toBe(true);
      expect((refused as Error).message).not.toContain('\n');
      expect(await entriesOf(test.store)).toEqual(before);
    },
  );

  it.each([
    [{ source: 'magic' }, 1, 'guilds[0].history[1].source: must be one of'],
    [{ undone: 'yes' }, 1, 'guilds[0].history[1].undone: must be true or false'],
    [{ for: 'not an id!' }, 1, 'guilds[0].history[1].for: must be 1-64 characters'],
  ])(
    'refuses a file with a bad who or why in its history (%j at %i), writing nothing',
    async (bad, at, message) => {
      const test = await opened(kind);
      const file = await exported(test);
      const before = await entriesOf(test.store);
      const [guild] = file.guilds;
      const history = (guild?.history ?? []).map((entry, i) =>
        i === at ? { ...entry, ...bad } : entry,
      );
      const refused = await test.store.importData({ guilds: [{ ...guild, history }] }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ImportError);
      expect((refused as Error).message.startsWith(message), (refused as Error).message).toBe(true);
      expect(await entriesOf(test.store)).toEqual(before);
      expect(await test.store.exportData([G])).toEqual(file);
    },
  );
});
