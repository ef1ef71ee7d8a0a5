import type pg from 'pg';
import type { PointsHistoryReader } from '../../read/service.js';
import { HOUSES } from '../../records/houses.js';
import type { HistoryEntry, Standings } from '../../records/points-history.js';

/**
 * `at` as the API and SQLite write it (`YYYY-MM-DDTHH:MM:SS.sssZ`), whatever the session's time
 * zone.
 */
export const AT_TEXT = `to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`;
const COLUMNS = `${AT_TEXT}, ${HOUSES.join(', ')}`;

export function createPointsHistoryReader(pool: pg.Pool): PointsHistoryReader {
  const text = `(SELECT ${COLUMNS}, at AS sort_at, id FROM points_history
      WHERE guild_id = $1 AND at <= $2 ORDER BY at DESC, id DESC LIMIT 1)
    UNION ALL
    (SELECT ${COLUMNS}, at AS sort_at, id FROM points_history
      WHERE guild_id = $1 AND at > $2 AND at <= $3)
    ORDER BY sort_at, id`;
  // All the instants in one round trip: a lateral lookup on (guild_id, at) per instant.
  // `found`: a row with four nulls (points removed) is not the absence of a row.
  const atText = `SELECT h.found, ${HOUSES.map((house) => `h.${house}`).join(', ')}
    FROM unnest($2::timestamptz[]) WITH ORDINALITY AS i(instant, n)
    LEFT JOIN LATERAL (
      SELECT true AS found, ${HOUSES.join(', ')} FROM points_history
      WHERE guild_id = $1 AND at <= i.instant ORDER BY at DESC, id DESC LIMIT 1
    ) h ON true
    ORDER BY i.n`;
  return {
    async standingsAt(guildId, instants) {
      // Unnamed, so planned for these values each time: a named statement's generic plan, not
      // knowing the guild, sorted its rows for every instant (docs/performance.md, "History
      // lookups on PostgreSQL").
      const { rows } = await pool.query<Record<string, unknown>>(atText, [guildId, instants]);
      return rows.map((row) => {
        if (row.found !== true) return null;
        const standings = {} as Standings;
        for (const house of HOUSES) {
          standings[house] = row[house] === null ? null : Number(row[house]);
        }
        return standings;
      });
    },
    async between(guildId, from, to) {
      const { rows } = await pool.query<HistoryEntry & { sort_at: unknown; id: unknown }>({
        name: 'points_history',
        text,
        values: [guildId, from, to],
      });
      return rows.map(({ at, gryffindor, slytherin, ravenclaw, hufflepuff }) => ({
        at,
        gryffindor: gryffindor === null ? null : Number(gryffindor),
        slytherin: slytherin === null ? null : Number(slytherin),
        ravenclaw: ravenclaw === null ? null : Number(ravenclaw),
        hufflepuff: hufflepuff === null ? null : Number(hufflepuff),
      }));
    },
  };
}
