import { EMPTY_ARRAY } from '../../read/json-list.js';
import { type JobsReader, pageOf } from '../../read/service.js';
import type { JobCursor, JobWithHolders } from '../../read/types.js';
import { type Job, job } from '../../records/job.js';
import { columnList } from '../../records/record.js';
import type { Database } from './database.js';
import { sqliteJsonObject } from './json.js';
import { type KeysetSource, readAll, readPage } from './keyset.js';

const columns = columnList(job);
const asJson = sqliteJsonObject(job);
// Job ids are SQLite integers; every one of them is greater than this.
const START: JobCursor = { id: Number.MIN_SAFE_INTEGER };

export function createJobsReader(db: Database): JobsReader {
  const { sqlite } = db;
  const page = sqlite.prepare<[string, number, number], Job>(
    `SELECT ${columns} FROM jobs WHERE guild_id = ? AND id > ? ORDER BY id LIMIT ?`,
  );
  const chunk = sqlite.prepare<
    [string, number, number],
    { json: Buffer; count: number; last: number | null }
  >(
    // The sub-select's order is the array's (see players.ts).
    `SELECT CAST(json_group_array(${asJson}) AS BLOB) AS json, count(*) AS count, max(id) AS last
     FROM (SELECT * FROM jobs WHERE guild_id = ? AND id > ? ORDER BY id LIMIT ?)`,
  );
  const hasAfter = sqlite
    .prepare<[string, number], number>('SELECT 1 FROM jobs WHERE guild_id = ? AND id > ? LIMIT 1')
    .pluck();
  const withHolders = sqlite.prepare<[string], JobWithHolders>(
    `SELECT ${columns},
            (SELECT count(*) FROM profiles p WHERE p.guild_id = j.guild_id AND p.job_id = j.id)
              AS holders
     FROM jobs j WHERE j.guild_id = ? ORDER BY j.id`,
  );
  const countOf = sqlite
    .prepare<[string], number>('SELECT count(*) FROM jobs WHERE guild_id = ?')
    .pluck();
  const any = sqlite
    .prepare<[string], number>('SELECT 1 FROM jobs WHERE guild_id = ? LIMIT 1')
    .pluck();

  const source = (guildId: string): KeysetSource<JobCursor> => ({
    chunk(after = START, limit) {
      const rows = chunk.get(guildId, after.id, limit);
      const count = rows?.count ?? 0;
      return {
        json: rows?.json ?? EMPTY_ARRAY,
        count,
        last: rows?.last != null ? { id: rows.last } : null,
      };
    },
    hasAfter: (after) => hasAfter.get(guildId, after.id) !== undefined,
    snapshot: (work) => sqlite.transaction(work)(),
    // Exact: a chunked read must see every commit made between its chunks.
    generation: db.exactGeneration,
  });

  // An empty page after a cursor is still "found" when the guild has jobs at all.
  const noneIn = (guildId: string, after: JobCursor | undefined) =>
    !after || any.get(guildId) === undefined;

  return {
    async list(guildId, request) {
      const limit = request ? request.limit + 1 : -1;
      // One row past the page tells whether another page follows.
      const rows = page.all(guildId, (request?.after ?? START).id, limit);
      if (rows.length === 0 && noneIn(guildId, request?.after)) return null;
      return pageOf(rows, request, (row) => ({ id: row.id }));
    },
    async listSerialized(guildId, request) {
      const result = request
        ? readPage(source(guildId), request.after, request.limit)
        : await readAll(source(guildId));
      return result.count === 0 && noneIn(guildId, request?.after) ? null : result;
    },
    async withHolders(guildId) {
      const items = withHolders.all(guildId);
      return items.length > 0 ? items : null;
    },
    async count(guildId) {
      return countOf.get(guildId) ?? 0;
    },
  };
}
