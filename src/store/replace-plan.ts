import { TRIGGER_WRITTEN } from '../records/index.js';
import { columnList, columnNames, type RecordDefinition } from '../records/record.js';
import { type Op, run } from './sql/op.js';
import { type Statement, statementFamily } from './sql/statement.js';

/*
 * `copy --replace` onto a store that holds data writes only what differs, as the import does
 * (src/transfer/row-diff.ts), so that copying the same data back changes nothing: no cached
 * answer dropped, no event, nothing recorded in guild_changes. The source's rows go into a
 * temporary table per record first (`scratchTable`, then the rows); then, table by table, the
 * stored rows are compared with them by primary key (`applyPlan`). This is the order that keeps
 * every foreign key true at every step. The statements are the same on both engines.
 */

interface ReplacePlan {
  /** Rows the source lacks, deleted first: tables no other table references, children first. */
  deleteFirst: RecordDefinition[];
  /** Then, parents first, changed rows updated and new rows inserted. */
  write: RecordDefinition[];
  /** Then rows the source lacks in the tables others reference (jobs), once nothing names them. */
  deleteLast: RecordDefinition[];
  /**
   * Last, once more, rows the source lacks in tables the store's triggers write too: the history
   * rows SQLite's triggers appended for points the copy deleted or changed.
   */
  deleteAgain: RecordDefinition[];
}

/** The plan for `records`, given in an order where each table comes after those it references. */
export function replacePlan(records: readonly RecordDefinition[]): ReplacePlan {
  const referenced = new Set(
    records.flatMap((record) => (record.references ?? []).map((reference) => reference.table)),
  );
  const backwards = [...records].reverse();
  return {
    deleteFirst: backwards.filter((record) => !referenced.has(record.table)),
    write: [...records],
    deleteLast: backwards.filter((record) => referenced.has(record.table)),
    deleteAgain: records.filter((record) =>
      (TRIGGER_WRITTEN as ReadonlySet<RecordDefinition>).has(record),
    ),
  };
}

/** The record's primary key columns (a generated id when it declares none). */
export const primaryKeyOf = (record: RecordDefinition): readonly string[] =>
  record.primaryKey ?? ['id'];

/** The temporary table that holds the source's rows of `record` during a copy. */
export const sourceTable = (record: RecordDefinition): string => `copy_source_${record.table}`;

const byTable = statementFamily();
const statementOf = (record: RecordDefinition, step: string, text: () => string): Statement =>
  byTable(`${record.table}:${step}`, text);

/** `t` (the stored row) and `s` (the source's) have the same primary key. */
const sameKey = (record: RecordDefinition) =>
  primaryKeyOf(record)
    .map((column) => `s.${column} = t.${column}`)
    .join(' AND ');

/**
 * The temporary table of `record`'s source rows: the table's columns and their types (so values
 * compare as the stored ones do), keyed by its primary key. Dropped by `applyPlan`, or with the
 * transaction when the copy fails (both engines roll a temporary table's creation back).
 */
export function* scratchTable(record: RecordDefinition): Op<void> {
  const source = sourceTable(record);
  yield* run(
    statementOf(
      record,
      'scratch',
      () =>
        `CREATE TEMP TABLE ${source} AS SELECT ${columnList(record)} FROM ${record.table} LIMIT 0`,
    ),
  );
  yield* run(
    statementOf(
      record,
      'scratch-key',
      () => `CREATE UNIQUE INDEX ${source}_key ON ${source} (${primaryKeyOf(record).join(', ')})`,
    ),
  );
}

const deleteAbsent = (record: RecordDefinition) =>
  statementOf(
    record,
    'delete-absent',
    () => `DELETE FROM ${record.table} AS t
      WHERE NOT EXISTS (SELECT 1 FROM ${sourceTable(record)} AS s WHERE ${sameKey(record)})`,
  );

/** Stored rows whose other columns are not the source's, made the source's; none when all are keys. */
function updateChanged(record: RecordDefinition): Statement | null {
  const key = primaryKeyOf(record);
  const others = columnNames(record).filter((name) => !key.includes(name));
  if (others.length === 0) return null;
  return statementOf(
    record,
    'update-changed',
    () => `UPDATE ${record.table} AS t SET ${others.map((name) => `${name} = s.${name}`).join(', ')}
      FROM ${sourceTable(record)} AS s
      WHERE ${sameKey(record)}
        AND (${others.map((name) => `t.${name} IS DISTINCT FROM s.${name}`).join(' OR ')})`,
  );
}

const insertNew = (record: RecordDefinition) =>
  statementOf(
    record,
    'insert-new',
    () => `INSERT INTO ${record.table} (${columnList(record)})
      SELECT ${columnNames(record)
        .map((name) => `s.${name}`)
        .join(', ')} FROM ${sourceTable(record)} AS s
      WHERE NOT EXISTS (SELECT 1 FROM ${record.table} AS t WHERE ${sameKey(record)})`,
  );

const dropScratch = (record: RecordDefinition) =>
  statementOf(record, 'drop-scratch', () => `DROP TABLE ${sourceTable(record)}`);

/** Makes the stored rows the scratch tables' (filled by then), in the plan's order. */
export function* applyPlan(plan: ReplacePlan): Op<void> {
  for (const record of plan.deleteFirst) yield* run(deleteAbsent(record));
  for (const record of plan.write) {
    const update = updateChanged(record);
    if (update) yield* run(update);
    yield* run(insertNew(record));
  }
  for (const record of plan.deleteLast) yield* run(deleteAbsent(record));
  for (const record of plan.deleteAgain) yield* run(deleteAbsent(record));
  for (const record of plan.write) yield* run(dropScratch(record));
}
