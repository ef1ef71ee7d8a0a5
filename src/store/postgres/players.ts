import type pg from 'pg';
import { type PlayersReader, pageOf } from '../../read/service.js';
import type { ProfileCursor } from '../../read/types.js';
import { type Profile, profile } from '../../records/profile.js';
import { DEFAULT_VIEW, type ProfileView } from '../../records/profile-order.js';
import { columnList } from '../../records/record.js';
import {
  countSql,
  cursorOf,
  listParameters,
  rowsOrder,
  rowsSql,
  statementKey,
} from '../profile-lists.js';
import { pgJsonArray, pgJsonObject } from './json.js';
import { type PageQuery, readAll, readPage } from './keyset.js';
import { type NamedStatement, numbered, valuesFor } from './named.js';

const columns = columnList(profile);

/** The sort key of a page's last row as text (pg returns bigints as text anyway). */
function keyText(view: ProfileView): string {
  if (view.sort === 'user_id') return 'NULL::text';
  return view.sort === 'galleons' || view.sort === 'year' ? `${view.sort}::text` : view.sort;
}

/*
 * One statement per page (one snapshot): the page's rows as one JSON array built by PostgreSQL,
 * its last position, whether more rows follow (one row is read past the page), and whether the
 * guild has any row at all. The view's index gives the order: a page is a range scan
 * (src/store/profile-lists.ts); only the page's own rows are numbered. Exported for the
 * query-plan check (test/store/list-plans.test.ts).
 */
export function pageSql(view: ProfileView, after: ProfileCursor | undefined): string {
  return `
WITH page AS (
  SELECT p.*, ${pgJsonObject(profile)} AS j, row_number() OVER (ORDER BY ${rowsOrder(view)}) AS n
  FROM (${rowsSql(view, after, columns, '@limit + 1')}) AS p
)
SELECT (SELECT ${pgJsonArray('j', 'n')} FROM page WHERE n <= @limit) AS json,
       (SELECT count(*)::int FROM page WHERE n <= @limit) AS count,
       (SELECT ${keyText(view)} FROM page WHERE n = @limit) AS last_key,
       (SELECT user_id FROM page WHERE n = @limit) AS last_user,
       (SELECT id::text FROM page WHERE n = @limit) AS last_id,
       (SELECT count(*) FROM page) > @limit AS more,
       EXISTS (SELECT 1 FROM profiles WHERE guild_id = @guild) AS any`;
}

const MEMBER = `
SELECT ${pgJsonArray(pgJsonObject(profile), 'id')} AS json, count(*)::int AS count
FROM profiles WHERE guild_id = $1 AND user_id = $2`;

interface PageFields {
  json: string;
  count: number;
  last_key: string | null;
  last_user: string | null;
  last_id: string | null;
  more: boolean;
  any: boolean;
}

/** Statements by name, numbered once: pg prepares each name once per connection. */
const statements = new Map<string, NamedStatement>();
function statement(name: string, text: () => string): { name: string } & NamedStatement {
  let made = statements.get(name);
  if (!made) {
    made = numbered(text());
    statements.set(name, made);
  }
  return { name, ...made };
}

function lastCursor(view: ProfileView, row: PageFields): ProfileCursor | null {
  if (row.last_user === null || row.last_id === null) return null;
  const numeric = view.sort === 'galleons' || view.sort === 'year';
  const key = row.last_key === null || !numeric ? row.last_key : Number(row.last_key);
  const position = { user_id: row.last_user, id: Number(row.last_id) };
  return cursorOf(view, view.sort === 'user_id' ? position : { ...position, [view.sort]: key });
}

function pageQuery(guildId: string, view: ProfileView): PageQuery<ProfileCursor> {
  return async (client, after, limit) => {
    const { name, text, names } = statement(`players-page.${statementKey(view, after)}`, () =>
      pageSql(view, after),
    );
    const values = valuesFor({ text, names }, { ...listParameters(guildId, view, after), limit });
    const result = await client.query<PageFields>({ name, text, values });
    const row = result.rows[0];
    if (!row) throw new Error('players page: no row');
    return { ...row, json: Buffer.from(row.json), last: lastCursor(view, row) };
  };
}

export function createPlayersReader(pool: pg.Pool): PlayersReader {
  const run = async <T extends pg.QueryResultRow>(
    name: string,
    text: () => string,
    values: Record<string, unknown>,
  ): Promise<T[]> => {
    const made = statement(name, text);
    const result = await pool.query<T>({
      name: made.name,
      text: made.text,
      values: valuesFor(made, values),
    });
    return result.rows;
  };
  const count = async (guildId: string, view: Pick<ProfileView, 'house'>) => {
    const rows = await run<{ n: number }>(
      `players-count.${view.house ?? 'all'}`,
      () => countSql(view).replace('count(*)', 'count(*)::int'),
      listParameters(guildId, { ...DEFAULT_VIEW, house: view.house }, undefined),
    );
    return rows[0]?.n ?? 0;
  };
  return {
    async list(guildId, request, view = DEFAULT_VIEW) {
      const after = request?.after;
      // One row past the page tells whether another page follows.
      const rows = await run<Profile & { seg: number }>(
        `players-list.${statementKey(view, after)}`,
        () => rowsSql(view, after, columns, '@limit'),
        { ...listParameters(guildId, view, after), limit: request ? request.limit + 1 : null },
      );
      const profiles = rows.map(({ seg: _seg, ...row }) => row);
      // Empty is "none" only when the guild has no profile at all.
      if (
        profiles.length === 0 &&
        ((!after && view.house === null) || (await count(guildId, { house: null })) === 0)
      )
        return null;
      return pageOf(profiles, request, (row) => cursorOf(view, row));
    },
    async ofMember(guildId, userId) {
      const { rows } = await pool.query<Profile>({
        name: 'players-member',
        text: `SELECT ${columns} FROM profiles WHERE guild_id = $1 AND user_id = $2 ORDER BY id`,
        values: [guildId, userId],
      });
      return rows.length > 0 ? rows : null;
    },
    async listSerialized(guildId, request, view = DEFAULT_VIEW) {
      const query = pageQuery(guildId, view);
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
    count: (guildId, house = null) => count(guildId, { house }),
    async slice(guildId, offset, limit, view = DEFAULT_VIEW) {
      // The view's index gives this order: OFFSET steps over index entries only.
      const rows = await run<Profile & { seg: number }>(
        `players-slice.${statementKey(view, undefined)}`,
        () => rowsSql(view, undefined, columns, '@limit', { skip: '@offset', end: '@end' }),
        {
          ...listParameters(guildId, view, undefined),
          offset,
          limit,
          end: offset + limit,
        },
      );
      return rows.map(({ seg: _seg, ...row }) => row);
    },
  };
}
