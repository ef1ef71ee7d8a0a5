import Database from 'better-sqlite3';
import pg from 'pg';
import type { HistoryEntry } from '../../src/records/points-history.js';
import type { TestStore } from './store.js';

/** Runs SQL on a connection of its own, as another program (the game) writing the tables would. */
export async function foreignWrite(test: TestStore, sql: string): Promise<void> {
  if (test.kind === 'sqlite') {
    const db = new Database(test.env.DATABASE_PATH);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: test.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Every recorded row of a guild, oldest first. */
export async function historyOf(test: TestStore, guildId: string): Promise<HistoryEntry[]> {
  return test.store.read.pointsHistory.between(
    guildId,
    '0001-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
  );
}

export const points = (g: number, s: number, r: number, h: number) => ({
  gryffindor: g,
  slytherin: s,
  ravenclaw: r,
  hufflepuff: h,
});
