import type { Statement } from 'better-sqlite3';
import { EMPTY_ARRAY } from '../../read/json-list.js';
import { type PlayersReader, pageOf } from '../../read/service.js';
import type { ProfileCursor } from '../../read/types.js';
import { type Profile, profile } from '../../records/profile.js';
import { DEFAULT_VIEW, type ProfileView } from '../../records/profile-order.js';
import { columnList } from '../../records/record.js';
import { countSql, cursorOf, listParameters, rowsSql, statementKey } from '../profile-lists.js';
import type { Database } from './database.js';
import { sqliteJsonObject } from './json.js';
import { type KeysetSource, readAll, readPage } from './keyset.js';

const columns = columnList(profile);
const asJson = sqliteJsonObject(profile);

type Parameters = Record<string, string | number | null>;

/**
 * Up to `@limit` rows of the list from `after`, as one JSON array (what a page, or a chunk of a
 * whole list, is read with). Exported for the query-plan check (test/store/list-plans.test.ts).
 */
export function chunkSql(view: ProfileView, after: ProfileCursor | undefined): string {
  // The sub-select's order is the array's: SQLite runs it as a co-routine feeding the
  // aggregate row by row (its LIMIT keeps it from being flattened). An ORDER BY inside the
  // aggregate would sort the rows a second time and nearly double the cost.
  return `SELECT CAST(json_group_array(${asJson}) AS BLOB) AS json, count(*) AS count
          FROM (${rowsSql(view, after, columns, '@limit')})`;
}

export function createPlayersReader(db: Database): PlayersReader {
  const { sqlite } = db;
  // One prepared statement per view, kind of read and starting point, made on first use: 5
  // sorts × 2 orders × 3 filters × a few reads, of which a server uses a handful.
  const statements = new Map<string, Statement<[Parameters]>>();
  const statement = (name: string, text: () => string) => {
    let prepared = statements.get(name);
    if (!prepared) {
      prepared = sqlite.prepare<[Parameters]>(text());
      statements.set(name, prepared);
    }
    return prepared;
  };
  const rowsOf = (view: ProfileView, after: ProfileCursor | undefined, limit: string) =>
    rowsSql(view, after, columns, limit);

  const page = (view: ProfileView, after: ProfileCursor | undefined) =>
    statement(
      `page:${statementKey(view, after)}`,
      () => `SELECT ${columns} FROM (${rowsOf(view, after, '@limit')})`,
    ) as Statement<[Parameters], Profile>;
  const chunk = (view: ProfileView, after: ProfileCursor | undefined) =>
    statement(`chunk:${statementKey(view, after)}`, () => chunkSql(view, after)) as Statement<
      [Parameters],
      { json: Buffer; count: number }
    >;
  const nth = (view: ProfileView, after: ProfileCursor | undefined) =>
    statement(
      `nth:${statementKey(view, after)}`,
      () => `SELECT * FROM (${rowsOf(view, after, '@limit')}) LIMIT 1 OFFSET @offset`,
    ) as Statement<[Parameters], Profile>;
  const hasAfter = (view: ProfileView, after: ProfileCursor) =>
    statement(
      `after:${statementKey(view, after)}`,
      () => `SELECT 1 FROM (${rowsOf(view, after, '1')})`,
    ).pluck() as Statement<[Parameters], number>;
  const sliceOf = (view: ProfileView) =>
    // The view's index gives this order: OFFSET steps over index entries only.
    statement(
      `slice:${statementKey(view, undefined)}`,
      () =>
        `SELECT ${columns} FROM (${rowsSql(view, undefined, columns, '@limit', { skip: '@offset', end: '@end' })})`,
    ) as Statement<[Parameters], Profile>;
  const countOf = (view: Pick<ProfileView, 'house'>) =>
    statement(`count:${view.house ?? 'all'}`, () => countSql(view)).pluck() as Statement<
      [Parameters],
      number
    >;

  const ofMember = sqlite.prepare<[string, string], Profile>(
    `SELECT ${columns} FROM profiles WHERE guild_id = ? AND user_id = ? ORDER BY id`,
  );
  const any = sqlite
    .prepare<[string], number>('SELECT 1 FROM profiles WHERE guild_id = ? LIMIT 1')
    .pluck();
  const ofMemberJson = sqlite.prepare<[string, string], { json: Buffer; count: number }>(
    `SELECT CAST(json_group_array(${asJson}) AS BLOB) AS json, count(*) AS count
     FROM (SELECT * FROM profiles WHERE guild_id = ? AND user_id = ? ORDER BY id LIMIT -1)`,
  );
  const snapshot = <T>(work: () => T): T => sqlite.transaction(work)();

  const source = (guildId: string, view: ProfileView): KeysetSource<ProfileCursor> => ({
    chunk(after, limit) {
      const values = listParameters(guildId, view, after);
      const rows = chunk(view, after).get({ ...values, limit });
      const count = rows?.count ?? 0;
      // Only a full chunk can have rows after it, so only then is its last position needed.
      const last =
        count > 0 && count === limit
          ? nth(view, after).get({ ...values, limit, offset: count - 1 })
          : undefined;
      return {
        json: rows?.json ?? EMPTY_ARRAY,
        count,
        last: last ? cursorOf(view, last) : null,
      };
    },
    hasAfter: (after) =>
      hasAfter(view, after).get(listParameters(guildId, view, after)) !== undefined,
    snapshot,
    // Exact: a chunked read must see every commit made between its chunks.
    generation: db.exactGeneration,
  });

  // Empty is "none" only when the guild has no profile at all: an empty page after a cursor, or
  // a filter that matches nothing, on a guild with profiles is an empty list.
  const noneIn = (guildId: string, after: ProfileCursor | undefined, view: ProfileView) =>
    (!after && view.house === null) || any.get(guildId) === undefined;

  return {
    async list(guildId, request, view = DEFAULT_VIEW) {
      const after = request?.after;
      const limit = request ? request.limit + 1 : -1;
      // One row past the page tells whether another page follows.
      const rows = page(view, after).all({ ...listParameters(guildId, view, after), limit });
      if (rows.length === 0 && noneIn(guildId, after, view)) return null;
      return pageOf(rows, request, (row) => cursorOf(view, row));
    },
    async ofMember(guildId, userId) {
      const items = ofMember.all(guildId, userId);
      return items.length > 0 ? items : null;
    },
    async listSerialized(guildId, request, view = DEFAULT_VIEW) {
      const result = request
        ? readPage(source(guildId, view), request.after, request.limit)
        : await readAll(source(guildId, view));
      return result.count === 0 && noneIn(guildId, request?.after, view) ? null : result;
    },
    async ofMemberSerialized(guildId, userId) {
      const row = ofMemberJson.get(guildId, userId);
      return row && row.count > 0 ? { json: [row.json], count: row.count, next: null } : null;
    },
    async count(guildId, house = null) {
      return (
        countOf({ house }).get(listParameters(guildId, { ...DEFAULT_VIEW, house }, undefined)) ?? 0
      );
    },
    async slice(guildId, offset, limit, view = DEFAULT_VIEW) {
      return sliceOf(view).all({
        ...listParameters(guildId, view, undefined),
        offset,
        limit,
        end: offset + limit,
      });
    },
  };
}
