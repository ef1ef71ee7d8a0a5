import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sqlite } from '../../src/store/sqlite/driver.js';
import { eventually } from '../support/eventually.js';
import { fixture, OTHER, RICH, SPARSE } from '../support/fixture.js';
import { openTestStore, type TestStore } from '../support/store.js';

/*
 * SQLite's generation per guild (drizzle/sqlite/0005_guild_generations.sql): a commit by another
 * connection — the game's own SQL — to any table of a guild's data moves that guild's generation
 * and no other's, whatever the statement; if the numbers ever fall (the table emptied under a
 * running node), every generation moves, so nothing stale is served.
 */

let t: TestStore | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const PUBLISH = `INSERT INTO published_guilds (guild_id, published_at) VALUES ('${RICH}', '2026-01-01T00:00:00.000Z')`;

/** What the game writes, and what it wrote first (before the generations are taken). */
const WRITES: [string, string, string?][] = [
  ['a profile updated', `UPDATE profiles SET galleons = galleons + 1 WHERE guild_id = '${RICH}'`],
  ['a profile deleted', `DELETE FROM profiles WHERE guild_id = '${RICH}' AND id = 1`],
  [
    'a profile inserted',
    `INSERT INTO profiles (id, user_id, guild_id, name, galleons, created_at)
     VALUES (900, '1', '${RICH}', 'New', 0, '2026-01-01T00:00:00.000Z')`,
  ],
  ['a job renamed', `UPDATE jobs SET name = name || '!' WHERE guild_id = '${RICH}'`],
  ['points changed', `UPDATE house_points SET gryffindor = 7 WHERE guild_id = '${RICH}'`],
  [
    'premium given',
    `INSERT INTO premium (guild_id, expires_at) VALUES ('${RICH}', NULL)
     ON CONFLICT (guild_id) DO UPDATE SET expires_at = NULL`,
  ],
  ['published', PUBLISH],
  ['unpublished', `DELETE FROM published_guilds WHERE guild_id = '${RICH}'`, PUBLISH],
];

describe('generations per guild on SQLite', () => {
  it.each(WRITES)('%s: moves that guild only', async (_name, sql, first) => {
    t = await openTestStore('sqlite', fixture);
    const { read } = t.store;
    const game = new Sqlite(join(t.dir, 'housecup.db'));
    try {
      if (first) game.prepare(first).run();
      const rich = read.generation(RICH);
      const other = read.generation(OTHER);
      expect(game.prepare(sql).run().changes).toBeGreaterThan(0);
      await eventually(
        async () => read.generation(RICH),
        (generation) => generation !== rich,
      );
      expect(read.generation(OTHER)).toBe(other);
    } finally {
      game.close();
    }
  });

  it('a profile moved to another guild moves both', async () => {
    t = await openTestStore('sqlite', fixture);
    const { read } = t.store;
    const before = [RICH, SPARSE, OTHER].map((guild) => read.generation(guild));
    const game = new Sqlite(join(t.dir, 'housecup.db'));
    try {
      game
        .prepare(`UPDATE profiles SET guild_id = '${SPARSE}', id = 901, job_id = NULL
                  WHERE guild_id = '${RICH}' AND id = 1`)
        .run();
      await eventually(
        async () => [RICH, SPARSE].map((guild) => read.generation(guild)),
        ([rich, sparse]) => rich !== before[0] && sparse !== before[1],
      );
      expect(read.generation(OTHER)).toBe(before[2]);

      // The numbers fall: a new epoch, every guild's generation moves.
      game.exec('DELETE FROM guild_generations');
      game.prepare(`UPDATE house_points SET slytherin = 1 WHERE guild_id = '${RICH}'`).run();
      const other = read.generation(OTHER);
      game.prepare(`UPDATE house_points SET slytherin = 2 WHERE guild_id = '${RICH}'`).run();
      game.exec('DELETE FROM guild_generations');
      game.prepare(`UPDATE house_points SET slytherin = 3 WHERE guild_id = '${RICH}'`).run();
      await eventually(
        async () => read.generation(OTHER),
        (generation) => generation !== other,
      );
    } finally {
      game.close();
    }
  });
});
