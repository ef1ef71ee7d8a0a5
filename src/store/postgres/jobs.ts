import type pg from 'pg';
import { type JobsReader, pageOf } from '../../read/service.js';
import type { JobCursor, JobWithHolders } from '../../read/types.js';
import { type Job, job } from '../../records/job.js';
import { columnList } from '../../records/record.js';
import { pgJsonArray, pgJsonObject } from './json.js';
import { type PageQuery, readAll, readPage } from './keyset.js';

const columns = columnList(job);
// Job ids are integers; every one of them is greater than this.
const START: JobCursor = { id: Number.MIN_SAFE_INTEGER };

/* One statement per page, as for players (players.ts). */
const PAGE = `
WITH page AS (
  SELECT id, ${pgJsonObject(job)} AS j FROM jobs
  WHERE guild_id = $1 AND id > $2 ORDER BY id LIMIT $3
)
SELECT (SELECT ${pgJsonArray('j', 'id')} FROM page) AS json,
       (SELECT count(*)::int FROM page) AS count,
       (SELECT max(id)::text FROM page) AS last_id,
       EXISTS (SELECT 1 FROM jobs WHERE guild_id = $1 AND id > (SELECT max(id) FROM page)) AS more,
       EXISTS (SELECT 1 FROM jobs WHERE guild_id = $1) AS any`;

function pageQuery(guildId: string): PageQuery<JobCursor> {
  return async (client, after = START, limit) => {
    const result = await client.query<{
      json: string;
      count: number;
      last_id: string | null;
      more: boolean;
      any: boolean;
    }>({ name: 'jobs-page', text: PAGE, values: [guildId, after.id, limit] });
    const row = result.rows[0];
    if (!row) throw new Error('jobs page: no row');
    return {
      ...row,
      json: Buffer.from(row.json),
      last: row.last_id === null ? null : { id: Number(row.last_id) },
    };
  };
}

export function createJobsReader(pool: pg.Pool): JobsReader {
  return {
    async list(guildId, request) {
      const limit = request ? request.limit + 1 : null;
      // One row past the page tells whether another page follows.
      const { rows } = await pool.query<Job>({
        name: 'jobs-list',
        text: `SELECT ${columns} FROM jobs WHERE guild_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        values: [guildId, (request?.after ?? START).id, limit],
      });
      if (rows.length === 0) {
        if (!request?.after) return null;
        const any = await pool.query('SELECT 1 FROM jobs WHERE guild_id = $1 LIMIT 1', [guildId]);
        if (any.rowCount === 0) return null;
      }
      return pageOf(rows, request, (row) => ({ id: row.id }));
    },
    async listSerialized(guildId, request) {
      const query = pageQuery(guildId);
      const { list, any } = request
        ? await readPage(pool, query, request.after, request.limit)
        : await readAll(pool, query);
      return any ? list : null;
    },
    async withHolders(guildId) {
      const { rows } = await pool.query<JobWithHolders>({
        name: 'jobs-holders',
        text: `SELECT ${columns},
                 (SELECT count(*)::int FROM profiles p WHERE p.guild_id = j.guild_id AND p.job_id = j.id)
                   AS holders
               FROM jobs j WHERE j.guild_id = $1 ORDER BY j.id`,
        values: [guildId],
      });
      return rows.length > 0 ? rows : null;
    },
    async count(guildId) {
      const { rows } = await pool.query<{ n: number }>({
        name: 'jobs-count',
        text: 'SELECT count(*)::int AS n FROM jobs WHERE guild_id = $1',
        values: [guildId],
      });
      return rows[0]?.n ?? 0;
    },
  };
}
