import { TRIGGER_WRITTEN } from '../records/index.js';
import type { RecordDefinition } from '../records/record.js';

/*
 * `copy --replace` onto a store that holds data writes only what differs, as the import does
 * (src/transfer/row-diff.ts), so that copying the same data back changes nothing: no cached
 * answer dropped, no event, nothing recorded in guild_changes. The source's rows go into a
 * temporary table per record first; then, table by table, the stored rows are compared with them
 * by primary key. This is the order that keeps every foreign key true at every step.
 */

export interface ReplacePlan {
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
