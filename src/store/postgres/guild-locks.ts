import type pg from 'pg';
import { GUILD_RECORDS, RECORDS, TRIGGER_WRITTEN } from '../../records/index.js';

/*
 * An import replaces each of its guilds as a whole, reading the guild's rows first (to keep the
 * ids it matches). Under READ COMMITTED two imports of one guild at once each read the guild
 * before the other committed, and the second then deleted only what it had seen: both exited 0
 * and the guild ended with the profiles of both and the points of one (or the second died on a
 * primary key). So a transaction that replaces guilds first takes, for each guild, an advisory
 * lock held until it commits: the second import of a guild waits for the first to commit, then
 * reads what it wrote and replaces it whole.
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
 * `copy`'s order: `copy` locks every table EXCLUSIVE before it replaces everything, so an
 * import now waits for a copy, or a copy for an import, instead of the two deadlocking when
 * the import had read a table before the copy locked it.
 */

export const GUILD_LOCK_SPACE = 0x48_43_55_50;
export const GUILD_LOCK_MASK = 1_023;

/** The tables an import writes (its triggers' included), in RECORDS' order, as `copy` locks them. */
const IMPORTED_TABLES = RECORDS.filter(
  (record) => (GUILD_RECORDS as readonly unknown[]).includes(record) || TRIGGER_WRITTEN.has(record),
).map((record) => record.table);

/** Locks the guilds `guildIds` until the transaction of `client` ends; call before reading them. */
export async function lockGuilds(
  client: pg.PoolClient,
  guildIds: readonly string[],
): Promise<void> {
  await client.query(`LOCK TABLE ${IMPORTED_TABLES.join(', ')} IN ROW EXCLUSIVE MODE`);
  const { rows } = await client.query<{ lock_id: number }>(
    `SELECT DISTINCT hashtext(id) & ${GUILD_LOCK_MASK} AS lock_id FROM unnest($1::text[]) AS id
     ORDER BY lock_id`,
    [guildIds],
  );
  for (const { lock_id } of rows) {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [GUILD_LOCK_SPACE, lock_id]);
  }
}
