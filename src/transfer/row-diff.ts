import { columnNames, type RecordDefinition } from '../records/record.js';

/*
 * An import writes only what differs: a guild's rows as the file makes them are
 * compared with the rows the store holds, by primary key, and only the rows that are new, gone
 * or different in some column are written. So re-importing the same file writes nothing at all,
 * and the store's change triggers (which count only real changes anyway) record nothing: no
 * event, no new generation, no webhook.
 */

/** A row as both stores read and write it: the record's column values, in field order. */
export type RowValues = readonly unknown[];

export interface RowDiff {
  /** Rows the store lacks. */
  inserts: RowValues[];
  /** Rows the store holds under the same key, with some other column different. */
  updates: RowValues[];
  /** Stored rows the file no longer has (whole rows: their keys are read from them). */
  deletes: RowValues[];
}

/** The positions of the record's primary key columns in its rows. */
function primaryKeyPositions(record: RecordDefinition): number[] {
  const names = columnNames(record);
  const primaryKey = record.primaryKey ?? ['id'];
  return primaryKey.map((column) => {
    const at = names.indexOf(column);
    if (at < 0) throw new Error(`${record.table}: no column ${column}`);
    return at;
  });
}

/** Whether two rows hold the same values, column by column (null is null, 1 is 1). */
function sameRow(a: RowValues, b: RowValues): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** What turns the stored rows into the wanted ones, each row matched by its primary key. */
export function diffRows(
  record: RecordDefinition,
  stored: readonly RowValues[],
  wanted: readonly RowValues[],
): RowDiff {
  const positions = primaryKeyPositions(record);
  const primaryKeyOf = (row: RowValues) =>
    positions.length === 1
      ? String(row[positions[0] ?? 0])
      : JSON.stringify(positions.map((at) => row[at]));
  const held = new Map<string, RowValues>();
  for (const row of stored) held.set(primaryKeyOf(row), row);
  const diff: RowDiff = { inserts: [], updates: [], deletes: [] };
  for (const row of wanted) {
    const primaryKey = primaryKeyOf(row);
    const old = held.get(primaryKey);
    if (!old) diff.inserts.push(row);
    else if (!sameRow(old, row)) diff.updates.push(row);
    held.delete(primaryKey);
  }
  diff.deletes = [...held.values()];
  return diff;
}

/** Whether the diff writes anything. */
export const isEmpty = (diff: RowDiff): boolean =>
  diff.inserts.length === 0 && diff.updates.length === 0 && diff.deletes.length === 0;
