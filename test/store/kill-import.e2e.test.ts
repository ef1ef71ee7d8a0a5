import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/sqlite/database.js';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { BIG_GUILD, bigGuildFile, writeJson } from '../support/big-guild.js';
import { killChildren, spawnCli } from '../support/child.js';

const WAL_BYTES_BEFORE_KILL = 4 * 1024 * 1024;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-kill-'));
});
afterEach(killChildren);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything the database holds about the guild, in a stable order. */
function guildData(path: string) {
  const db = new BetterSqlite3(path, { readonly: true });
  try {
    return {
      profiles: db.prepare('SELECT * FROM profiles WHERE guild_id = ? ORDER BY id').all(BIG_GUILD),
      jobs: db.prepare('SELECT * FROM jobs WHERE guild_id = ? ORDER BY id').all(BIG_GUILD),
      points: db.prepare('SELECT * FROM house_points WHERE guild_id = ?').all(BIG_GUILD),
      check: db.pragma('quick_check', { simple: true }),
    };
  } finally {
    db.close();
  }
}

describe('kill -9 of an import', () => {
  it('leaves the old data exactly as it was, and the file sound', async () => {
    const path = join(dir, 'housecup.db');
    const store = openSqliteStore(path);
    await store.importData(bigGuildFile(2_000, 'A'));
    await store.close();
    const before = guildData(path);
    expect(before.profiles).toHaveLength(2_000);

    const file = writeJson(join(dir, 'huge.json'), bigGuildFile(400_000, 'B'));
    const child = spawnCli(['import', file], path);
    const wal = `${path}-wal`;
    // Wait until the transaction is writing: its pages spill into the WAL as it goes.
    let walBytes = 0;
    while (child.process.exitCode === null && walBytes < WAL_BYTES_BEFORE_KILL) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      walBytes = existsSync(wal) ? statSync(wal).size : 0;
    }
    expect(
      child.process.exitCode,
      `the import ended before it could be killed: ${child.stderr()}`,
    ).toBeNull();
    child.process.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');
    expect(walBytes).toBeGreaterThanOrEqual(WAL_BYTES_BEFORE_KILL);

    const after = guildData(path);
    expect(after.check).toBe('ok');
    expect(after.profiles).toHaveLength(2_000);
    expect(after).toEqual(before);
    // And the service's own open (migrations, WAL recovery) still works on it.
    const reopened = openDatabase(path);
    reopened.close();
  });
});
