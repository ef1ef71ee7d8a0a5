import { afterEach, describe, expect, it } from 'vitest';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { eventually } from '../support/eventually.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, sqliteOf, type TestStore } from '../support/store.js';

/*
 * SQLite says only that some connection committed, not what. The key check's generation is a
 * number the keys' own changes raise: the game's writes, on the store's connection or its own,
 * and the last-used times the check writes leave it (and the key set) as they are; a key created
 * or revoked, here or by another program, moves it, and the check reads the keys again.
 */

let test: TestStore | undefined;
afterEach(async () => {
  await test?.cleanup();
  test = undefined;
});

describe('the key set on SQLite', () => {
  it('is not read again after commits to guild data, and is replaced when a key changes', async () => {
    test = await openTestStore('sqlite');
    const { store } = test;
    const { db } = sqliteOf(store);
    const first = await store.keyStore.create({ name: 'a' });
    const verifier = createKeyVerifier(store.keyTable);
    await verifier.load();
    const connection = {};
    const identity = verifier.verify(first.key, connection);
    const ids = verifier.activeIds();
    expect(ids).toEqual(new Set([first.id]));

    const keys = store.keyTable.generation();
    const before = db.exactGeneration();
    await store.importData({
      guilds: [{ id: 'g', points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 } }],
    });
    await foreignWrite(test, "UPDATE house_points SET gryffindor = 9 WHERE guild_id = 'g'");
    await store.keyTable.touch(new Map([[first.id, '2026-11-29T10:00:00.000Z']]));
    await eventually(
      async () => db.generation(),
      (now) => now !== before,
    );
    expect(db.exactGeneration()).not.toBe(before);
    expect(store.keyTable.generation()).toBe(keys);
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

    // Another program's revocation: refused from the first check after its commit.
    const moved = store.keyTable.generation();
    await foreignWrite(
      test,
      `UPDATE api_keys SET revoked_at = '2026-11-29T10:00:00.000Z' WHERE id = ${second.id}`,
    );
    await eventually(
      async () => store.keyTable.generation(),
      (now) => now !== moved,
    );
    expect(verifier.verify(second.key, connection)).toBeNull();
  });
});
