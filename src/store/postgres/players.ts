import type pg from 'pg';
import { type PlayersReader, pageOf } from '../../read/service.js';
import type { ProfileCursor } from '../../read/types.js';
import { type Profile, profile } from '../../records/profile.js';
import { columnList } from '../../records/record.js';
import { pgJsonArray, pgJsonObject } from './json.js';
import { type PageQuery, readAll, readPage } from './keyset.js';

const columns = columnList(profile);
// Sorts before every real position: user ids are at least one character long, ids positive.
const START: ProfileCursor = { userId: '', id: Number.MIN_SAFE_INTEGER };

/*
 * One statement per page (one snapshot): the page's rows as one JSON array built by PostgreSQL,
 * its last position, whether more rows follow, and whether the guild has any row at all. The
 * (guild_id, user_id, id) index gives the order: a page is a range scan.
 */
const PAGE = `
WITH page AS (
  SELECT user_id, id, ${pgJsonObject(profile)} AS j FROM profiles
  WHERE guild_id = $1 AND (user_id, id) > ($2, $3)
  ORDER BY user_id, id LIMIT $4
), last AS (SELECT user_id, id FROM page ORDER BY user_id DESC, id DESC LIMIT 1)
SELECT (SELECT ${pgJsonArray('j', 'user_id, id')} FROM page) AS json,
       (SELECT count(*)::int FROM page) AS count,
       (SELECT user_id FROM last) AS last_user,
       (SELECT id::text FROM last) AS last_id,
       EXISTS (SELECT 1 FROM profiles p, last
               WHERE p.guild_id = $1 AND (p.user_id, p.id) > (last.user_id, last.id)) AS more,
       EXISTS (SELECT 1 FROM profiles WHERE guild_id = $1) AS any`;

const MEMBER = `
SELECT ${pgJsonArray(pgJsonObject(profile), 'id')} AS json, count(*)::int AS count
FROM profiles WHERE guild_id = $1 AND user_id = $2`;

interface PageFields {
  json: string;
  count: number;
  last_user: string | null;
  last_id: string | null;
  more: boolean;
  any: boolean;
}

function pageQuery(guildId: string): PageQuery<ProfileCursor> {
  return async (client, after = START, limit) => {
    const result = await client.query<PageFields>({
      name: 'players-page',
      text: PAGE,
      values: [guildId, after.userId, after.id, limit],
    });
    const row = result.rows[0];
    if (!row) throw new Error('players page: no row');
    const last =
      row.last_user !== null && row.last_id !== null
        ? { userId: row.last_user, id: Number(row.last_id) }
        : null;
    return { ...row, json: Buffer.from(row.json), last };
  };
}

export function createPlayersReader(pool: pg.Pool): PlayersReader {
  return {
    async list(guildId, request) {
      const after = request?.after ?? START;
      const limit = request ? request.limit + 1 : null;
      // One row past the page tells whether another page follows.
      const { rows } = await pool.query<Profile>({
        name: 'players-list',
        text: `SELECT ${columns} FROM profiles WHERE guild_id = $1 AND (user_id, id) > ($2, $3)
               ORDER BY user_id, id LIMIT $4`,
        values: [guildId, after.userId, after.id, limit],
      });
      // An empty page after a cursor is still "found" when the guild has profiles at all.
      if (rows.length === 0 && (!request?.after || (await this.count(guildId)) === 0)) return null;
      return pageOf(rows, request, (row) => ({ userId: row.user_id, id: row.id }));
    },
    async ofMember(guildId, userId) {
      const { rows } = await pool.query<Profile>({
        name: 'players-member',
        text: `SELECT ${columns} FROM profiles WHERE guild_id = $1 AND user_id = $2 ORDER BY id`,
        values: [guildId, userId],
      });
      return rows.length > 0 ? rows : null;
    },
    async listSerialized(guildId, request) {
      const query = pageQuery(guildId);
      const { list, any } = request
        ? await readPage(pool, query, request.after, request.limit)
        : await readAll(pool, query);
      return any ? list : null;
    },
    async ofMemberSerialized(guildId, userId) {
      const { rows } = await pool.query<{ json: string; count: number }>({
        name: 'players-member-json',
        text: MEMBER,
        values: [guildId, userId],
      });
      const row = rows[0];
      return row && row.count > 0
        ? { json: [Buffer.from(row.json)], count: row.count, next: null }
        : null;
    },
    async count(guildId) {
      const { rows } = await pool.query<{ n: number }>({
        name: 'players-count',
        text: 'SELECT count(*)::int AS n FROM profiles WHERE guild_id = $1',
        values: [guildId],
      });
      return rows[0]?.n ?? 0;
    },
    async slice(guildId, offset, limit) {
      // The (guild_id, user_id, id) index gives this order: OFFSET steps over index entries only.
      const { rows } = await pool.query<Profile>({
        name: 'players-slice',
        text: `SELECT ${columns} FROM profiles WHERE guild_id = $1
               ORDER BY user_id, id LIMIT $2 OFFSET $3`,
        values: [guildId, limit, offset],
      });
      return rows;
    },
  };
}
