import type { ProfileCursor } from '../read/types.js';
import type { ChangeView } from '../records/periods.js';
import type { Profile } from '../records/profile.js';
import type { ProfileView } from '../records/profile-order.js';
import { armsOf, changeSegmentOf } from './period-lists.js';
import { cursorOf, houseCondition, segmentIndexOf, segmentsOf } from './profile-lists.js';

/*
 * A member's rank (docs/decisions.md, "Periods and ranks"): the 1-based position of a profile in
 * a list is 1 + the number of the list's rows before it, and that number is a sum of index range
 * counts, never a walk of the list: the whole segments before the profile's (profile-lists.ts,
 * period-lists.ts), each a range of its index, and the part of its own segment before it, the
 * same range bounded by the profile's position (the keyset comparison a cursor uses, reversed).
 * Parameters as the lists': @guild, @house, @sortKey, @user, @id, and @kind, @start for a period.
 */

/** A view a rank is asked in: any sorted list, or a period's list by change. */
export type RankView = ProfileView | ChangeView;

const isChange = (view: RankView): view is ChangeView => view.sort === 'change';

/** "Before" in the list's order: smaller positions ascending, larger ones descending. */
const before = (view: RankView) => (view.order === 'asc' ? '<' : '>');

/** The rows before the profile at `position` in a sorted list of profiles. */
function profileBeforeSql(view: ProfileView, position: ProfileCursor): string {
  const segments = segmentsOf(view);
  const own = segmentIndexOf(view, position);
  const house = houseCondition(view);
  const counts = segments.slice(0, own + 1).map((segment, index) => {
    const where = segment.where ? ` AND ${segment.where}` : '';
    const bounded =
      index === own
        ? ` AND (${segment.columns.join(', ')}) ${before(view)} (${segment.columns.length === 3 ? '@sortKey, ' : ''}@user, @id)`
        : '';
    return `(SELECT count(*) FROM profiles WHERE guild_id = @guild${house}${where}${bounded})`;
  });
  return `SELECT ${counts.join(' + ')} AS n`;
}

function houseOf(view: ChangeView, alias: string): string {
  if (view.house === null) return '';
  return view.house === 'none' ? ` AND ${alias}.house IS NULL` : ` AND ${alias}.house = @house`;
}

/** The rows before the profile at `position` (its change as the key) in a period's list. */
function changeBeforeSql(view: ChangeView, position: ProfileCursor): string {
  const own = changeSegmentOf(view, position);
  const rows = `FROM profile_changes AS c WHERE c.guild_id = @guild AND c.kind = @kind AND c.start = @start${houseOf(view, 'c')}`;
  const profiles = `FROM profiles AS p WHERE p.guild_id = @guild${houseOf(view, 'p')}`;
  const counts = armsOf(view)
    .slice(0, own + 1)
    .map((arm, index) => {
      const mine = index === own;
      if (arm === 'zeros') {
        // The profiles without a row: the guild's (or house's) profiles less the period's rows,
        // both counted over the same (user_id, id) range.
        const range = (user: string, id: string) =>
          mine ? ` AND (${user}, ${id}) ${before(view)} (@user, @id)` : '';
        return `((SELECT count(*) ${profiles}${range('p.user_id', 'p.id')}) - (SELECT count(*) ${rows}${range('c.user_id', 'c.profile_id')}))`;
      }
      const sign = arm === 'gains' ? '> 0' : '< 0';
      const range = mine
        ? ` AND (c.change, c.user_id, c.profile_id) ${before(view)} (@sortKey, @user, @id)`
        : '';
      return `(SELECT count(*) ${rows} AND c.change ${sign}${range})`;
    });
  return `SELECT ${counts.join(' + ')} AS n`;
}

/** The SQL counting the rows of `view` before `position` (a cursor of that list), as `n`. */
export function rowsBeforeSql(view: RankView, position: ProfileCursor): string {
  return isChange(view) ? changeBeforeSql(view, position) : profileBeforeSql(view, position);
}

/**
 * A statement's name for `rowsBeforeSql`: one per view shape and segment, since the text
 * depends on the segment the position lies in.
 */
export function rankStatementKey(view: RankView, position: ProfileCursor): string {
  const house = view.house === null ? 'all' : view.house === 'none' ? 'none' : 'house';
  const segment = isChange(view) ? changeSegmentOf(view, position) : segmentIndexOf(view, position);
  return `rank.${view.sort}.${view.order}.${house}.${segment}`;
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
