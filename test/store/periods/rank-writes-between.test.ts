import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayersReader } from '../../../src/read/service.js';
import { profileView } from '../../../src/records/profile-order.js';
import { createPeriodReads } from '../../../src/store/period-players.js';
import { createPool } from '../../../src/store/postgres/connection.js';
import { createPostgresDb } from '../../../src/store/postgres/driver.js';
import type { SqlDb } from '../../../src/store/sql/db.js';
import { type Op, run } from '../../../src/store/sql/op.js';
import { statement } from '../../../src/store/sql/statement.js';
import { createSqliteDb } from '../../../src/store/sqlite/driver.js';
import { openTestStore, sqliteOf, storeKinds, type TestStore } from '../../support/store.js';

/*
 * A rank is read statement by statement, and holds only if no write to the guild's players came
 * between them; else it is read again in one snapshot. Here a real write commits between the
 * rank's first statement and the next, on the store's own database, through the store's own
 * operation: the answer is the rank after the write, its length too, whether the list's length
 * was known before or not.
 */

const VIEW = profileView('galleons', undefined, undefined);
/** Profiles 1–30, member `u<id>` holding id × 10 galleons: profile 5 ranks 26th of 30. */
const players = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  user_id: `u${index + 1}`,
  name: `P${index + 1}`,
  galleons: (index + 1) * 10,
}));

/** `op` with `sql` run (and committed) after its first statement, when armed. */
function* writeAfterFirst<T>(op: Op<T>, sql: string): Op<T> {
  let step = op.next();
  let first = true;
  while (!step.done) {
    const result = yield step.value;
    if (first) {
      first = false;
      yield* run(statement(sql));
    }
    step = op.next(result);
  }
  return step.value;
}

describe.each(storeKinds(import.meta.filename))(
  "a write between a rank's statements on %s",
  (kind) => {
    let t: TestStore;
    let db: SqlDb;
    let end = async () => {};
    let between: string | null = null;
    let reads: Pick<PlayersReader, 'rank'>;
    beforeAll(async () => {
      t = await openTestStore(kind);
      if (kind === 'sqlite') {
        db = createSqliteDb(sqliteOf(t.store).db.sqlite);
      } else {
        // The store's own pool: its numbers parsed as the store reads them.
        const pool = createPool(t.env.DATABASE_URL ?? '');
        db = createPostgresDb(pool);
        end = () => pool.end();
      }
      const armed: SqlDb = {
        ...db,
        read: (op) => {
          const sql = between;
          between = null;
          return db.read(sql === null ? op : writeAfterFirst(op, sql));
        },
      };
      reads = createPeriodReads(armed);
    });
    afterAll(async () => {
      await end();
      await t?.cleanup();
    });

    const cases = [
      {
        name: "the member's own galleons",
        write: (guild: string) =>
          `UPDATE profiles SET galleons = 1000 WHERE guild_id = '${guild}' AND id = 5`,
        after: { rank: 1, of: 30, value: 1000 },
      },
      {
        name: 'a profile added ahead of the member',
        write: (guild: string) =>
          `INSERT INTO profiles (id, user_id, guild_id, name, galleons, created_at)
         VALUES (99, 'x', '${guild}', 'X', 999, '2026-01-01T00:00:00.000Z')`,
        after: { rank: 27, of: 31, value: 50 },
      },
    ];

    for (const known of [false, true]) {
      for (const each of cases) {
        it(`${each.name}, the list's length ${known ? 'known' : 'not known'} before`, async () => {
          const guild = `g-${each.name.length}-${known}`;
          await t.store.importData({ guilds: [{ id: guild, players }] });
          if (known) {
            expect(await reads.rank(guild, 'u5', VIEW)).toEqual([
              { id: 5, rank: 26, of: 30, value: 50 },
            ]);
          }
          between = each.write(guild);
          const ranked = await reads.rank(guild, 'u5', VIEW);
          expect(between, 'the write ran').toBeNull();
          expect(ranked).toEqual([{ id: 5, ...each.after }]);
          expect(await t.store.read.players.rank(guild, 'u5', VIEW)).toEqual(ranked);
        });
      }
    }
  },
);
