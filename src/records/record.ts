import type { Field, ValueOf } from './field.js';

type Fields = Record<string, Field>;

/** A composite foreign key to another record's table. */
interface Reference {
  name: string;
  columns: readonly string[];
  table: string;
  foreignColumns: readonly string[];
}

/**
 * One record of the store: a table whose columns are `fields`, in the order the API shows them.
 * The table names and columns are a contract too (another program may write them directly), so
 * they never change without a migration.
 */
export interface RecordDefinition<F extends Fields = Fields> {
  /** The name clients see (`components.schemas.Profile`). */
  name: string;
  table: string;
  description: string;
  fields: F;
  /** Omitted when the key is a single generated column. */
  primaryKey?: readonly string[];
  indexes?: Readonly<Record<string, IndexDefinition>>;
  references?: readonly Reference[];
}

/**
 * An index: its columns, or its columns and the one column whose rows it holds only where that
 * column is set (a partial index: rows without it cost a write nothing, and a lookup of a value
 * of that column, which is never null, still reads it).
 */
type IndexDefinition<K extends string = string> =
  | readonly K[]
  | { readonly columns: readonly K[]; readonly whereSet: K };

/** The TypeScript type of a record's row, field by field. */
export type RowOf<R extends RecordDefinition> = {
  -readonly [K in keyof R['fields']]: ValueOf<R['fields'][K]>;
};

/** A record, its column lists checked against its own fields. */
export function defineRecord<const F extends Fields, const K extends keyof F & string>(
  record: RecordDefinition<F> & {
    primaryKey?: readonly K[];
    indexes?: Readonly<Record<string, IndexDefinition<K>>>;
    references?: readonly (Reference & { columns: readonly K[] })[];
  },
): RecordDefinition<F> {
  return record;
}

/** The record's columns, comma-separated, in field order: for SELECT and INSERT lists. */
export function columnList(record: RecordDefinition, omit: readonly string[] = []): string {
  return columnNames(record, omit).join(', ');
}

export function columnNames(record: RecordDefinition, omit: readonly string[] = []): string[] {
  return Object.keys(record.fields).filter((name) => !omit.includes(name));
}
