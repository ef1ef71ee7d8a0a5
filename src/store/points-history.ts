import type { PointsHistoryReader } from '../read/service.js';
import { HOUSES } from '../records/houses.js';
import type { HistoryEntry, pointsHistory, Standings } from '../records/points-history.js';
import type { RowOf } from '../records/record.js';
import type { SqlDb } from './sql/db.js';
import { all, first } from './sql/op.js';
import { statement } from './sql/statement.js';

/*
 * A guild's points history, on either engine: each lookup one range of the index (guild_id, at),
 * whose entries hold the id too, so ties of `at` are ordered by it without a sort.
 */

type Row = RowOf<typeof pointsHistory>;
const houses = (alias: string) => HOUSES.map((house) => `${alias}.${house}`).join(', ');

// The last row at or before `from`, then those after it up to `to`: the union is merged in the
// index's order. Sorted by the instant itself (h.at), not its text.
const BETWEEN = statement<
  Pick<Row, 'guild_id'> & { from: string; to: string },
  HistoryEntry & { sort_at: unknown; id: number }
>((d) => {
  const select = `${d.instantText('h.at')} AS at, ${houses('h')}, h.at AS sort_at, h.id`;
  return `SELECT * FROM (SELECT ${select} FROM points_history AS h
       WHERE h.guild_id = @guild_id AND h.at <= @from ORDER BY h.at DESC, h.id DESC LIMIT 1) AS earlier
     UNION ALL
     SELECT ${select} FROM points_history AS h
       WHERE h.guild_id = @guild_id AND h.at > @from AND h.at <= @to
     ORDER BY sort_at, id`;
});

const LAST_AT_OR_BEFORE =
  'WHERE guild_id = @guild_id AND at <= i.value ORDER BY at DESC, id DESC LIMIT 1';

// Every instant in one statement: the last row at or before it, one backward step of the index
// each. `hid` null: no row yet, where a row of four nulls is points removed.
const AT = statement<
  Pick<Row, 'guild_id'> & { instants: unknown },
  { hid: number | null } & Standings
>(
  (d) => `SELECT h.id AS hid, ${houses('h')} FROM ${d.arrayRows('@instants', 'timestamptz', 'i')}
   ${d.joinFirst('points_history', 'h', 'id', LAST_AT_OR_BEFORE)} ORDER BY i.key`,
  // A named statement's generic plan, not knowing the guild, sorted its rows for every instant
  // (docs/performance.md, "History lookups on PostgreSQL").
  { planEachRun: true },
);

const FIRST = statement<Pick<Row, 'guild_id'>, { at: string }>(
  (d) => `SELECT ${d.instantText('at')} AS at FROM points_history WHERE guild_id = @guild_id
   ORDER BY at, id LIMIT 1`,
);

const standingsOf = (row: Standings): Standings => ({
  gryffindor: row.gryffindor,
  slytherin: row.slytherin,
  ravenclaw: row.ravenclaw,
  hufflepuff: row.hufflepuff,
});

export function createPointsHistoryReader(db: SqlDb): PointsHistoryReader {
  return {
    async between(guildId, from, to) {
      const rows = await db.read(all(BETWEEN, { guild_id: guildId, from, to }));
      return rows.map((row) => ({ at: row.at, ...standingsOf(row) }));
    },
    async firstAt(guildId) {
      return (await db.read(first(FIRST, { guild_id: guildId })))?.at ?? null;
    },
    async standingsAt(guildId, instants) {
      const rows = await db.read(
        all(AT, { guild_id: guildId, instants: db.dialect.array(instants) }),
      );
      return rows.map((row) => (row.hid === null ? null : standingsOf(row)));
    },
  };
}
