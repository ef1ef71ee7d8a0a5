import type { Database } from '../store/database.js';
import type { Job, JobCursor, JobWithHolders, Page, PageRequest } from './types.js';

export interface JobsReader {
  /** The guild's jobs by id; null when the guild has none. */
  list(guildId: string, page?: PageRequest<JobCursor>): Promise<Page<Job, JobCursor> | null>;
  /** The guild's jobs by id, each with how many profiles hold it; null when none. */
  withHolders(guildId: string): Promise<JobWithHolders[] | null>;
}

const columns = 'id, guild_id, name, description, salary';

export function createJobsReader(db: Database): JobsReader {
  const page = db.sqlite.prepare<[string, number, number], Job>(
    `SELECT ${columns} FROM jobs WHERE guild_id = ? AND id > ? ORDER BY id LIMIT ?`,
  );
  const withHolders = db.sqlite.prepare<[string], JobWithHolders>(
    `SELECT j.id, j.guild_id, j.name, j.description, j.salary,
            (SELECT count(*) FROM profiles p WHERE p.guild_id = j.guild_id AND p.job_id = j.id)
              AS holders
     FROM jobs j WHERE j.guild_id = ? ORDER BY j.id`,
  );
  const any = db.sqlite.prepare<[string], number>('SELECT 1 FROM jobs WHERE guild_id = ? LIMIT 1');
  any.pluck();

  return {
    async list(guildId, request) {
      const limit = request?.limit ?? -1;
      // Job ids are SQLite integers; every one of them is greater than this.
      const afterId = request?.after?.id ?? Number.MIN_SAFE_INTEGER;
      // One row past the page tells whether another page follows (LIMIT -1 means no limit).
      const rows = page.all(guildId, afterId, limit < 0 ? -1 : limit + 1);
      if (rows.length === 0 && (!request?.after || any.get(guildId) === undefined)) return null;
      if (limit < 0 || rows.length <= limit) return { items: rows, next: null };
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items, next: last ? { id: last.id } : null };
    },
    async withHolders(guildId) {
      const items = withHolders.all(guildId);
      return items.length > 0 ? items : null;
    },
  };
}
