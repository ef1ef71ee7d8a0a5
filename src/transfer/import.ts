import { housePoints } from '../records/house-points.js';
import { GUILD_RECORDS } from '../records/index.js';
import { job } from '../records/job.js';
import { premium } from '../records/premium.js';
import { profile } from '../records/profile.js';
import { rowOf } from '../records/row-values.js';
import type { Database } from '../store/database.js';
import { inserter } from '../store/sqlite-insert.js';
import {
  assignIds,
  type GuildEntry,
  MAX_REPORTED_PROBLEMS,
  type TransferFile,
  validateTransferFile,
} from './format.js';

export class ImportError extends Error {
  override name = 'ImportError';
}

/**
 * A valid file, or an ImportError listing its problems: one line each (`path: message`), at most
 * MAX_REPORTED_PROBLEMS of them, then how many more there are.
 */
export function checkTransferFile(data: unknown): TransferFile {
  const result = validateTransferFile(data);
  if (result.ok) return result.file;
  const { problems } = result;
  const shown = problems.slice(0, MAX_REPORTED_PROBLEMS);
  const more = problems.length - shown.length;
  const lines =
    problems.length === 1
      ? shown
      : [
          `${problems.length} problems in the file; nothing was written:`,
          ...shown.map((problem) => `  ${problem}`),
          ...(more > 0 ? [`  …and ${more} more`] : []),
        ];
  throw new ImportError(lines.join('\n'));
}

export interface ImportSummary {
  guilds: number;
  players: number;
  jobs: number;
}

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

  return {
    guilds: file.guilds.length,
    players: file.guilds.reduce((sum, guild) => sum + (guild.players?.length ?? 0), 0),
    jobs: file.guilds.reduce((sum, guild) => sum + (guild.jobs?.length ?? 0), 0),
  };
}
