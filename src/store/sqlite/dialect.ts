import { profileChange } from '../../records/profile-change.js';
import { columnNames, type RecordDefinition } from '../../records/record.js';
import type { Dialect } from '../sql/dialect.js';
import { sqliteCursorAfter } from './changes.js';

/** The tables made WITHOUT ROWID (triggers.ts, PERIOD_TABLE): their key is their order. */
const WITHOUT_ROWID: ReadonlySet<RecordDefinition> = new Set([profileChange]);

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  now: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  // Instants are stored as that text already.
  instantText: (expression) => expression,
  unlimited: -1,
  forUpdate: '',
  forShare: '',
  forUpdateSkipLocked: '',
  integer: (expression) => expression,
  jsonObject(record, alias, extra = {}) {
    const column = alias ? (name: string) => `${alias}.${name}` : (name: string) => name;
    const pairs = columnNames(record).map((name) => `'${name}', ${column(name)}`);
    for (const [key, value] of Object.entries(extra)) pairs.push(`'${key}', ${value}`);
    return `json_object(${pairs.join(', ')})`;
  },
  // A blob: better-sqlite3 hands back its bytes, never decoded to a JS string.
  jsonArray: (objects) => `CAST(json_group_array(${objects}) AS BLOB)`,
  lists: 'ranges',
  // SQLite tests a row value at every index entry it counts: about twice one column's bound.
  countBound: 'split',
  joinFirst: (table, alias, key, pick) =>
    `LEFT JOIN ${table} AS ${alias} ON ${alias}.${key} = (SELECT ${key} FROM ${table} ${pick})`,
  tableOrder: (record) => (WITHOUT_ROWID.has(record) ? (record.primaryKey ?? ['id']) : ['rowid']),
  arrayRows: (parameter, _type, alias) => `json_each(${parameter}) AS ${alias}`,
  jsonRows: (parameter, alias) => `json_each(${parameter}) AS ${alias}`,
  array: (values) => JSON.stringify(values),
  changesCursorAfter: sqliteCursorAfter,
};
