import { afterEach, describe, expect, it } from 'vitest';
import { createPool } from '../../src/store/postgres/connection.js';
import { createTestDatabase, plainPool, storeKinds } from '../support/store.js';

/*
 * A connection the store holds between two statements (a transaction taken in turns), ended by
 * PostgreSQL (a restart, an operator's pg_terminate_backend): the pool has no listener on a
 * client it lent, and an error event nobody hears stops the process. The store's pool keeps one
 * on every client: the client's next query fails, and the process goes on.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const postgres = storeKinds(import.meta.filename).filter((kind) => kind === 'postgres');

describe.each(postgres)('a lent connection ended by PostgreSQL (%s)', () => {
  it('fails its next query, and stops nothing', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const pool = createPool(database.url, { max: 1 });
    const admin = plainPool(database.url, 1);
    cleanups.push(async () => {
      await pool.end();
      await admin.end();
    });
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Bounded: where the client's error goes unheard, its handler throws before it ends.
      const ended = Promise.race([
        new Promise((resolve) => client.once('end', resolve)),
        new Promise((resolve) => setTimeout(resolve, 30_000)),
      ]);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
    } finally {
      client.release(true);
    }
    const again = await pool.query<{ one: number }>('SELECT 1 AS one');
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});
