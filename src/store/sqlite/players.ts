import type { Statement } from 'better-sqlite3';
import { EMPTY_ARRAY, JsonArrayPieces } from '../../read/json-list.js';
import { type PlayersReader, pageOf } from '../../read/service.js';
import type { ProfileCursor } from '../../read/types.js';
import { type Profile, profile } from '../../records/profile.js';
import { DEFAULT_VIEW, type ProfileView } from '../../records/profile-order.js';
import { columnList } from '../../records/record.js';
import {
  countSql,
  cursorOf,
  listParameters,
  rowsSql,
  segmentIndexOf,
  segmentKey,
  segmentSql,
  segmentsOf,
  statementKey,
} from '../profile-lists.js';
import type { Database } from './database.js';
import { sqliteJsonObject } from './json.js';
import { type KeysetSource, readAll, readPage } from './keyset.js';
import { createPeriodReads } from './period-players.js';

const columns = columnList(profile);
const asJson = sqliteJsonObject(profile);

type Parameters = Record<string, string | number | null>;

/**
 * Up to `@limit` rows of one segment of the list (src/store/profile-lists.ts) from `cursor`, as
 * one JSON array: what a page, or a chunk of a whole list, is read with. Exported for the
 * query-plan check (test/store/list-plans.test.ts).
 */
export function chunkSql(
  view: ProfileView,
  index: number,
  cursor: ProfileCursor | undefined,
): string {
  // The sub-select's order is the array's: SQLite runs it as a co-routine feeding the
  // aggregate row by row (its LIMIT keeps it from being flattened). An ORDER BY inside the
  // aggregate would sort the rows a second time and nearly double the cost.
  return `SELECT CAST(json_group_array(${asJson}) AS BLOB) AS json, count(*) AS count
          FROM (${segmentSql(view, index, cursor, columns, '@limit')})`;
}

/** Where a read of the list starts: the cursor's segment, or the first. */
function startOf(view: ProfileView, after: ProfileCursor | undefined): number {
  return after ? segmentIndexOf(view, after) : 0;
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
  // Per segment: its rows as objects, as one JSON array, its nth row, whether it has any row.
  const rowsOf = (view: ProfileView, index: number, cursor: ProfileCursor | undefined) =>
    statement(
      `rows:${segmentKey(view, index, cursor !== undefined)}`,
      () => `SELECT ${columns} FROM (${segmentSql(view, index, cursor, columns, '@limit')})`,
    ) as Statement<[Parameters], Profile>;
  const chunkOf = (view: ProfileView, index: number, cursor: ProfileCursor | undefined) =>
    statement(`chunk:${segmentKey(view, index, cursor !== undefined)}`, () =>
      chunkSql(view, index, cursor),
    ) as Statement<[Parameters], { json: Buffer; count: number }>;
  const nthOf = (view: ProfileView, index: number, cursor: ProfileCursor | undefined) =>
    statement(
      `nth:${segmentKey(view, index, cursor !== undefined)}`,
      () =>
        `SELECT * FROM (${segmentSql(view, index, cursor, columns, '@limit')}) LIMIT 1 OFFSET @offset`,
    ) as Statement<[Parameters], Profile>;
  const anyOf = (view: ProfileView, index: number, cursor: ProfileCursor | undefined) =>
    statement(
      `any:${segmentKey(view, index, cursor !== undefined)}`,
      () => `SELECT 1 FROM (${segmentSql(view, index, cursor, columns, '1')})`,
    ).pluck() as Statement<[Parameters], number>;

  /**
   * Runs `read` on each segment from the one `after` lies in (the cursor applying to that one
   * only) for as long as it returns true, i.e. the page wants more rows: a segment is one range
   * of one index, so a page is one range, or the end of one and the start of the next.
   */
  const eachSegment = (
    view: ProfileView,
    after: ProfileCursor | undefined,
    read: (index: number, cursor: ProfileCursor | undefined) => boolean,
  ) => {
    const count = segmentsOf(view).length;
    for (let index = startOf(view, after); index < count; index++) {
      if (!read(index, index === startOf(view, after) ? after : undefined)) return;
    }
  };

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
      const parts: { json: Buffer; count: number }[] = [];
      let count = 0;
      let last: ProfileCursor | null = null;
      eachSegment(view, after, (index, cursor) => {
        const values = {
          ...listParameters(guildId, view, cursor),
          limit: limit < 0 ? -1 : limit - count,
        };
        const rows = chunkOf(view, index, cursor).get(values);
        if (!rows || rows.count === 0) return true;
        parts.push(rows);
        count += rows.count;
        if (limit < 0 || count < limit) return true;
        // Only a full chunk can have rows after it, so only then is its last position needed.
        const row = nthOf(view, index, cursor).get({ ...values, offset: rows.count - 1 });
        last = row ? cursorOf(view, row) : null;
        return false;
      });
      // Across two segments (year's nulls and years), the two arrays become one.
      const pieces = new JsonArrayPieces();
      for (const part of parts) pieces.add(part.json, part.count);
      const json =
        parts.length === 1 ? (parts[0]?.json ?? EMPTY_ARRAY) : Buffer.concat(pieces.finish());
      return { json, count, last };
    },
    hasAfter(after) {
      let found = false;
      eachSegment(view, after, (index, cursor) => {
        found = anyOf(view, index, cursor).get(listParameters(guildId, view, cursor)) !== undefined;
        return !found;
      });
      return found;
    },
    snapshot,
    // Exact: a chunked read must see every commit made between its chunks.
    generation: db.exactGeneration,
  });

  // Empty is "none" only when the guild has no profile at all: an empty page after a cursor, or
  // a filter that matches nothing, on a guild with profiles is an empty list.
  const noneIn = (guildId: string, after: ProfileCursor | undefined, view: ProfileView) =>
    (!after && view.house === null) || any.get(guildId) === undefined;

  return {
    ...createPeriodReads(db),
    async list(guildId, request, view = DEFAULT_VIEW) {
      const after = request?.after;
      // One row past the page tells whether another page follows.
      const wanted = request ? request.limit + 1 : -1;
      const rows: Profile[] = [];
      snapshot(() =>
        eachSegment(view, after, (index, cursor) => {
          const limit = wanted < 0 ? -1 : wanted - rows.length;
          rows.push(
            ...rowsOf(view, index, cursor).all({ ...listParameters(guildId, view, cursor), limit }),
          );
          return wanted < 0 || rows.length < wanted;
        }),
      );
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
