import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyVerifier, type KeyVerifier } from '../../src/keys/key-verifier.js';
import { eventually } from '../support/eventually.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * A node with no traffic judges its first request after a key change by the new list (the docs
 * promise "at once, also in a running server"). Two nodes on one database, idle.
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
     * How a node judges `key` with no request between: on SQLite the first request more than a
     * millisecond after the change reloads the keys (another connection's commit is looked for
     * at most once a millisecond); on PostgreSQL the change notification does, whenever it comes.
     */
    const judged = async (node: KeyVerifier, key: string, accepted: boolean) => {
      if (kind !== 'sqlite') {
        return eventually(
          async () => node.verify(key, undefined),
          (identity) => (identity !== null) === accepted,
        );
      }
      await sleep(5);
      return node.verify(key, undefined);
    };

    it('accept a new key on their first request after it, and refuse it once revoked', async () => {
      const created = await test.store.keyStore.create({ name: 'new' });
      for (const node of nodes)
        expect((await judged(node, created.key, true))?.id).toBe(created.id);
      await test.store.keyStore.revoke(created.id);
      for (const node of nodes) expect(await judged(node, created.key, false)).toBeNull();
    });
  });
}
