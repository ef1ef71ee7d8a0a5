import { GUILD_RECORDS, RECORDS, TRIGGER_WRITTEN } from '../records/index.js';
import { only } from './sql/dialect.js';
import { all, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';

/*
 * An import replaces each of its guilds as a whole, reading the guild's rows first (to keep the
 * ids it matches). Under PostgreSQL's READ COMMITTED two imports of one guild at once each read
 * the guild before the other committed, and the second then deleted only what it had seen: both
 * exited 0 and the guild ended with the profiles of both and the points of one (or the second
 * died on a primary key). So a transaction that replaces guilds first takes, for each guild, an
 * advisory lock held until it commits: the second import of a guild waits for the first to
 * commit, then reads what it wrote and replaces it whole. On SQLite the write transaction holds
 * the database's one write lock from its start: there is nothing more to take, and the
 * statements are empty there.
 *
 * The lock's key is the two-int form (GUILD_LOCK_SPACE, hashtext(guild_id) & GUILD_LOCK_MASK):
 * - GUILD_LOCK_SPACE names housecup's guild locks ('HCUP' in ASCII), so that another program's
 *   advisory locks on the database (the game's own) do not meet them; one-key locks (bigint, like
 *   the migrations' lock in connection.ts) live apart from two-key ones in PostgreSQL anyway;
 * - the guild's hash is folded onto 1,024 keys: a file of every guild then takes 1,024 locks at
 *   most, within the server's lock table (max_locks_per_transaction × connections, 6,400 by
 *   default), where one lock per guild would exhaust it; two guilds that share a key only wait
 *   for each other;
 * - keys are taken in ascending order, so two imports of overlapping guilds cannot deadlock.
 * Another program that replaces a guild as a whole can take the same lock:
 *   SELECT pg_advisory_xact_lock(1212372304, hashtext('<guild id>') & 1023);
 *
 * Before the advisory locks, the tables an import writes are taken in ROW EXCLUSIVE mode (what
 * its own writes would take anyway, and never in conflict with other writers of rows), in
 * `copy`'s order: `copy` locks every table EXCLUSIVE before it replaces everything (copy.ts), so
 * an import now waits for a copy, or a copy for an import, instead of the two deadlocking when
 * the import had read a table before the copy locked it.
 */

const GUILD_LOCK_SPACE = 0x48_43_55_50;
const GUILD_LOCK_MASK = 1_023;

/** The tables an import writes (its triggers' included), in RECORDS' order, as `copy` locks them. */
const IMPORTED_TABLES = RECORDS.filter(
  (record) => (GUILD_RECORDS as readonly unknown[]).includes(record) || TRIGGER_WRITTEN.has(record),
).map((record) => record.table);

const LOCK_TABLES = statement((d) =>
  only(d, 'postgres', `LOCK TABLE ${IMPORTED_TABLES.join(', ')} IN ROW EXCLUSIVE MODE`),
);
const KEYS = statement<{ guild_ids: readonly string[] }, { lock_id: number }>((d) =>
  only(
    d,
    'postgres',
    `SELECT DISTINCT hashtext(id) & ${GUILD_LOCK_MASK} AS lock_id
     FROM unnest(@guild_ids::text[]) AS id ORDER BY lock_id`,
  ),
);
const LOCK_KEY = statement<{ space: number; lock_id: number }>((d) =>
  only(d, 'postgres', 'SELECT pg_advisory_xact_lock(@space, @lock_id)'),
);

/** Locks the guilds `guildIds` until the write transaction ends; run before reading them. */
export function* lockGuilds(guildIds: readonly string[]): Op<void> {
  yield* run(LOCK_TABLES);
  for (const { lock_id } of yield* all(KEYS, { guild_ids: guildIds })) {
    yield* run(LOCK_KEY, { space: GUILD_LOCK_SPACE, lock_id });
  }
}
