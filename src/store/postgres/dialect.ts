import type { Field } from '../../records/field.js';
import { profile } from '../../records/profile.js';
import { columnNames, type RecordDefinition } from '../../records/record.js';
import type { Dialect } from '../sql/dialect.js';
import { postgresCursorAfter } from './guild-changes.js';

/*
 * PostgreSQL's JSON of a row, byte for byte what SQLite's json_object gives: keys in field order,
 * no spaces, strings escaped by to_json (the same escapes as SQLite and JSON.stringify, checked by
 * the store tests), integers as their digits. json_build_object would add spaces (`{"id" : 1}`),
 * and jsonb reorders keys.
 */

function jsonValue(column: string, field: Field): string {
  const text =
    field.kind === 'rowId' || field.kind === 'integer'
      ? `${column}::text`
      : `to_json(${column})::text`;
  return field.nullable ? `coalesce(${text}, 'null')` : text;
}

/** The JSON text of a row of `record`, built from its columns (as profiles.json's trigger does). */
export function builtJsonObject(record: RecordDefinition, alias?: string): string {
  const parts = columnNames(record).map((name, index) => {
    const member = `${index === 0 ? '{' : ','}"${name}":`;
    return `'${member}' || ${jsonValue(alias ? `${alias}.${name}` : name, record.fields[name] as Field)}`;
  });
  return `(${parts.join(' || ')} || '}')`;
}

/**
 * Records whose rows keep their JSON text in a column `json`, kept by a trigger
 * (drizzle/postgres/0006_profile_json.sql): read, it is faster than built
 * (docs/performance.md, "List pages on PostgreSQL").
 */
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
  // Bounded by the row value itself, PostgreSQL seeks; given one column's bound over most of a
  // guild it chose a sequential scan.
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
