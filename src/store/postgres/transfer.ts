import type pg from 'pg';
import type { HousePoints } from '../../records/house-points.js';
import { housePoints } from '../../records/house-points.js';
import { HOUSES } from '../../records/houses.js';
import { GUILD_RECORDS } from '../../records/index.js';
import { type Job, job } from '../../records/job.js';
import { type HistoryEntry, historyInstant } from '../../records/points-history.js';
import { premium } from '../../records/premium.js';
import { type Profile, profile } from '../../records/profile.js';
import { columnList } from '../../records/record.js';
import { rowOf } from '../../records/row-values.js';
import {
  checkTransferFile,
  type FileEntry,
  type GuildEntry,
  type ImportSummary,
  summarize,
  type TransferFile,
} from '../../transfer/format.js';
import { historyAfterImport } from '../../transfer/history.js';
import {
  type ExistingRow,
  entriesWithIds,
  existingProfile,
  type ProfileRow,
} from '../../transfer/keep-ids.js';
import { lockGuilds } from './guild-locks.js';
import { insertRows } from './insert.js';
import { AT_TEXT } from './points-history.js';
import { inTransaction } from './transaction.js';

/**
 * Replaces, in one transaction, the data of every guild in the file; other guilds are left
 * untouched. Validation comes first, so a bad file writes nothing. Its commit notifies every
 * node, once per guild (the change triggers). Concurrent imports of a guild follow one another
 * (guild-locks.ts): the last to commit leaves its file's guild whole.
 */
export async function importData(
  pool: pg.Pool,
  data: unknown,
  now: () => Date,
): Promise<ImportSummary> {
  const at = now();
  const file = checkTransferFile(data, at);
  const stamp = at.toISOString();
  await inTransaction(pool, 'BEGIN', async (client) => {
    // Before any read: another import of these guilds commits first, or waits for this one.
    await lockGuilds(
      client,
      file.guilds.map(({ id }) => id),
    );
    for (const guild of file.guilds) await writeGuild(client, guild, stamp);
  });
  return summarize(file);
}

async function writeGuild(client: pg.PoolClient, guild: GuildEntry, stamp: string) {
  // Read before the deletes: a re-import without ids keeps the ids it matches (DESIGN §4).
  const existing = {
    jobs: (
      await client.query<ExistingRow>('SELECT id, name AS match FROM jobs WHERE guild_id = $1', [
        guild.id,
      ])
    ).rows,
    profiles: (
      await client.query<ProfileRow>(
        'SELECT id, user_id, name, created_at FROM profiles WHERE guild_id = $1',
        [guild.id],
      )
    ).rows.map(existingProfile),
  };
  // GUILD_RECORDS lists profiles before the jobs they reference.
  for (const record of GUILD_RECORDS) {
    await client.query(`DELETE FROM ${record.table} WHERE guild_id = $1`, [guild.id]);
  }
  const given = { guild_id: guild.id, now: stamp };
  const { jobs, players } = entriesWithIds(guild, existing);
  await insertRows(
    client,
    job,
    jobs.map(({ entry, id }) => rowOf(job, entry, { ...given, id })),
  );
  await insertRows(
    client,
    profile,
    players.map(({ entry, id }) => rowOf(profile, entry, { ...given, id })),
  );
  if (guild.points)
    await insertRows(client, housePoints, [rowOf(housePoints, guild.points, given)]);
  if (guild.premium) {
    const entry = { expires_at: guild.premium.expiresAt };
    await insertRows(client, premium, [rowOf(premium, entry, given)]);
  }
  const history = historyAfterImport(guild, stamp);
  if (history) await replaceHistory(client, guild.id, history);
}

/**
 * Makes the guild's history `history` (the file's, then the import's own change if any). The
 * history trigger runs at commit; the guild listed in this transaction's
 * housecup_history_replaced tells it to record nothing.
 */
async function replaceHistory(client: pg.PoolClient, guildId: string, history: HistoryEntry[]) {
  await client.query(
    'CREATE TEMP TABLE IF NOT EXISTS housecup_history_replaced (guild_id text PRIMARY KEY) ON COMMIT DROP',
  );
  await client.query(
    'INSERT INTO housecup_history_replaced (guild_id) VALUES ($1) ON CONFLICT DO NOTHING',
    [guildId],
  );
  await client.query('DELETE FROM points_history WHERE guild_id = $1', [guildId]);
  if (history.length === 0) return;
  await client.query(
    `INSERT INTO points_history (guild_id, at, ${HOUSES.join(', ')})
     SELECT $1, * FROM unnest($2::timestamptz[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])`,
    [
      guildId,
      history.map((entry) => historyInstant(entry.at)),
      ...HOUSES.map((house) => history.map((entry) => entry[house])),
    ],
  );
}

/** Every guild (or the named ones) in the import format, from one snapshot. */
export async function exportData(
  pool: pg.Pool,
  guildIds?: readonly string[],
): Promise<TransferFile> {
  return inTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
    const { rows } = await client.query<{ guild_id: string }>(
      `${GUILD_RECORDS.map((record) => `SELECT guild_id FROM ${record.table}`).join(' UNION ')}
       ORDER BY 1`,
    );
    const all = rows.map((row) => row.guild_id);
    const wanted =
      guildIds && guildIds.length > 0 ? all.filter((id) => guildIds.includes(id)) : all;
    const guilds: GuildEntry[] = [];
    for (const id of wanted) {
      const guild: GuildEntry = { id };
      const points = await client.query<HousePoints>(
        `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = $1`,
        [id],
      );
      if (points.rows[0]) guild.points = points.rows[0];
      const pr = await client.query<{ expires_at: string | null }>(
        'SELECT expires_at FROM premium WHERE guild_id = $1',
        [id],
      );
      if (pr.rows[0]) guild.premium = { expiresAt: pr.rows[0].expires_at };
      guild.jobs = (
        await client.query<FileEntry<Job>>(
          `SELECT ${columnList(job, ['guild_id'])} FROM jobs WHERE guild_id = $1 ORDER BY id`,
          [id],
        )
      ).rows;
      guild.players = (
        await client.query<FileEntry<Profile>>(
          `SELECT ${columnList(profile, ['guild_id'])} FROM profiles WHERE guild_id = $1 ORDER BY id`,
          [id],
        )
      ).rows;
      const history = await client.query<HistoryEntry>(
        `SELECT ${AT_TEXT}, ${HOUSES.join(', ')} FROM points_history WHERE guild_id = $1 ORDER BY points_history.at, id`,
        [id],
      );
      if (history.rows.length > 0) guild.history = history.rows;
      guilds.push(guild);
    }
    return { guilds };
  });
}
