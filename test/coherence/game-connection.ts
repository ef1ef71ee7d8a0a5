import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { TestStore } from '../support/store.js';

/**
 * A connection of its own to a test's database, held open the way the game holds its own: its
 * statements are "another program writing the tables", and its reads are the rows as stored,
 * past every cache of housecup's. Parameters are `?` on both stores.
 */
export interface GameConnection {
  run(sql: string, values?: readonly unknown[]): Promise<void>;
  rows<T>(sql: string, values?: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openGameConnection(test: TestStore): Promise<GameConnection> {
  if (test.kind === 'sqlite') {
    const path = test.env.DATABASE_PATH;
    if (!path) throw new Error('a SQLite test store without its path');
    const db = new Sqlite(path);
    db.pragma('busy_timeout = 5000');
    return {
      async run(sql, values = []) {
        db.prepare(sql).run(...values);
      },
      async rows<T>(sql: string, values: readonly unknown[] = []) {
        return db.prepare(sql).all(...values) as T[];
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: test.env.DATABASE_URL });
  await client.connect();
  // `?` to `$n`: the statements here hold no `?` of their own.
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    async run(sql, values = []) {
      await client.query(numbered(sql), [...values]);
    },
    async rows<T>(sql: string, values: readonly unknown[] = []) {
      const result = await client.query(numbered(sql), [...values]);
      return result.rows as T[];
    },
    async close() {
      await client.end();
    },
  };
}
