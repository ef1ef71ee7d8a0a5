import type { ProfileCursor } from '../read/types.js';
import type { ChangeView } from '../records/periods.js';
import type { Profile } from '../records/profile.js';
import type { ProfileView } from '../records/profile-order.js';
import { armsOf, changeCode, changeSegmentOf, houseOf, periodRows } from './period-lists.js';
import { cursorOf, houseCondition, segmentIndexOf, segmentsOf, viewCode } from './profile-lists.js';

/*
 * A member's rank (docs/decisions.md, "Periods and ranks"): the 1-based position of a profile in
 * a list is 1 + the number of the list's rows before it, and that number is a sum of index range
 * counts, never a walk of the list: the whole segments before the profile's (profile-lists.ts,
 * period-lists.ts), each a range of its index, and the part of its own segment before it, the
 * same range bounded by the profile's position (the keyset comparison a cursor uses, reversed).
 * Parameters as the lists': @guild_id, @house, @sort_key, @user_id, @id, and @kind, @start for a
 * period.
 */

/** A view a rank is asked in: any sorted list, or a period's list by change. */
export type RankView = ProfileView | ChangeView;

const isChange = (view: RankView): view is ChangeView => view.sort === 'change';

/** "Before" in the list's order: smaller positions ascending, larger ones descending. */
const before = (view: RankView) => (view.order === 'asc' ? '<' : '>');

/**
 * How a count bounds its range by a position (Dialect.countBound): `row` as one row value,
 * `split` as a sum of two counts, `first op value` then `first = value AND (the rest) op (their
 * values)`, the first column's ties (a few entries). Both are ranges of the same index. SQLite
 * tests a row value at every entry it counts, about twice the cost of one column's bound
 * (docs/decisions.md, "Periods and ranks"), so it counts `split`; PostgreSQL bounds its index
 * scan by the row value itself, and given one column's bound over most of a guild it chose a
 * sequential scan.
 */
type RangeBound = 'row' | 'split';

/** The rows of `rows` (`FROM … WHERE …`) whose `(columns)` compare `op` to `(values)`. */
function countWhere(
  rows: string,
  columns: readonly string[],
  op: '<' | '>',
  values: readonly string[],
  bound: RangeBound,
): string {
  if (bound === 'row') {
    return `(SELECT count(*) ${rows} AND (${columns.join(', ')}) ${op} (${values.join(', ')}))`;
  }
  const [first, ...rest] = columns;
  const [value, ...restValues] = values;
  const tail =
    rest.length === 1
      ? `${rest[0]} ${op} ${restValues[0]}`
      : `(${rest.join(', ')}) ${op} (${restValues.join(', ')})`;
  return `(SELECT count(*) ${rows} AND ${first} ${op} ${value}) + (SELECT count(*) ${rows} AND ${first} = ${value} AND ${tail})`;
}

/** The rows before the profile at `position` in a sorted list of profiles. */
function profileBefore(view: ProfileView, position: ProfileCursor, bound: RangeBound): string {
  const segments = segmentsOf(view);
  const own = segmentIndexOf(view, position);
  const house = houseCondition(view);
  const counts = segments.slice(0, own + 1).map((segment, index) => {
    const where = segment.where ? ` AND ${segment.where}` : '';
    const rows = `FROM profiles WHERE guild_id = @guild_id${house}${where}`;
    if (index !== own) return `(SELECT count(*) ${rows})`;
    const values = [...(segment.columns.length === 3 ? ['@sort_key'] : []), '@user_id', '@id'];
    return countWhere(rows, segment.columns, before(view), values, bound);
  });
  return counts.join(' + ');
}

/** The rows before the profile at `position` (its change as the key) in a period's list. */
function changeBefore(view: ChangeView, position: ProfileCursor, bound: RangeBound): string {
  const own = changeSegmentOf(view, position);
  const rows = `FROM profile_changes AS c WHERE ${periodRows(view)}`;
  const profiles = `FROM profiles AS p WHERE p.guild_id = @guild_id${houseOf(view, 'p')}`;
  const counts = armsOf(view)
    .slice(0, own + 1)
    .map((arm, index) => {
      const mine = index === own;
      if (arm === 'zeros') {
        // The profiles without a row: the guild's (or house's) profiles less the period's rows,
        // both counted over the same (user_id, id) range.
        if (!mine) return `((SELECT count(*) ${profiles}) - (SELECT count(*) ${rows}))`;
        const users = ['@user_id', '@id'];
        return `((${countWhere(profiles, ['p.user_id', 'p.id'], before(view), users, bound)}) - (${countWhere(rows, ['c.user_id', 'c.profile_id'], before(view), users, bound)}))`;
      }
      const sign = arm === 'gains' ? '> 0' : '< 0';
      if (!mine) return `(SELECT count(*) ${rows} AND c.change ${sign})`;
      return countWhere(
        `${rows} AND c.change ${sign}`,
        ['c.change', 'c.user_id', 'c.profile_id'],
        before(view),
        ['@sort_key', '@user_id', '@id'],
        bound,
      );
    });
  return counts.join(' + ');
}

/** The expression counting the rows of `view` before `position`. */
const beforeOf = (view: RankView, position: ProfileCursor, bound: RangeBound) =>
  isChange(view) ? changeBefore(view, position, bound) : profileBefore(view, position, bound);

/** The same list read the other way: exactly the list reversed, ties too. */
export function reversed<T extends RankView>(view: T): T {
  return { ...view, order: view.order === 'asc' ? 'desc' : 'asc' };
}

/** The SQL counting the rows of `view` before `position` (a cursor of that list), as `n`. */
export function rowsBeforeSql(
  view: RankView,
  position: ProfileCursor,
  bound: RangeBound = 'row',
): string {
  return `SELECT ${beforeOf(view, position, bound)} AS n`;
}

/**
 * The SQL counting the rows before `position` as `n` and those after it as `m` (the rows before
 * it in the reversed list), so that the list's length is n + 1 + m: together one pass over about
 * the list's length, where counting the list apart read it whole besides the rank's own range.
 * What a rank reads when the list's length is not known for the guild's data as it stands (the
 * first rank asked after each change of the guild's players).
 */
export function rowsAroundSql(
  view: RankView,
  position: ProfileCursor,
  bound: RangeBound = 'row',
): string {
  return `SELECT ${beforeOf(view, position, bound)} AS n, ${beforeOf(reversed(view), position, bound)} AS m`;
}

/**
 * The shape of a rank's counts as a number, for their statements' names: the view's shape and
 * the segment the position lies in (the text depends on both).
 */
export function rankCode(view: RankView, position: ProfileCursor): number {
  if (isChange(view)) return 100 + changeCode(view) * 3 + changeSegmentOf(view, position);
  return viewCode(view) * 2 + segmentIndexOf(view, position);
}

const compared = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a ?? '') < String(b ?? '')
      ? -1
      : String(a ?? '') > String(b ?? '')
        ? 1
        : 0;

/**
 * Where position `a` lies against `b` in the list: negative before it, positive after. A guess's
 * order (rank-memory.ts): JavaScript compares text by UTF-16 units where the engines compare code
 * points, which may differ for characters past U+FFFF and never makes a rank wrong.
 */
export function compareIn(view: RankView, a: ProfileCursor, b: ProfileCursor): number {
  const segment = (position: ProfileCursor) =>
    isChange(view) ? changeSegmentOf(view, position) : segmentIndexOf(view, position);
  const sign = view.order === 'asc' ? 1 : -1;
  return (
    segment(a) - segment(b) ||
    sign * (compared(a.sortKey, b.sortKey) || compared(a.userId, b.userId) || a.id - b.id)
  );
}

/** A profile's position in `view` (its change given for a period's list), and its value there. */
export function rankPosition(
  view: RankView,
  profile: Profile,
  change: number,
): { position: ProfileCursor; value: string | number | null } {
  if (isChange(view)) {
    return {
      position: { sortKey: change, userId: profile.user_id, id: profile.id },
      value: change,
    };
  }
  const value = view.sort === 'user_id' ? profile.user_id : profile[view.sort];
  return { position: cursorOf(view, profile), value };
}

/** Whether the profile is in the view's list at all (the house filter). */
export function inView(view: RankView, profile: Profile): boolean {
  if (view.house === null) return true;
  return view.house === 'none' ? profile.house === null : profile.house === view.house;
}
