import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/store/sqlite/database.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-walrestart-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const walSize = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

/**
 * One writer commits a large transaction while another connection is mid-read, then the reader
 * lets go and the writer closes (`closeWriter`); returns the WAL's size before and after the
 * next, small, write. A WAL copied in full is started again from its beginning by that write; one
 * that was not grows.
 */
function bigWriteDuringRead(path: string, closeWriter: (db: Database) => void) {
  const keeper = openDatabase(path);
  keeper.sqlite.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, data TEXT NOT NULL)');
  const writer = openDatabase(path);
  const reader = new BetterSqlite3(path, { readonly: true });
  reader.prepare('BEGIN').run();
  reader.prepare('SELECT count(*) FROM filler').get();
  const insert = writer.sqlite.prepare('INSERT INTO filler (id, data) VALUES (?, ?)');
  writer.sqlite.transaction(() => {
    for (let i = 0; i < 3000; i++) insert.run(i, 'x'.repeat(500));
  })();
  reader.prepare('ROLLBACK').run();
  reader.close();
  closeWriter(writer);
  const before = walSize(path);
  keeper.sqlite.prepare('DELETE FROM filler WHERE id = 0').run();
  const after = walSize(path);
  keeper.close();
  return { before, after };
}

describe("a closing writer and the WAL (another connection's reader met its commit)", () => {
  it('checkpoints in full as it closes, so the next write starts the WAL again', () => {
    const path = join(dir, 'closed.db');
    // The database's own close, as the CLI's import ends.
    const { before, after } = bigWriteDuringRead(path, (writer) => writer.close());
    expect(before).toBeGreaterThan(1024 * 1024);
    expect(after).toBe(before);
  });

  it('control: closed without that checkpoint, the next write appends to the WAL', () => {
    const path = join(dir, 'control.db');
    const { before, after } = bigWriteDuringRead(path, (writer) => writer.sqlite.close());
    expect(before).toBeGreaterThan(1024 * 1024);
    expect(after).toBeGreaterThan(before);
  });
});
