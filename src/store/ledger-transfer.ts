import type { pointsLedger } from '../records/points-ledger.js';
import type { RowOf } from '../records/record.js';
import type { GuildEntry } from '../transfer/format.js';
import {
  type LedgerTransferRow,
  ledgerAfterImport,
  ledgerChange,
  ledgerEntryOf,
  ledgerRowOf,
  numberedRows,
} from '../transfer/ledger.js';
import { type Dialect, only } from './sql/dialect.js';
import { all, first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';

/*
 * A file's ledger in the store (src/transfer/ledger.ts): read for an export, written by an
 * import where it differs. A batch of rows goes as one JSON parameter (Dialect.jsonRows).
 */

type GuildKey = Pick<RowOf<typeof pointsLedger>, 'guild_id'>;

const bigint = (text: string) => `CAST(${text} AS bigint)`;
const COLUMNS = 'id, at, house, delta, total, source, by_user, for_user, reason, undone, undoes';

/** A guild's entries, oldest first, instants as text. */
export const STORED_LEDGER = statement<GuildKey, LedgerTransferRow>(
  (d) => `SELECT ${COLUMNS.replace('at,', `${d.instantText('at')} AS at,`)} FROM points_ledger
   WHERE guild_id = @guild_id ORDER BY id`,
);
const DELETE_LEDGER = statement<{ ids: unknown }>(
  (d) =>
    `DELETE FROM points_ledger WHERE id IN (SELECT i.value FROM ${d.arrayRows('@ids', 'bigint', 'i')})`,
);
/** Whether another guild holds one of `ids`. */
const HELD_ELSEWHERE = statement<GuildKey & { ids: unknown }, { held: number }>(
  (d) => `SELECT count(*) AS held FROM points_ledger WHERE guild_id <> @guild_id
   AND id IN (SELECT i.value FROM ${d.arrayRows('@ids', 'bigint', 'i')})`,
);
// The largest id ever given, deleted ones included: numbers are never reused.
const LAST_ID = statement<Record<string, never>, { last: number | string }>((d) =>
  only(
    d,
    'postgres',
    `SELECT greatest(coalesce((SELECT max(id) FROM points_ledger), 0),
       (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM points_ledger_id_seq)) AS last`,
    `SELECT max(coalesce((SELECT max(id) FROM points_ledger), 0),
       coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'points_ledger'), 0)) AS last`,
  ),
);
const INSERT_LEDGER = statement<GuildKey & { rows: string }>(
  (d) => `INSERT INTO points_ledger (guild_id, ${COLUMNS})
   SELECT @guild_id, ${bigint("e.value ->> 'id'")},
     ${only(d, 'postgres', "CAST(e.value ->> 'at' AS timestamptz)", "e.value ->> 'at'")},
     e.value ->> 'house', ${bigint("e.value ->> 'delta'")}, ${bigint("e.value ->> 'total'")},
     e.value ->> 'source', e.value ->> 'by_user', e.value ->> 'for_user', e.value ->> 'reason',
     ${bigint("e.value ->> 'undone'")}, ${bigint("e.value ->> 'undoes'")}
   FROM ${d.jsonRows('@rows', 'e')} ORDER BY e.key`,
  { planEachRun: true },
);
// PostgreSQL's identity does not see ids given: the next one comes after them. (SQLite's
// AUTOINCREMENT does.)
const ADVANCE_IDS = statement(
  (d) =>
    only(
      d,
      'postgres',
      `SELECT setval('points_ledger_id_seq', greatest((SELECT max(id) FROM points_ledger),
         (SELECT last_value FROM points_ledger_id_seq)))`,
    ),
  { planEachRun: true },
);

/**
 * Before the points: the file's ledger, if it has one, and the import's own change from its last
 * totals, become the guild's (ledgerAfterImport); the trigger then finds nothing more to count.
 */
export function* writeLedger(guild: GuildEntry, stamp: string, dialect: Dialect): Op<void> {
  const wanted = ledgerAfterImport(guild, stamp);
  if (!wanted) return;
  const key = { guild_id: guild.id };
  const stored = (yield* all(STORED_LEDGER, key)).map((row) => ledgerRowOf(ledgerEntryOf(row)));
  const change = ledgerChange(stored, wanted.rows, wanted.own);
  if (change.deleteIds.length > 0) {
    yield* run(DELETE_LEDGER, { ids: dialect.array(change.deleteIds) });
  }
  const [next] = change.insert;
  if (!next) return;
  const lastKept = stored[stored.length - change.deleteIds.length - 1]?.id ?? 0;
  const ids = dialect.array(change.insert.map((row) => row.id));
  const held = (yield* first(HELD_ELSEWHERE, { ...key, ids }))?.held ?? 0;
  const free = next.id > lastKept && Number(held) === 0;
  const firstId = free ? undefined : Number((yield* first(LAST_ID))?.last ?? 0) + 1;
  const rows = numberedRows(change, firstId);
  yield* run(INSERT_LEDGER, { ...key, rows: JSON.stringify(rows) });
  yield* run(ADVANCE_IDS);
}
