import type { Database } from '../store/database.js';
import {
  assignIds,
  formatPath,
  type GuildEntry,
  type TransferFile,
  transferFileSchema,
} from './format.js';

export class ImportError extends Error {
  override name = 'ImportError';
}

/** Validates a parsed import file; throws an ImportError naming the JSON path of the first problem. */
export function validateTransferFile(data: unknown): TransferFile {
  const parsed = transferFileSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ImportError(`${formatPath(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`);
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
  const file = validateTransferFile(data);
  const { sqlite } = db;
  const deletes = ['profiles', 'jobs', 'house_points', 'premium'].map((table) =>
    sqlite.prepare(`DELETE FROM ${table} WHERE guild_id = ?`),
  );
  const insertJob = sqlite.prepare(
    'INSERT INTO jobs (guild_id, id, name, description, salary) VALUES (?, ?, ?, ?, ?)',
  );
  const insertProfile = sqlite.prepare(
    `INSERT INTO profiles (guild_id, id, user_id, name, house, year, job_id, galleons, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPoints = sqlite.prepare(
    'INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES (?, ?, ?, ?, ?)',
  );
  const insertPremium = sqlite.prepare('INSERT INTO premium (guild_id, expires_at) VALUES (?, ?)');
  const stamp = now().toISOString();

  const writeGuild = (guild: GuildEntry) => {
    for (const statement of deletes) statement.run(guild.id);
    const jobs = guild.jobs ?? [];
    assignIds(jobs).forEach((id, index) => {
      const job = jobs[index];
      if (job) insertJob.run(guild.id, id, job.name, job.description ?? '', job.salary ?? 0);
    });
    const players = guild.players ?? [];
    assignIds(players).forEach((id, index) => {
      const p = players[index];
      if (!p) return;
      const createdAt = p.created_at ? new Date(p.created_at).toISOString() : stamp;
      insertProfile.run(
        guild.id,
        id,
        p.user_id,
        p.name,
        p.house ?? null,
        p.year ?? null,
        p.job_id ?? null,
        p.galleons ?? 0,
        createdAt,
      );
    });
    if (guild.points) {
      const { gryffindor, slytherin, ravenclaw, hufflepuff } = guild.points;
      insertPoints.run(guild.id, gryffindor, slytherin, ravenclaw, hufflepuff);
    }
    if (guild.premium) {
      const { expiresAt } = guild.premium;
      insertPremium.run(guild.id, expiresAt === null ? null : new Date(expiresAt).toISOString());
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
