import type { ProfileCursor } from '../read/types.js';
import type { ChangeView } from '../records/periods.js';

/*
 * The SQL of a period's list by change (records/periods.ts, ChangeView), for both stores, in the
 * manner of profile-lists.ts: named parameters (@guild, @kind, @start, @house, @sortKey, @user, @id),
 * each segment one range of one index, a page one statement.
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

type Arm = 'gains' | 'zeros' | 'losses';

export function armsOf(view: ChangeView): Arm[] {
  return view.order === 'desc' ? ['gains', 'zeros', 'losses'] : ['losses', 'zeros', 'gains'];
}

const armOfKey = (key: number): Arm => (key > 0 ? 'gains' : key < 0 ? 'losses' : 'zeros');

/** The segment (0, 1, 2) the cursor's row lies in. */
export function changeSegmentOf(view: ChangeView, cursor: ProfileCursor): number {
  return armsOf(view).indexOf(armOfKey(Number(cursor.sortKey)));
}

const direction = (view: ChangeView) => (view.order === 'asc' ? '' : ' DESC');

function houseOf(view: ChangeView, alias: string): string {
  if (view.house === null) return '';
  return view.house === 'none' ? ` AND ${alias}.house IS NULL` : ` AND ${alias}.house = @house`;
}

/** The period's rows of the guild (in the view's house), as the indexes' leading columns. */
const periodRows = (view: ChangeView) =>
  `c.guild_id = @guild AND c.kind = @kind AND c.start = @start${houseOf(view, 'c')}`;

/** Whether profile `p` has a row in the period: one probe of the primary key. */
const HAS_ROW = `EXISTS (SELECT 1 FROM profile_changes AS x
        WHERE x.guild_id = p.guild_id AND x.profile_id = p.id AND x.kind = @kind AND x.start = @start)`;

/**
 * What each arm selects: `profile` is the profile's columns as `p.…`, `change` its change. The
 * caller's select list reads both through the names `p` and `change`.
 */
function armSql(
  view: ChangeView,
  index: number,
  cursor: ProfileCursor | undefined,
  select: (change: string) => string,
  range: string,
): string {
  const arm = armsOf(view)[index];
  const dir = direction(view);
  const before = view.order === 'asc' ? '>' : '<';
  const house = view.house === null ? '' : `p.house${dir}, `;
  if (arm === 'zeros') {
    const after = cursor ? ` AND (p.user_id, p.id) ${before} (@user, @id)` : '';
    return `SELECT ${index} AS seg, ${select('0')} FROM profiles AS p
      WHERE p.guild_id = @guild${houseOf(view, 'p')} AND NOT ${HAS_ROW}${after}
      ORDER BY ${house}p.user_id${dir}, p.id${dir} LIMIT ${range}`;
  }
  const sign = arm === 'gains' ? '> 0' : '< 0';
  const after = cursor
    ? ` AND (c.change, c.user_id, c.profile_id) ${before} (@sortKey, @user, @id)`
    : '';
  return `SELECT ${index} AS seg, ${select('c.change')} FROM profile_changes AS c
      JOIN profiles AS p ON p.guild_id = c.guild_id AND p.id = c.profile_id
      WHERE ${periodRows(view)} AND c.change ${sign}${after}
      ORDER BY c.change${dir}, c.user_id${dir}, c.profile_id${dir} LIMIT ${range}`;
}

/**
 * The list's rows after `after` (from the start without one), at most `limit` (an SQL
 * expression), in list order, as `seg`, `change`, `user_id`, `id` then whatever `select` adds
 * (given the expression of the row's change): a UNION ALL of the segments from the cursor's on,
 * each limited, ordered again over at most three times `limit` rows.
 */
export function changeRowsSql(
  view: ChangeView,
  after: ProfileCursor | undefined,
  select: (change: string) => string,
  limit: string,
): string {
  const first = after ? changeSegmentOf(view, after) : 0;
  const columns = positioned(select);
  const arms = armsOf(view)
    .slice(first)
    .map((_arm, i) => armSql(view, first + i, i === 0 ? after : undefined, columns, limit));
  if (arms.length === 1) return arms[0] as string;
  const dir = direction(view);
  return `${arms.map((arm, i) => `SELECT * FROM (${arm}) AS s${i}`).join(' UNION ALL ')}
    ORDER BY seg, change${dir}, user_id${dir}, id${dir} LIMIT ${limit}`;
}

const positioned = (select: (change: string) => string) => (change: string) =>
  `${change} AS change, p.user_id, p.id, ${select(change)}`;

/**
 * One segment's rows (0, 1, 2 in list order), after `cursor` (a cursor of this segment) or from
 * its start, at most `limit`, with the columns of changeRowsSql: one range of one index, with no
 * sort. SQLite reads a list segment after segment with these, going on to the next only when a
 * page is not full (its compound SELECT would sort each arm's rows again).
 */
export function changeSegmentSql(
  view: ChangeView,
  index: number,
  cursor: ProfileCursor | undefined,
  select: (change: string) => string,
  limit: string,
): string {
  return armSql(view, index, cursor, positioned(select), limit);
}

/** How many rows segment `index` (0, 1, 2 in list order) holds, as `n`: index range counts. */
export function changeSegmentCountSql(view: ChangeView, index: number): string {
  const arm = armsOf(view)[index];
  if (arm === 'zeros') {
    // The profiles less the period's rows.
    return `SELECT (SELECT count(*) FROM profiles AS p WHERE p.guild_id = @guild${houseOf(view, 'p')}) -
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
      WHERE p.guild_id = @guild${houseOf(view, 'p')} AND NOT ${HAS_ROW}
      ORDER BY ${house}p.user_id${dir}, p.id${dir} LIMIT 1 OFFSET @skip`;
  }
  const sign = arm === 'gains' ? '> 0' : '< 0';
  return `SELECT c.change, c.user_id, c.profile_id AS id FROM profile_changes AS c
      WHERE ${periodRows(view)} AND c.change ${sign}
      ORDER BY c.change${dir}, c.user_id${dir}, c.profile_id${dir} LIMIT 1 OFFSET @skip`;
}

/** The named parameters of a change list read. */
export function changeParameters(
  guildId: string,
  view: ChangeView,
  after: ProfileCursor | undefined,
): Record<string, string | number | null> {
  const values: Record<string, string | number | null> = {
    guild: guildId,
    kind: view.period.kind,
    start: view.period.from,
  };
  if (view.house !== null && view.house !== 'none') values.house = view.house;
  if (after) {
    values.user = after.userId;
    values.id = after.id;
    // Only the gains and losses compare the change; the zero group's cursor has none to give.
    if (Number(after.sortKey) !== 0) values.sortKey = Number(after.sortKey);
  }
  return values;
}

/** A statement's name for a change list read: the view's shape and where the read starts. */
export function changeStatementKey(view: ChangeView, after: ProfileCursor | undefined): string {
  const from = after ? `after${changeSegmentOf(view, after)}` : 'start';
  return `change.${view.order}.${view.house === null ? 'all' : view.house === 'none' ? 'none' : 'house'}.${from}`;
}
