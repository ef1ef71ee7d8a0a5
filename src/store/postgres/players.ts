import type pg from 'pg';
import { type PlayersReader, pageOf } from '../../read/service.js';
import type { ProfileCursor } from '../../read/types.js';
import { type Profile, profile } from '../../records/profile.js';
import { DEFAULT_VIEW, type ProfileView } from '../../records/profile-order.js';
import { columnList } from '../../records/record.js';
import { countSql, cursorOf, listParameters, rowsSql, statementKey } from '../profile-lists.js';
import { pgJsonArray } from './json.js';
import { type PageQuery, readAll, readPage } from './keyset.js';
import { type NamedStatement, numbered, valuesFor } from './named.js';
import { createPeriodReads } from './period-players.js';

const columns = columnList(profile);

/** What a page row carries besides its JSON: its place in the list, for the next cursor. */
function positionColumns(view: ProfileView): string {
  return view.sort === 'user_id' ? 'user_id, id' : `user_id, id, ${view.sort}`;
}

/*
 * A page is one statement (one snapshot): the view's index gives the order, so a page is a range
 * scan (src/store/profile-lists.ts), one row read past the page to tell whether more follow. Each
 * row is its profile's JSON text (profiles.json, kept by a trigger:
 * drizzle/postgres/0006_profile_json.sql) and its position; the node joins the texts. Only an
 * empty page asks again, whether the guild has any profile at all. Faster than JSON built or
 * joined in the statement (docs/performance.md, "List pages on PostgreSQL"). Exported for the
 * query-plan check (test/store/list-plans.test.ts).
 */
export function pageSql(view: ProfileView, after: ProfileCursor | undefined): string {
  return rowsSql(view, after, `json, ${positionColumns(view)}`, '@limit + 1');
}

const ANY = 'SELECT EXISTS (SELECT 1 FROM profiles WHERE guild_id = $1) AS any';

const MEMBER = `
SELECT ${pgJsonArray('json', 'id')} AS json, count(*)::int AS count
FROM profiles WHERE guild_id = $1 AND user_id = $2`;

/** A page row as pg gives it in array mode: seg, json, user_id, id, then the sort column. */
type PageRowValues = [number, string, string, number | string, (number | string | null)?];

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

function cursorAt(view: ProfileView, row: PageRowValues): ProfileCursor {
  const [, , user_id, id, sortKey] = row;
  const position = { user_id, id: Number(id) };
  if (view.sort === 'user_id') return cursorOf(view, position);
  const numeric = view.sort === 'galleons' || view.sort === 'year';
  const value =
    sortKey === null || sortKey === undefined ? null : numeric ? Number(sortKey) : String(sortKey);
  return cursorOf(view, { ...position, [view.sort]: value });
}

function pageQuery(guildId: string, view: ProfileView): PageQuery<ProfileCursor> {
  return async (client, after, limit) => {
    const { name, text, names } = statement(`players-page.${statementKey(view, after)}`, () =>
      pageSql(view, after),
    );
    const values = valuesFor({ text, names }, { ...listParameters(guildId, view, after), limit });
    const { rows } = await client.query<PageRowValues>({ name, text, values, rowMode: 'array' });
    const count = Math.min(rows.length, limit);
    const texts = new Array<string>(count);
    for (let i = 0; i < count; i++) texts[i] = (rows[i] as PageRowValues)[1];
    const last = rows[count - 1];
    // An empty page is "none" only when the guild has no profile at all.
    const any =
      count > 0 ||
      (await client.query<{ any: boolean }>({ name: 'players-any', text: ANY, values: [guildId] }))
        .rows[0]?.any === true;
    return {
      json: Buffer.from(`[${texts.join(',')}]`),
      count,
      more: rows.length > limit,
      any,
      last: last ? cursorAt(view, last) : null,
    };
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
    ...createPeriodReads(pool),
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
