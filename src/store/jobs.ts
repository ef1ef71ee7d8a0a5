import type { JobsReader } from '../read/service.js';
import type { JobCursor, JobWithHolders } from '../read/types.js';
import { type Job, job } from '../records/job.js';
import { columnList } from '../records/record.js';
import {
  type JsonArray,
  type JsonRow,
  type KeysetList,
  readJson,
  readRows,
} from './keyset-lists.js';
import type { SqlDb } from './sql/db.js';
import { all, first } from './sql/op.js';
import { statement } from './sql/statement.js';

/* A guild's jobs by id, on either engine: one range of the primary key (keyset-lists.ts). */

const COLUMNS = columnList(job);
// Job ids are integers; every one of them is greater than this.
const START: JobCursor = { id: Number.MIN_SAFE_INTEGER };

type Params = Pick<Job, 'guild_id' | 'id'> & { limit: number | null };
const RANGE = 'FROM jobs WHERE guild_id = @guild_id AND id > @id ORDER BY id LIMIT @limit';

const ROWS = statement<Params, Job>(`SELECT ${COLUMNS} ${RANGE}`);
const JSON_ROWS = statement<Params, Pick<Job, 'id'> & JsonRow>(
  (d) => `SELECT ${d.jsonObject(job)} AS json, id ${RANGE}`,
);
// The sub-select's order is the array's (profile lists do the same: players.ts); its last row
// is the one of the largest id.
const ARRAY = statement<Params, JsonArray & Partial<Pick<Job, 'id'>>>(
  (d) => `SELECT ${d.jsonArray(d.jsonObject(job), 'id')} AS json, count(*) AS count,
     max(id) AS id FROM (SELECT ${COLUMNS} ${RANGE}) AS page`,
);
const ANY = statement<Pick<Job, 'guild_id'>, { found: number }>(
  'SELECT 1 AS found FROM jobs WHERE guild_id = @guild_id LIMIT 1',
);
const WITH_HOLDERS = statement<Pick<Job, 'guild_id'>, JobWithHolders>(
  `SELECT ${COLUMNS},
     (SELECT count(*) FROM profiles p WHERE p.guild_id = j.guild_id AND p.job_id = j.id) AS holders
   FROM jobs j WHERE j.guild_id = @guild_id ORDER BY j.id`,
);
const COUNT = statement<Pick<Job, 'guild_id'>, { n: number }>(
  'SELECT count(*) AS n FROM jobs WHERE guild_id = @guild_id',
);

function jobList(guildId: string): KeysetList<JobCursor, Pick<Job, 'id'>> {
  return {
    ranges: 1,
    rangeOf: () => 0,
    params: (cursor) => ({ guild_id: guildId, id: (cursor ?? START).id }),
    cursorOf: (row) => ({ id: row.id }),
    json: () => JSON_ROWS,
    arrays: { array: () => ARRAY },
    any: ANY,
    whole: true,
  };
}

export function createJobsReader(db: SqlDb): JobsReader {
  return {
    list: (guildId, request) => readRows(db, jobList(guildId), () => ROWS, request),
    listSerialized: (guildId, request) => readJson(db, jobList(guildId), request),
    async withHolders(guildId) {
      const rows = await db.read(all(WITH_HOLDERS, { guild_id: guildId }));
      return rows.length > 0 ? rows : null;
    },
    async count(guildId) {
      return (await db.read(first(COUNT, { guild_id: guildId })))?.n ?? 0;
    },
  };
}
