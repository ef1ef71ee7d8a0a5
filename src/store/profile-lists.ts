import type { ProfileCursor } from '../read/types.js';
import type { Profile } from '../records/profile.js';
import { PROFILE_SORTS, type ProfileView, viewKey } from '../records/profile-order.js';
import { first, type Op } from './sql/op.js';
import { statement, statementFamily } from './sql/statement.js';

/*
 * The SQL of a sorted, filtered profile list (the same text on both engines: row values,
 * `IS NULL`, `ORDER BY … LIMIT` read alike). Parameters are named after the columns they are
 * compared with (`@guild_id`, `@house`, `@user_id`, `@id`), the cursor's sort key `@sort_key`.
 *
 * A list is one or two segments, each a range of one index (records/profile-order.ts) read in
 * that index's order. Every sort but `year` is one segment. `year` may be null and a null year
 * sorts below 1, but neither engine can seek a row value holding a null (and SQLite cannot seek
 * one over an expression such as coalesce(year, 0): measured, it scanned the guild), so `year`
 * is two: the profiles without a year by (user_id, id), and those with one by (year, user_id,
 * id); ascending reads the first before the second, descending the reverse.
 */

interface Segment {
  /** What the segment's rows have in common besides guild and house. */
  where: string | null;
  /** What a cursor is compared with, in index order. */
  columns: readonly ('user_id' | 'id' | keyof Profile)[];
  /**
   * The order, in index order: year's nulls are ordered by (year, user_id, id) too, although
   * year is null throughout, so that the only index giving that order is the year index, where
   * `year IS NULL` is a range (PostgreSQL otherwise took the user_id index and filtered it).
   */
  order: readonly ('user_id' | 'id' | keyof Profile)[];
}

/** The parameters of a list read: the guild, the house filter, the cursor. */
export type ListParams = Pick<Profile, 'guild_id'> &
  Partial<Pick<Profile, 'house' | 'user_id' | 'id'>> & { sort_key?: string | number };

const TIES = ['user_id', 'id'] as const;

export function segmentsOf(view: ProfileView): Segment[] {
  if (view.sort === 'user_id') return [{ where: null, columns: TIES, order: TIES }];
  const keyed = [view.sort, ...TIES] as const;
  if (view.sort !== 'year') return [{ where: null, columns: keyed, order: keyed }];
  const nulls: Segment = { where: 'year IS NULL', columns: TIES, order: keyed };
  const years: Segment = { where: 'year IS NOT NULL', columns: keyed, order: keyed };
  return view.order === 'asc' ? [nulls, years] : [years, nulls];
}

/** How many segments the view's list is. */
export const segmentCount = (view: ProfileView): number => (view.sort === 'year' ? 2 : 1);

/** The segment a cursor of `view` lies in. */
export function segmentIndexOf(view: ProfileView, cursor: ProfileCursor): number {
  if (view.sort !== 'year') return 0;
  // Ascending, the nulls come first.
  return (cursor.sortKey === null) === (view.order === 'asc') ? 0 : 1;
}

/** The cursor of a row of `view`: its position. */
export function cursorOf(
  view: ProfileView,
  row: Pick<Profile, 'user_id' | 'id'> & Partial<Profile>,
): ProfileCursor {
  if (view.sort === 'user_id') return { userId: row.user_id, id: row.id };
  const sortKey = row[view.sort];
  return { sortKey: sortKey ?? null, userId: row.user_id, id: row.id };
}

/** The columns a position is read from: the ties, then the sort key. */
export function positionColumns(view: ProfileView): string {
  return view.sort === 'user_id' ? 'user_id, id' : `user_id, id, ${view.sort}`;
}

const direction = (view: ProfileView) => (view.order === 'asc' ? '' : ' DESC');

/** The list's order within a segment (a house filter's and a null year's column are constant). */
export function segmentOrder(view: ProfileView): string {
  const columns = view.sort === 'user_id' ? TIES : [view.sort, ...TIES];
  return columns.map((column) => `${column}${direction(view)}`).join(', ');
}

export function houseCondition(view: Pick<ProfileView, 'house'>): string {
  if (view.house === null) return '';
  return view.house === 'none' ? ' AND house IS NULL' : ' AND house = @house';
}

function cursorCondition(view: ProfileView, segment: Segment): string {
  const columns = segment.columns.join(', ');
  const values = segment.columns.length === 3 ? '@sort_key, @user_id, @id' : '@user_id, @id';
  return ` AND (${columns}) ${view.order === 'asc' ? '>' : '<'} (${values})`;
}

/**
 * One segment's rows, after the cursor (of this segment) when `cursor` or from the segment's
 * start, `range` being what follows its LIMIT: one range of one index, in list order. In a union
 * (`numbered`) each row starts with its segment's number, `seg`.
 */
function segmentSql(
  view: ProfileView,
  index: number,
  cursor: boolean,
  select: string,
  range: string,
  numbered = false,
): string {
  const segment = segmentsOf(view)[index];
  if (!segment) throw new Error(`${viewKey(view)} has no segment ${index}`);
  const where = segment.where ? ` AND ${segment.where}` : '';
  const after = cursor ? cursorCondition(view, segment) : '';
  // A filtered list is ordered by house first (one value throughout), for the same reason as
  // year's nulls: only the house index then gives the order, and `house IS NULL` is a range of
  // it (PostgreSQL took the unfiltered index and filtered it, reading every other house too).
  const ordered = view.house === null ? segment.order : ['house', ...segment.order];
  const order = ordered.map((column) => `${column}${direction(view)}`).join(', ');
  return `SELECT ${numbered ? `${index} AS seg, ` : ''}${select} FROM profiles
      WHERE guild_id = @guild_id${houseCondition(view)}${where}${after}
      ORDER BY ${order} LIMIT ${range}`;
}

/**
 * The rows of `span` segments from segment `first` (after the cursor, of segment `first`, when
 * `cursor`), at most `limit` (an SQL expression), in list order. One segment is one range of one
 * index; more are a UNION ALL of such ranges, each limited, ordered again over at most `span`
 * times `limit` rows (never the guild), each row starting with `seg`.
 */
export function rangesSql(
  view: ProfileView,
  first: number,
  span: number,
  cursor: boolean,
  select: string,
  limit: string,
  /**
   * For numbered pages: rows of the list to skip first, and where the page ends (skip + limit,
   * each an SQL expression: PostgreSQL cannot type a sum of two parameters).
   */
  offset?: { skip: string; end: string },
): string {
  if (span === 1) {
    const range = offset ? `${limit} OFFSET ${offset.skip}` : limit;
    return segmentSql(view, first, cursor, select, range);
  }
  const arms = Array.from({ length: span }, (_, i) =>
    // In a union, each arm may have to give all the rows asked for.
    segmentSql(view, first + i, cursor && i === 0, select, offset ? offset.end : limit, true),
  );
  return `${arms.map((arm, i) => `SELECT * FROM (${arm}) AS s${i}`).join(' UNION ALL ')}
    ORDER BY seg, ${segmentOrder(view)} LIMIT ${limit}${offset ? ` OFFSET ${offset.skip}` : ''}`;
}

const countFamily = statementFamily<ListParams, { n: number }>();

/** The count of the guild's profiles, in one house when `house` filters: a scalar sub-select. */
export const profileCountSql = (house: ProfileView['house']) =>
  `(SELECT count(*) FROM profiles WHERE guild_id = @guild_id${houseCondition({ house })})`;

/** How many profiles the guild has, in one house when `house` filters. */
export function* countProfiles(guildId: string, house: ProfileView['house']): Op<number> {
  const count = countFamily(houseCode({ house }), () => `SELECT ${profileCountSql(house)} AS n`);
  const row = yield* first(count, listParameters(guildId, { house }, undefined));
  return row?.n ?? 0;
}

/** A row (`found`) when the guild has any profile. */
export const ANY_PROFILE = statement<Pick<Profile, 'guild_id'>, { found: number }>(
  'SELECT 1 AS found FROM profiles WHERE guild_id = @guild_id LIMIT 1',
);

/** The parameters of a list read: the guild, the house filter and the cursor. */
export function listParameters(
  guildId: string,
  view: Pick<ProfileView, 'house'>,
  after: ProfileCursor | undefined,
): ListParams {
  const values: ListParams = { guild_id: guildId };
  if (view.house !== null && view.house !== 'none') values.house = view.house;
  if (after) {
    values.user_id = after.userId;
    values.id = after.id;
    if (after.sortKey !== undefined && after.sortKey !== null) values.sort_key = after.sortKey;
  }
  return values;
}

/** A house filter as a number: none, `none`, a house. */
export const houseCode = (view: Pick<ProfileView, 'house'>): number =>
  view.house === null ? 0 : view.house === 'none' ? 1 : 2;

/**
 * A view's shape as a number below 30 (sort, order, house filter): what its statements' text
 * depends on, named without building a string on every read.
 */
export const viewCode = (view: ProfileView): number =>
  (PROFILE_SORTS.indexOf(view.sort) * 2 + (view.order === 'asc' ? 0 : 1)) * 3 + houseCode(view);
