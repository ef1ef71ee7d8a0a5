import { HOUSES } from '../records/houses.js';
import type { Standings } from '../records/points-history.js';
import { type Term, winnersOf } from '../records/terms.js';

/*
 * A term as both stores read it: one row of `terms` with its standings in place, the open term's
 * being the guild's points now (a LEFT JOIN of house_points), an ended term's those kept in its
 * row when it ended.
 */

/** A term's row as the stores' SELECTs give it (integers may come back as text on PostgreSQL). */
export interface TermReadRow {
  id: number | string;
  name: string;
  started_at: string;
  ended_at: string | null;
  gryffindor: number | string | null;
  slytherin: number | string | null;
  ravenclaw: number | string | null;
  hufflepuff: number | string | null;
}

/** The standings columns of a term read with `t` (terms) and `p` (house_points, open term only). */
export const TERM_STANDINGS_SQL = HOUSES.map(
  (house) => `CASE WHEN t.ended_at IS NULL THEN p.${house} ELSE t.${house} END AS ${house}`,
).join(', ');

export function termOf(row: TermReadRow): Term {
  const standings = {} as Standings;
  for (const house of HOUSES) {
    const points = row[house];
    standings[house] = points === null ? null : Number(points);
  }
  return {
    id: Number(row.id),
    name: row.name,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    standings,
    winners: winnersOf(standings),
  };
}
