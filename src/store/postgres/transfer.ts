import type pg from 'pg';
import type { HousePoints } from '../../records/house-points.js';
import { housePoints } from '../../records/house-points.js';
import { HOUSES } from '../../records/houses.js';
import { GUILD_RECORDS } from '../../records/index.js';
import { type Job, job } from '../../records/job.js';
import { premium } from '../../records/premium.js';
import { type Profile, profile } from '../../records/profile.js';
import { columnList } from '../../records/record.js';
import { rowOf } from '../../records/row-values.js';
import {
  assignIds,
  checkTransferFile,
  type FileEntry,
  type GuildEntry,
  type ImportSummary,
  summarize,
  type TransferFile,
} from '../../transfer/format.js';
import { insertRows } from './insert.js';
import { inTransaction } from './transaction.js';

/**
 * Replaces, in one transaction, the data of every guild in the file; other guilds are left
 * untouched. Validation comes first, so a bad file writes nothing. Its commit notifies every
 * node, once per guild (the change triggers).
 */
export async function importData(
  pool: pg.Pool,
  data: unknown,
  now: () => Date,
): Promise<ImportSummary> {
  const file = checkTransferFile(data);
  const stamp = now().toISOString();
  await inTransaction(pool, 'BEGIN', async (client) => {
    for (const guild of file.guilds) await writeGuild(client, guild, stamp);
  });
  return summarize(file);
}

async function writeGuild(client: pg.PoolClient, guild: GuildEntry, stamp: string) {
  // GUILD_RECORDS lists profiles before the jobs they reference.
  for (const record of GUILD_RECORDS) {
    await client.query(`DELETE FROM ${record.table} WHERE guild_id = $1`, [guild.id]);
  }
  const given = { guild_id: guild.id, now: stamp };
  const jobs = guild.jobs ?? [];
  const jobIds = assignIds(jobs);
  await insertRows(
    client,
    job,
    jobs.map((entry, index) => rowOf(job, entry, { ...given, id: jobIds[index] ?? 0 })),
  );
  const players = guild.players ?? [];
  const playerIds = assignIds(players);
  await insertRows(
    client,
    profile,
    players.map((entry, index) => rowOf(profile, entry, { ...given, id: playerIds[index] ?? 0 })),
  );
  if (guild.points)
    await insertRows(client, housePoints, [rowOf(housePoints, guild.points, given)]);
  if (guild.premium) {
    const entry = { expires_at: guild.premium.expiresAt };
    await insertRows(client, premium, [rowOf(premium, entry, given)]);
  }
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
      guilds.push(guild);
    }
    return { guilds };
  });
}
