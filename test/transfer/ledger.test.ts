import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../src/records/points-ledger.js';
import type { Store } from '../../src/store/store.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * The ledger and the import (docs/awards.md, docs/cli-and-data.md): the points an import changes
 * are entries of source `import`, counted from the house's last total; the same file again
 * changes nothing and writes no entry.
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
