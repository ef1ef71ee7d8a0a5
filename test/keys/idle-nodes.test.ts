import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyVerifier, type KeyVerifier } from '../../src/keys/key-verifier.js';
import { eventually } from '../support/eventually.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Issue 20.1: a node with no traffic judges its first request after a key change by the new list
 * (the README promises "at once, also in a running server"). Two nodes on one database, idle.
 */

for (const kind of storeKinds(import.meta.filename)) {
  describe(`two idle nodes on ${kind}`, () => {
    let test: TestStore;
    const nodes: KeyVerifier[] = [];
    beforeAll(async () => {
      test = await openTestStore(kind);
      for (const store of [test.store, await test.reopen()]) {
        const verifier = createKeyVerifier(store.keyTable);
        await verifier.load();
        nodes.push(verifier);
      }
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    /**
     * How a node judges `key` with no request between: on SQLite the very next request reloads
     * the keys; on PostgreSQL the change notification does, whenever it comes.
     */
    const judged = (node: KeyVerifier, key: string, accepted: boolean) =>
      kind === 'sqlite'
        ? node.verify(key, undefined)
        : eventually(
            async () => node.verify(key, undefined),
            (identity) => (identity !== null) === accepted,
          );

    it('accept a new key on their first request after it, and refuse it once revoked', async () => {
      const created = await test.store.keyStore.create({ name: 'new' });
      for (const node of nodes)
        expect((await judged(node, created.key, true))?.id).toBe(created.id);
      await test.store.keyStore.revoke(created.id);
      for (const node of nodes) expect(await judged(node, created.key, false)).toBeNull();
    });
  });
}
