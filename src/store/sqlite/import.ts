import { housePoints } from '../../records/house-points.js';
import { GUILD_RECORDS } from '../../records/index.js';
import { job } from '../../records/job.js';
import { premium } from '../../records/premium.js';
import { profile } from '../../records/profile.js';
import { rowOf } from '../../records/row-values.js';
import {
  assignIds,
  checkTransferFile,
  type GuildEntry,
  type ImportSummary,
  summarize,
} from '../../transfer/format.js';
import type { Database } from './database.js';
import { inserter } from './insert.js';

/**
 * Replaces, in one transaction, the data of every guild in the file; other guilds are left
 * untouched. Validation comes first, so a bad file writes nothing.
 */
export function importData(
  db: Database,
  data: unknown,
  now: () => Date = () => new Date(),
): ImportSummary {
  const file = checkTransferFile(data);
  const { sqlite } = db;
  // GUILD_RECORDS lists profiles before the jobs they reference.
  const deletes = GUILD_RECORDS.map((record) =>
    sqlite.prepare(`DELETE FROM ${record.table} WHERE guild_id = ?`),
  );
  const insert = {
    job: inserter(sqlite, job),
    profile: inserter(sqlite, profile),
    points: inserter(sqlite, housePoints),
    premium: inserter(sqlite, premium),
  };
  const stamp = now().toISOString();

  const writeGuild = (guild: GuildEntry) => {
    for (const statement of deletes) statement.run(guild.id);
    const given = { guild_id: guild.id, now: stamp };
    const jobs = guild.jobs ?? [];
    assignIds(jobs).forEach((id, index) => {
      insert.job.run(rowOf(job, jobs[index] ?? {}, { ...given, id }));
    });
    const players = guild.players ?? [];
    assignIds(players).forEach((id, index) => {
      insert.profile.run(rowOf(profile, players[index] ?? {}, { ...given, id }));
    });
    if (guild.points) insert.points.run(rowOf(housePoints, guild.points, given));
    if (guild.premium) {
      insert.premium.run(rowOf(premium, { expires_at: guild.premium.expiresAt }, given));
    }
  };

  // IMMEDIATE takes the write lock up front, so the import never fails half-way on a busy lock.
  sqlite
    .transaction(() => {
      for (const guild of file.guilds) writeGuild(guild);
    })
    .immediate();

  return summarize(file);
}
