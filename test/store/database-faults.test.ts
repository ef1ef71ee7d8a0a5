import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bigGuildFile, writeJson } from '../support/big-guild.js';
import { killChildren, spawnCli, spawnTs } from '../support/child.js';
import { patiently } from '../support/patience.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-dbfault-'));
});
afterEach(killChildren);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Starts the real service on `databasePath` and expects it to refuse with one clear line. A file
 * SQLite cannot open is refused before listening; a damaged page is found by the integrity check
 * that runs while the API already serves (`listens`).
 */
async function expectRefusal(databasePath: string, problem: RegExp, listens = false) {
  const child = spawnTs('src/main.ts', [], {
    DATABASE_PATH: databasePath,
    PORT: '0',
    LOG_LEVEL: 'info',
  });
  const code = await patiently(child.exited, 'the refusal');
  expect(code, child.stderr()).toBe(1);
  const lines = child
    .stderr()
    .split('\n')
    .filter((line) => line.length > 0);
  expect(lines, child.stderr()).toHaveLength(1);
  expect(lines[0]).toMatch(/^housecup: /);
  expect(lines[0]).toMatch(problem);
  expect(child.stderr() + child.stdout()).not.toMatch(/\n\s+at /);
  if (!listens) {
    // It never served: no listening line, so nothing for a supervisor to mistake for a start.
    expect(child.stdout()).not.toContain('housecup API listening');
  }
}

describe('database faults at start', () => {
  it('a path in a directory that does not exist', async () => {
    await expectRefusal(
      join(dir, 'missing', 'nested', 'housecup.db'),
      /directory .*missing.* does not exist/,
    );
  });

  it('a directory where the file should be', async () => {
    const path = join(dir, 'a-directory.db');
    mkdirSync(path);
    await expectRefusal(path, /Cannot open database .*a-directory\.db/);
  });

  it('a file that is not SQLite', async () => {
    const path = join(dir, 'random.db');
    writeFileSync(path, randomBytes(64 * 1024));
    await expectRefusal(path, /random\.db.*not a database/);
  });

  it('a corrupt page, found by quick_check', async () => {
    const path = join(dir, 'corrupt.db');
    const file = writeJson(join(dir, 'corrupt.json'), bigGuildFile(5_000, 'A'));
    const imported = spawnCli(['import', file], path);
    expect(await imported.exited, imported.stderr()).toBe(0);
    const db = new BetterSqlite3(path);
    db.pragma('wal_checkpoint(TRUNCATE)');
    // A page of the profiles table itself, from SQLite's own map of the file (dbstat): damage to
    // its header is what quick_check must find, wherever the layout puts it.
    const page = db
      .prepare<[], number>(
        "SELECT pageno FROM dbstat WHERE name = 'profiles' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 10",
      )
      .pluck()
      .get();
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.close();
    if (page === undefined) throw new Error('no leaf page of profiles');
    const offset = (page - 1) * pageSize;
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(200, 0xab), 0, 200, offset);
    closeSync(fd);
    await expectRefusal(path, /corrupt\.db is damaged/, true);
  });
});
