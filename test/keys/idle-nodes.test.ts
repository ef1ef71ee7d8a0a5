import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyVerifier, type KeyVerifier } from '../../src/keys/key-verifier.js';
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

    it('accept a new key on its first request 1 s later, and refuse it once revoked', async () => {
      const created = await test.store.keyStore.create({ name: 'new' });
      await sleep(1_000);
      for (const node of nodes) expect(node.verify(created.key, undefined)?.id).toBe(created.id);
      await test.store.keyStore.revoke(created.id);
      await sleep(1_000);
      for (const node of nodes) expect(node.verify(created.key, undefined)).toBeNull();
    });
  });
}
