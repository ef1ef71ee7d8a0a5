import type { Field } from '../../records/field.js';
import { columnNames, type RecordDefinition } from '../../records/record.js';

/*
 * PostgreSQL's expression for one row of a record as JSON text, byte for byte what SQLite's
 * json_object gives (src/store/sqlite-json.ts): keys in field order, no spaces, strings escaped by
 * to_json (the same escapes as SQLite and JSON.stringify, checked by the store tests), integers
 * as their digits. json_build_object would add spaces (`{"id" : 1}`), and jsonb reorders keys.
 */

function value(column: string, field: Field): string {
  const text =
    field.kind === 'rowId' || field.kind === 'integer'
      ? `${column}::text`
      : `to_json(${column})::text`;
  return field.nullable ? `coalesce(${text}, 'null')` : text;
}

export function pgJsonObject(record: RecordDefinition, alias?: string): string {
  const parts = columnNames(record).map((name, index) => {
    const field = record.fields[name] as Field;
    const member = `${index === 0 ? '{' : ','}"${name}":`;
    return `'${member}' || ${value(alias ? `${alias}.${name}` : name, field)}`;
  });
  return `(${parts.join(' || ')} || '}')`;
}

/** An aggregate of JSON object texts into one JSON array text (`[]` for none). */
export function pgJsonArray(objects: string, order: string): string {
  return `'[' || coalesce(string_agg(${objects}, ',' ORDER BY ${order}), '') || ']'`;
}
