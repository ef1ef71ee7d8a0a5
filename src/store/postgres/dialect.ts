import type { Field } from '../../records/field.js';
import { profile } from '../../records/profile.js';
import { columnNames, type RecordDefinition } from '../../records/record.js';
import type { Dialect } from '../sql/dialect.js';
import { postgresCursorAfter } from './guild-changes.js';

function jsonValue(column: string, field: Field): string {
  const text =
    field.kind === 'rowId' || field.kind === 'integer'
      ? `${column}::text`
      : `to_json(${column})::text`;
  return field.nullable ? `coalesce(${text}, 'null')` : text;
}

/** A row's JSON, as SQLite's (docs/architecture.md, "What each engine keeps of its own"). */
export function builtJsonObject(record: RecordDefinition, alias?: string): string {
  const parts = columnNames(record).map((name, index) => {
    const member = `${index === 0 ? '{' : ','}"${name}":`;
    return `'${member}' || ${jsonValue(alias ? `${alias}.${name}` : name, record.fields[name] as Field)}`;
  });
  return `(${parts.join(' || ')} || '}')`;
}

/** Records whose rows keep their JSON in a column `json` (a trigger's): read faster than built. */
const STORED_JSON: ReadonlySet<RecordDefinition> = new Set([profile]);

export const postgresDialect: Dialect = {
  name: 'postgres',
  now: `date_trunc('milliseconds', clock_timestamp())`,
  instantText: (expression) =>
    `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  unlimited: null,
  forUpdate: 'FOR UPDATE',
  forShare: 'FOR SHARE',
  forUpdateSkipLocked: 'FOR UPDATE SKIP LOCKED',
  integer: (expression) => `(${expression})::int8`,
  jsonObject(record, alias, extra = {}) {
    const object = STORED_JSON.has(record)
      ? `${alias ? `${alias}.` : ''}json`
      : builtJsonObject(record, alias);
    const added = Object.entries(extra).map(([key, value]) => `',"${key}":' || (${value})::text`);
    return added.length === 0 ? object : `left(${object}, -1) || ${added.join(' || ')} || '}'`;
  },
  jsonArray: (objects, order) =>
    `'[' || coalesce(string_agg(${objects}, ',' ORDER BY ${order}), '') || ']'`,
  lists: 'union',
  // Bounded by the row value, PostgreSQL seeks; by one column's bound it chose a sequential scan.
  countBound: 'row',
  joinFirst: (table, alias, _key, pick) =>
    `LEFT JOIN LATERAL (SELECT * FROM ${table} ${pick}) AS ${alias} ON true`,
  tableOrder: (record) => record.primaryKey ?? ['id'],
  arrayRows: (parameter, type, alias) =>
    `unnest(${parameter}::${type}[]) WITH ORDINALITY AS ${alias}(value, key)`,
  jsonRows: (parameter, alias) =>
    `json_array_elements(CAST(${parameter} AS json)) WITH ORDINALITY AS ${alias}(value, key)`,
  array: (values) => values,
  changesCursorAfter: postgresCursorAfter,
};
