import { afterEach, describe, expect, it } from 'vitest';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { eventually } from '../support/eventually.js';
import { openTestStore, type TestStore } from '../support/store.js';

/*
 * On SQLite every commit (the game's points update) changes the key table's generation, since
 * SQLite says only that something changed. The verifier reloads then, but keeps its key set when
 * the keys are the same, so a connection's proven key stays proven; a key change is a new set.
 */

let test: TestStore | undefined;
afterEach(async () => {
  await test?.cleanup();
  test = undefined;
});

describe('the key set on SQLite', () => {
  it('survives a commit to guild data, and is replaced when a key changes', async () => {
    test = await openTestStore('sqlite');
    const { store } = test;
    const first = await store.keyStore.create({ name: 'a' });
    const verifier = createKeyVerifier(store.keyTable);
    await verifier.load();
    const connection = {};
    const identity = verifier.verify(first.key, connection);
    const ids = verifier.activeIds();
    expect(ids).toEqual(new Set([first.id]));

    const generation = store.keyTable.generation();
    await store.importData({
      guilds: [{ id: 'g', points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 } }],
    });
    await eventually(
      async () => store.keyTable.generation(),
      (now) => now !== generation,
    );
    expect(verifier.activeIds()).toBe(ids);
    expect(verifier.verify(first.key, connection)).toBe(identity);

    const second = await store.keyStore.create({ name: 'b' });
    await store.keyStore.revoke(first.id);
    await eventually(
      async () => verifier.activeIds(),
      (now) => now !== ids,
    );
    expect(verifier.activeIds()).toEqual(new Set([second.id]));
    expect(verifier.verify(first.key, connection)).toBeNull();
    expect(verifier.verify(second.key, connection)?.id).toBe(second.id);
  });
});
