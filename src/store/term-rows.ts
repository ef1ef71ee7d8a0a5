import { HOUSES, type House } from '../records/houses.js';
import type { Standings } from '../records/points-history.js';
import {
  leadersOf,
  type StartColumn,
  startColumn,
  type Term,
  termGains,
} from '../records/terms.js';

/*
 * A term as both stores read it: one row of `terms` with the points it ended with (the open
 * term's being the guild's points now, a LEFT JOIN of house_points; an ended term's those kept
 * in its row when it ended) and the points it started from, from which its cup, what each house
 * gained, follows.
 *
 * A term started by housecup keeps its start in its row. One whose start the row does not hold
 * (a term from before the starts were kept whose history held none, one a file or another
 * program wrote without them) reads it from the points history as the migration did: the last
 * change at or before its start; else, for a guild that had no points then, the first points
 * inside the term, as members' changes count from a new profile's first galleons; else nothing
 * (its gain is then its total: termGains).
 */

/** A term's row as the stores' SELECTs give it (integers may come back as text on PostgreSQL). */
export type TermReadRow = {
  id: number | string;
  name: string;
  started_at: string;
  ended_at: string | null;
} & Record<House | StartColumn, number | string | null>;

/** A house's start in the term `t`: the one its row keeps, else as the history tells it. */
function startFromHistory(house: House): string {
  const lastBefore = `SELECT h.${house} FROM points_history h
     WHERE h.guild_id = t.guild_id AND h.at <= t.started_at ORDER BY h.at DESC, h.id DESC LIMIT 1`;
  const firstInside = `SELECT h.${house} FROM points_history h
     WHERE h.guild_id = t.guild_id AND h.at >= t.started_at
       AND (t.ended_at IS NULL OR h.at <= t.ended_at) AND h.${house} IS NOT NULL
     ORDER BY h.at, h.id LIMIT 1`;
  // Both engines' coalesce stops at its first non-null argument: a kept start reads no history.
  return `coalesce(t.${startColumn(house)}, (${lastBefore}), (${firstInside}))`;
}

/**
 * The columns of a term read with `t` (terms) and `p` (house_points, joined for the open term
 * only): each house's points at the end (or now) and when it started.
 */
export const TERM_STANDINGS_SQL = HOUSES.flatMap((house) => [
  `CASE WHEN t.ended_at IS NULL THEN p.${house} ELSE t.${house} END AS ${house}`,
  `${startFromHistory(house)} AS ${startColumn(house)}`,
]).join(', ');

const number = (value: number | string | null) => (value === null ? null : Number(value));

export function termOf(row: TermReadRow): Term {
  const totals = {} as Standings;
  const start = {} as Standings;
  for (const house of HOUSES) {
    totals[house] = number(row[house]);
    start[house] = number(row[startColumn(house)]);
  }
  const standings = termGains(totals, start);
  return {
    id: Number(row.id),
    name: row.name,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    standings,
    totals,
    winners: row.ended_at === null ? null : leadersOf(standings),
  };
}
