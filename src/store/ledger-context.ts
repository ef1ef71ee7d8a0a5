import type { pointsHistory } from '../records/points-history.js';
import type { LedgerSource } from '../records/points-ledger.js';
import type { RowOf } from '../records/record.js';
import { CONTEXT_SETTING } from './postgres/triggers.js';
import { only } from './sql/dialect.js';
import { type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import { CONTEXT_COLUMNS, CONTEXT_TABLE } from './sqlite/triggers.js';

/*
 * Who and why of the points a write transaction changes: the store's history triggers
 * (src/store/*\/triggers.ts) write it onto every row they add meanwhile, and the ledger reads it
 * there. PostgreSQL keeps it in a setting local to the transaction, which its history trigger
 * reads at commit; SQLite, which has none, in the one row of a table (a column each) written
 * inside the transaction and deleted before it ends (one writer at a time: no other connection ever sees
 * it). Without a context, a change is the game's.
 */

/** What the entries written under it say, besides their numbers. */
export interface LedgerContext {
  source: Exclude<LedgerSource, 'game'>;
  /** A member's id, or a label given on the command line. */
  by?: string | null;
  /** The member the change was for. */
  for?: string | null;
  reason?: string | null;
}

const SET = statement<Pick<RowOf<typeof pointsHistory>, (typeof CONTEXT_COLUMNS)[number]>>((d) =>
  only(
    d,
    'postgres',
    `SELECT set_config('${CONTEXT_SETTING}', json_build_object('source', @source::text, 'by', @by_user::text, 'for', @for_user::text, 'reason', @reason::text)::text, true)`,
    `INSERT OR REPLACE INTO ${CONTEXT_TABLE} (one, ${CONTEXT_COLUMNS.join(', ')}) VALUES (1, ${CONTEXT_COLUMNS.map((column) => `@${column}`).join(', ')})`,
  ),
);
// PostgreSQL's setting ends with the transaction, after the history's trigger read it.
const CLEAR = statement((d) => only(d, 'sqlite', `DELETE FROM ${CONTEXT_TABLE}`));

/**
 * Runs `op` (in a write transaction: SqlDb.write) with `context` for the ledger, then clears it
 * (on PostgreSQL, the transaction's end does). Not nested, and nothing else after it. An `op` that throws clears nothing: its transaction rolls back, context and all.
 */
export function* withLedgerContext<T>(context: LedgerContext, op: Op<T>): Op<T> {
  const { source, by = null, reason = null } = context;
  yield* run(SET, { source, by_user: by, for_user: context.for ?? null, reason });
  const result = yield* op;
  yield* run(CLEAR);
  return result;
}
