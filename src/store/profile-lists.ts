import type { ProfileCursor } from '../read/types.js';
import type { Profile } from '../records/profile.js';
import { type ProfileView, viewKey } from '../records/profile-order.js';

/*
 * The SQL of a sorted, filtered profile list, for both stores (the same text: row values,
 * `IS NULL`, `ORDER BY … LIMIT` read alike in SQLite and PostgreSQL). Parameters are named
 * `@guild`, `@house`, `@sortKey`, `@user`, `@id` and whatever a caller adds; each store binds them
 * its own way (better-sqlite3 takes `@name`, pg gets `$n`: postgres/named.ts).
 *
 * A list is one or two segments, each a range of one index (records/profile-order.ts) read in
 * that index's order. Every sort but `year` is one segment. `year` may be null and a null year
 * sorts below 1, but neither store can seek a row value holding a null (and SQLite cannot seek
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
  /** Whether a cursor in this segment holds the sort key (a null one for year's nulls). */
  keyed: boolean;
}

const TIES = ['user_id', 'id'] as const;

export function segmentsOf(view: ProfileView): Segment[] {
  if (view.sort === 'user_id') return [{ where: null, columns: TIES, order: TIES, keyed: false }];
  const keyed = [view.sort, ...TIES] as const;
  if (view.sort !== 'year') return [{ where: null, columns: keyed, order: keyed, keyed: true }];
  const nulls: Segment = { where: 'year IS NULL', columns: TIES, order: keyed, keyed: true };
  const years: Segment = { where: 'year IS NOT NULL', columns: keyed, order: keyed, keyed: true };
  return view.order === 'asc' ? [nulls, years] : [years, nulls];
}

/** The segment a cursor of `view` lies in. */
export function segmentIndexOf(view: ProfileView, cursor: ProfileCursor): number {
  if (view.sort !== 'year') return 0;
  return segmentsOf(view).findIndex(
    (segment) => (segment.where === 'year IS NULL') === (cursor.sortKey === null),
  );
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

const direction = (view: ProfileView) => (view.order === 'asc' ? '' : ' DESC');

export function houseCondition(view: ProfileView): string {
  if (view.house === null) return '';
  return view.house === 'none' ? ' AND house IS NULL' : ' AND house = @house';
}

function cursorCondition(view: ProfileView, segment: Segment): string {
  const columns = segment.columns.join(', ');
  const values = segment.columns.length === 3 ? '@sortKey, @user, @id' : '@user, @id';
  return ` AND (${columns}) ${view.order === 'asc' ? '>' : '<'} (${values})`;
}

/** The SQL of one segment's rows, `range` being what follows its LIMIT. */
function armSql(
  view: ProfileView,
  index: number,
  cursor: ProfileCursor | undefined,
  select: string,
  range: string,
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
  return `SELECT ${index} AS seg, ${select} FROM profiles
      WHERE guild_id = @guild${houseCondition(view)}${where}${after}
      ORDER BY ${order} LIMIT ${range}`;
}

/**
 * One segment's rows, after `cursor` (a cursor of this segment) or from the segment's start, at
 * most `limit` (an SQL expression), in list order: one range of one index. SQLite reads a list
 * segment by segment with these, going on to the next segment only when a page is not full.
 */
export function segmentSql(
  view: ProfileView,
  index: number,
  cursor: ProfileCursor | undefined,
  select: string,
  limit: string,
): string {
  return armSql(view, index, cursor, select, limit);
}

/**
 * The list's rows after `after` (from the start without one), at most `limit` (an SQL
 * expression), in list order; each row is `seg` (its segment's number) then `select`: one
 * statement, for PostgreSQL (a page is one statement, one snapshot) and for numbered pages.
 * One segment is one range of one index; two are a UNION ALL of two such ranges, each limited,
 * ordered again over at most twice `limit` rows (never the guild).
 */
export function rowsSql(
  view: ProfileView,
  after: ProfileCursor | undefined,
  select: string,
  limit: string,
  /**
   * For numbered pages: rows of the list to skip first, and where the page ends (skip + limit,
   * each an SQL expression: PostgreSQL cannot type a sum of two parameters).
   */
  offset?: { skip: string; end: string },
): string {
  const segments = segmentsOf(view);
  const first = after ? segmentIndexOf(view, after) : 0;
  const alone = segments.length - first === 1;
  const arms = segments.slice(first).map((_segment, i) => {
    // Alone, the arm is the list; in a union, each arm may have to give all the rows asked for.
    const range = !offset ? limit : alone ? `${limit} OFFSET ${offset.skip}` : offset.end;
    return armSql(view, first + i, i === 0 ? after : undefined, select, range);
  });
  if (alone) return arms[0] as string;
  return `${arms.map((arm, i) => `SELECT * FROM (${arm}) AS s${i}`).join(' UNION ALL ')}
    ORDER BY ${rowsOrder(view)} LIMIT ${limit}${offset ? ` OFFSET ${offset.skip}` : ''}`;
}

/** The order of `rowsSql`'s rows: a union of two segments is ordered again by it. */
function rowsOrder(view: ProfileView): string {
  const dir = direction(view);
  const columns = view.sort === 'user_id' ? TIES : [view.sort, ...TIES];
  return ['seg', ...columns.map((column) => `${column}${dir}`)].join(', ');
}

/** How many profiles the guild has, in the view's house when it filters. */
export function countSql(view: Pick<ProfileView, 'house'>): string {
  return `SELECT count(*) AS n FROM profiles WHERE guild_id = @guild${houseCondition({ ...view, sort: 'user_id', order: 'asc' })}`;
}

/** The named parameters of a list read: the guild, the house filter and the cursor. */
export function listParameters(
  guildId: string,
  view: ProfileView,
  after: ProfileCursor | undefined,
): Record<string, string | number | null> {
  const values: Record<string, string | number | null> = { guild: guildId };
  if (view.house !== null && view.house !== 'none') values.house = view.house;
  if (after) {
    values.user = after.userId;
    values.id = after.id;
    if (after.sortKey !== undefined && after.sortKey !== null) values.sortKey = after.sortKey;
  }
  return values;
}

/** A statement's name for one segment's read: the view, the segment, with a cursor or not. */
export function segmentKey(view: ProfileView, index: number, cursor: boolean): string {
  return `${viewKey(view)}.${index}.${cursor ? 'after' : 'start'}`;
}

/** A statement's name for caches of prepared statements: the view and where the read starts. */
export function statementKey(view: ProfileView, after: ProfileCursor | undefined): string {
  const from = after ? `after${segmentIndexOf(view, after)}` : 'start';
  return `${view.sort}.${view.order}.${view.house === null ? 'all' : view.house === 'none' ? 'none' : 'house'}.${from}`;
}
