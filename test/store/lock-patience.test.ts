import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixture.js';
import { patiently } from '../support/patience.js';
import {
  openTestStore,
  plainPool,
  sqliteOf,
  storeKinds,
  type TestStore,
} from '../support/store.js';

/*
 * A write waits for another's lock only as long as it was told, on both engines: the game's long
 * transaction, or a session left open in psql, makes it give up (StoreBusyError) rather than wait
 * for ever holding a pooled connection. The keys' last use is written with no patience at all: it
 * gives up at once and is tried again at the next flush.
 */

let test: TestStore | undefined;
afterEach(async () => {
  await test?.cleanup();
  test = undefined;
});

/** Another process holding the lock the keys' write needs, until the returned function runs. */
async function holdKeysLock(held: TestStore): Promise<() => Promise<void>> {
  if (held.kind === 'sqlite') {
    const other = new Sqlite(sqliteOf(held.store).db.path);
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const pool = plainPool(held.env.DATABASE_URL ?? '', 1);
  const other = await pool.connect();
  await other.query('BEGIN');
  await other.query('SELECT id FROM api_keys FOR UPDATE');
  return async () => {
    await other.query('ROLLBACK');
    other.release();
    await pool.end();
  };
}

for (const kind of storeKinds(import.meta.filename)) {
  describe(`a write waiting for another's lock on ${kind}`, () => {
    it('gives up at once where it has no patience, and writes once the lock is free', async () => {
      test = await openTestStore(kind, fixture);
      const made = await test.store.keyStore.create({ name: 'used', rateLimit: 0 });
      const times = new Map([[made.id, '2026-12-02T06:00:00.000Z']]);
      const release = await holdKeysLock(test);
      try {
        expect(await patiently(test.store.keyTable.touch(times), 'the last use written')).toBe(
          false,
        );
      } finally {
        await release();
      }
      expect(await test.store.keyTable.touch(times)).toBe(true);
      const listed = await test.store.keyStore.list();
      expect(listed.find((key) => key.id === made.id)?.last_used_at).toBe(
        '2026-12-02T06:00:00.000Z',
      );
    });
  });
}
