import type { ProfileCursor } from '../read/types.js';
import type { ChangeView } from '../records/periods.js';
import type { ProfileChangeRow } from '../records/profile-change.js';
import { houseCode, type ListParams } from './profile-lists.js';

/*
 * The SQL of a period's list by change (records/periods.ts, ChangeView), for both engines, in the
 * manner of profile-lists.ts: parameters named after the columns (@guild_id, @kind, @start,
 * @house, @user_id, @id), the cursor's change `@sort_key`; each segment one range of one index.
 *
 * profile_changes holds only non-zero changes, so the list is three segments, in list order:
 * - the gains (change > 0), a range of profile_changes_list by (change, user_id, profile_id),
 *   each joined to its profile by primary key; a house's list reads the same range and skips
 *   the other houses' entries (the house ends the index);
 * - the profiles without a row in the period (change 0), a range of the profiles' user_id index
 *   by (user_id, id), each probed in profile_changes' primary key and skipped when it has a row;
 * - the losses (change < 0), like the gains.
 * `desc` reads gains, zeros, losses, each descending; `asc` the reverse. A cursor holds the
 * change as its key (0 in the zero group), so its segment is known from it.
 */

/** The parameters of a period's list read. */
export type ChangeParams = ListParams & Pick<ProfileChangeRow, 'kind' | 'start'>;

type Arm = 'gains' | 'zeros' | 'losses';

const DESC: readonly Arm[] = ['gains', 'zeros', 'losses'];
const ASC: readonly Arm[] = ['losses', 'zeros', 'gains'];

export function armsOf(view: ChangeView): readonly Arm[] {
  return view.order === 'desc' ? DESC : ASC;
}

const armOfKey = (key: number): Arm => (key > 0 ? 'gains' : key < 0 ? 'losses' : 'zeros');

/** The segment (0, 1, 2) the cursor's row lies in. */
export function changeSegmentOf(view: ChangeView, cursor: ProfileCursor): number {
  return armsOf(view).indexOf(armOfKey(Number(cursor.sortKey)));
}

const direction = (view: ChangeView) => (view.order === 'asc' ? '' : ' DESC');

export function houseOf(view: Pick<ChangeView, 'house'>, alias: string): string {
  if (view.house === null) return '';
  return view.house === 'none' ? ` AND ${alias}.house IS NULL` : ` AND ${alias}.house = @house`;
}

/** The period's rows of the guild (in the view's house), as the indexes' leading columns. */
export const periodRows = (view: Pick<ChangeView, 'house'>) =>
  `c.guild_id = @guild_id AND c.kind = @kind AND c.start = @start${houseOf(view, 'c')}`;

/** Whether profile `p` has a row in the period: one probe of the primary key. */
const HAS_ROW = `EXISTS (SELECT 1 FROM profile_changes AS x
        WHERE x.guild_id = p.guild_id AND x.profile_id = p.id AND x.kind = @kind AND x.start = @start)`;

/**
 * Segment `index`'s rows, `range` being what follows its LIMIT, as `change`, `user_id`, `id`
 * then what `select` adds, given the expression of the row's change (the profile's columns read
 * as `p.…`); in a union (`numbered`) `seg` first.
 */
function armSql(
  view: ChangeView,
  index: number,
  cursor: boolean,
  select: (change: string) => string,
  range: string,
  numbered: boolean,
): string {
  const arm = armsOf(view)[index];
  const dir = direction(view);
  const before = view.order === 'asc' ? '>' : '<';
  const house = view.house === null ? '' : `p.house${dir}, `;
  const seg = numbered ? `${index} AS seg, ` : '';
  const columns = (change: string) =>
    `${seg}${change} AS change, p.user_id, p.id, ${select(change)}`;
  if (arm === 'zeros') {
    const after = cursor ? ` AND (p.user_id, p.id) ${before} (@user_id, @id)` : '';
    return `SELECT ${columns('0')} FROM profiles AS p
      WHERE p.guild_id = @guild_id${houseOf(view, 'p')} AND NOT ${HAS_ROW}${after}
      ORDER BY ${house}p.user_id${dir}, p.id${dir} LIMIT ${range}`;
  }
  const sign = arm === 'gains' ? '> 0' : '< 0';
  const after = cursor
    ? ` AND (c.change, c.user_id, c.profile_id) ${before} (@sort_key, @user_id, @id)`
    : '';
  return `SELECT ${columns('c.change')} FROM profile_changes AS c
      JOIN profiles AS p ON p.guild_id = c.guild_id AND p.id = c.profile_id
      WHERE ${periodRows(view)} AND c.change ${sign}${after}
      ORDER BY c.change${dir}, c.user_id${dir}, c.profile_id${dir} LIMIT ${range}`;
}

/**
 * The rows of `span` segments from segment `first` (after the cursor, of segment `first`, when
 * `cursor`), at most `limit` (an SQL expression), in list order, as `change`, `user_id`, `id`
 * then what `select` adds. One segment is one range of one index, unsorted; more are a UNION ALL
 * of such ranges, each limited, ordered again over at most `span` times `limit` rows.
 */
export function changeRangesSql(
  view: ChangeView,
  first: number,
  span: number,
  cursor: boolean,
  select: (change: string) => string,
  limit: string,
): string {
  if (span === 1) return armSql(view, first, cursor, select, limit, false);
  const arms = Array.from({ length: span }, (_, i) =>
    armSql(view, first + i, cursor && i === 0, select, limit, true),
  );
  const dir = direction(view);
  return `${arms.map((arm, i) => `SELECT * FROM (${arm}) AS s${i}`).join(' UNION ALL ')}
    ORDER BY seg, change${dir}, user_id${dir}, id${dir} LIMIT ${limit}`;
}

/** How many rows segment `index` (0, 1, 2 in list order) holds, as `n`: index range counts. */
export function changeSegmentCountSql(view: ChangeView, index: number): string {
  const arm = armsOf(view)[index];
  if (arm === 'zeros') {
    // The profiles less the period's rows.
    return `SELECT (SELECT count(*) FROM profiles AS p WHERE p.guild_id = @guild_id${houseOf(view, 'p')}) -
      (SELECT count(*) FROM profile_changes AS c WHERE ${periodRows(view)}) AS n`;
  }
  const sign = arm === 'gains' ? '> 0' : '< 0';
  return `SELECT count(*) AS n FROM profile_changes AS c WHERE ${periodRows(view)} AND c.change ${sign}`;
}

/**
 * The position (`change`, `user_id`, `id`) of segment `index`'s row at `@skip` (0-based), a
 * cursor to read on from: what a numbered page starts after. The rows skipped are index entries
 * in the gains and losses; in the zeros each is also a probe of profile_changes' key, since only
 * a probe tells a profile without a row.
 */
export function changeSegmentPositionSql(view: ChangeView, index: number): string {
  const arm = armsOf(view)[index];
  const dir = direction(view);
  if (arm === 'zeros') {
    const house = view.house === null ? '' : `p.house${dir}, `;
    return `SELECT 0 AS change, p.user_id, p.id FROM profiles AS p
      WHERE p.guild_id = @guild_id${houseOf(view, 'p')} AND NOT ${HAS_ROW}
      ORDER BY ${house}p.user_id${dir}, p.id${dir} LIMIT 1 OFFSET @skip`;
  }
  const sign = arm === 'gains' ? '> 0' : '< 0';
  return `SELECT c.change, c.user_id, c.profile_id AS id FROM profile_changes AS c
      WHERE ${periodRows(view)} AND c.change ${sign}
      ORDER BY c.change${dir}, c.user_id${dir}, c.profile_id${dir} LIMIT 1 OFFSET @skip`;
}

/** The parameters of a change list read. */
export function changeParameters(
  guildId: string,
  view: ChangeView,
  after: ProfileCursor | undefined,
): ChangeParams {
  const values: ChangeParams = {
    guild_id: guildId,
    kind: view.period.kind,
    start: view.period.from,
  };
  if (view.house !== null && view.house !== 'none') values.house = view.house;
  if (after) {
    values.user_id = after.userId;
    values.id = after.id;
    // Only the gains and losses compare the change; the zero group's cursor has none to give.
    if (Number(after.sortKey) !== 0) values.sort_key = Number(after.sortKey);
  }
  return values;
}

/** A change list's shape as a number below 6 (order, house filter), for its statements' names. */
export const changeCode = (view: ChangeView): number =>
  (view.order === 'asc' ? 0 : 3) + houseCode(view);
