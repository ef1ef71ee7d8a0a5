import { SAFE_INTEGER } from '../records/field.js';
import { HOUSES, type House } from '../records/houses.js';
import { startColumn } from '../records/terms.js';

/*
 * Besides each change, the store serves two gains of a house: this week's (`▲ 120 this week`, the
 * UTC week from Monday 00:00, counted from the house's last points before it or else from its
 * first inside it) and the open term's (its cup, counted from the term's start: term-rows.ts).
 * Points may be negative, so two safe changes can make a gain past the safe integers; the
 * history's triggers of both engines refuse a write that would, as they refuse a change that
 * large, with these fragments.
 *
 * Looking the week's and the term's starts up would add several index reads to every write of
 * the game, for a case none but a test of the bounds reaches. A gain passes the safe integers
 * only when the points or the start they count from are beyond half of them, so each write
 * first probes two partial indexes that hold only such rows (empty in every guild that never
 * came near): the lookups are made only where a probe finds one.
 */

/** Half the largest safe integer: two numbers within it are within the safe integers apart. */
const HALF = Math.floor(SAFE_INTEGER / 2);

const beyondHalf = (value: (house: House) => string) =>
  HOUSES.map((house) => `abs(${value(house)}) > ${HALF}`).join(' OR ');

// The indexes' conditions, written again alike in their probes: SQLite uses a partial index only
// for a query that states its condition as it is written.
const HISTORY_BEYOND_HALF = beyondHalf((house) => house);
const OPEN_START_BEYOND_HALF = `ended_at IS NULL AND (${beyondHalf(startColumn)})`;

/**
 * The partial indexes of the rows a gain may count from beyond half the safe integers, empty but
 * in a guild that came near them. The open term's is UNIQUE, as an open term is per guild: as
 * unique as terms_one_open, it is the one SQLite's planner takes for the probe, which then reads
 * no row of a term whose start is not beyond half.
 */
export const GAIN_INDEXES: readonly string[] = [
  `CREATE INDEX points_history_beyond_half ON points_history (guild_id) WHERE ${HISTORY_BEYOND_HALF}`,
  `CREATE UNIQUE INDEX terms_open_beyond_half ON terms (guild_id) WHERE ${OPEN_START_BEYOND_HALF}`,
];

const STANDINGS = HOUSES.join(', ');
const [FIRST_HOUSE] = HOUSES;

/**
 * The row of points a start at `at` counts from: `kept` (a row of its own, first) where it holds
 * points, else the guild's last history row before `at` (at or before it, without `strictly`)
 * where that holds points, else its first row from `at` on that does. A row of the history holds
 * the four houses or none (house_points' columns are NOT NULL), so one column tells; only a
 * file's history can name some houses null, which the reads count from house by house. One
 * statement for the four houses, not one per house: its size is what every statement writing
 * house_points pays to compile on SQLite, whether or not a write ever reaches it.
 */
function baseRow(guild: string, at: string, strictly: boolean, kept?: string): string {
  const candidates = [
    ...(kept ? [kept] : []),
    `SELECT * FROM (SELECT ${STANDINGS}, 1 AS k FROM points_history WHERE guild_id = ${guild}
      AND at ${strictly ? '<' : '<='} ${at} ORDER BY at DESC, id DESC LIMIT 1) AS last_before`,
    `SELECT * FROM (SELECT ${STANDINGS}, 2 AS k FROM points_history WHERE guild_id = ${guild}
      AND at >= ${at} AND ${FIRST_HOUSE} IS NOT NULL ORDER BY at, id LIMIT 1) AS first_after`,
  ];
  return `SELECT ${STANDINGS} FROM (${candidates.join('\n    UNION ALL ')}) AS candidates
    WHERE ${FIRST_HOUSE} IS NOT NULL ORDER BY k LIMIT 1`;
}

const OPEN_TERM = (guild: string) => `terms WHERE guild_id = ${guild} AND ended_at IS NULL`;

/** The row the open term's cup counts from, as term-rows.ts reads it; none without an open term. */
const termBaseRow = (guild: string) =>
  baseRow(
    guild,
    `(SELECT started_at FROM ${OPEN_TERM(guild)})`,
    false,
    `SELECT ${HOUSES.map((house) => `${startColumn(house)} AS ${house}`).join(', ')}, 0 AS k FROM ${OPEN_TERM(guild)}`,
  );

/**
 * True when a guild's points `points(house)` might be further than the largest safe integer from
 * where this week or its open term counts them from: two probes of GAIN_INDEXES, the condition
 * on which `gainExceeded` is read (SQLite and PostgreSQL evaluate a CASE's or an IF's branch only when
 * it is taken, and PostgreSQL plans a statement of plpgsql only when it runs it).
 */
export function gainMayExceed(points: (house: House) => string, guild: string): string {
  return [
    beyondHalf(points),
    `EXISTS (SELECT 1 FROM points_history WHERE guild_id = ${guild} AND (${HISTORY_BEYOND_HALF}))`,
    `EXISTS (SELECT 1 FROM terms WHERE guild_id = ${guild} AND ${OPEN_START_BEYOND_HALF})`,
  ].join('\n    OR ');
}

/**
 * True when a guild's points `points(house)` are further than the largest safe integer from where
 * this week or its open term counts them from (none yet: nothing to count from).
 */
export function gainExceeded(
  points: (house: House) => string,
  guild: string,
  weekStart: string,
): string {
  const beyond = (row: string) =>
    `EXISTS (SELECT 1 FROM (${row}) AS base WHERE ${HOUSES.map(
      (house) => `abs(${points(house)} - base.${house}) > ${SAFE_INTEGER}`,
    ).join(' OR ')})`;
  return `${beyond(baseRow(guild, weekStart, true))}\n    OR ${beyond(termBaseRow(guild))}`;
}

/** The refusal's words, one for both engines: what the store would otherwise serve. */
export const GAIN_REFUSED = `a house's points must stay within ${SAFE_INTEGER} of its points when this week and the open term began (its gain there)`;
