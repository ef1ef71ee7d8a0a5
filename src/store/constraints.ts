import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Field, isChecked, needsSafeBounds, SAFE_INTEGER } from '../records/field.js';

/*
 * The CHECK constraints a record's fields imply, in SQL both SQLite and PostgreSQL read. Names
 * follow one rule (`<table>_<column>_non_negative | _range | _known`) so that the constraints of
 * an existing database keep their names.
 */

function condition(column: SQLWrapper, field: Field): SQL {
  if (field.kind === 'choice') {
    const list = (field.values ?? []).map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
    return sql`${column} IN (${sql.raw(list)})`;
  }
  const { min, max } = field;
  if (min !== undefined && max !== undefined) {
    return sql`${column} BETWEEN ${sql.raw(String(min))} AND ${sql.raw(String(max))}`;
  }
  if (min !== undefined) return sql`${column} >= ${sql.raw(String(min))}`;
  return sql`${column} <= ${sql.raw(String(max))}`;
}

function suffix(field: Field): string {
  if (field.kind === 'choice') return 'known';
  if (field.min === 0 && field.max === undefined) return 'non_negative';
  return 'range';
}

interface CheckSpec {
  name: string;
  expression: SQL;
}

/** The checks of one column, if its field implies any. */
export function checkOf(
  table: string,
  name: string,
  field: Field,
  column: SQLWrapper,
): CheckSpec[] {
  if (!isChecked(field)) return [];
  const test = condition(column, field);
  return [
    {
      name: `${table}_${name}_${suffix(field)}`,
      expression: field.nullable ? sql`${column} IS NULL OR ${test}` : test,
    },
  ];
}

/**
 * The check holding an integer column to the safe integers (`<table>_<column>_safe`), if its
 * field needs one: PostgreSQL's bigint takes up to 2^63, which no answer could serve exactly.
 * SQLite holds the same rule in its type-check triggers (sqlite/type-checks.ts): a CHECK added
 * there would rebuild the table.
 */
export function safeIntegerCheck(
  table: string,
  name: string,
  field: Field,
  column: SQLWrapper,
): CheckSpec[] {
  if (!needsSafeBounds(field)) return [];
  const test = sql`${column} BETWEEN ${sql.raw(String(-SAFE_INTEGER))} AND ${sql.raw(String(SAFE_INTEGER))}`;
  return [
    {
      name: `${table}_${name}_safe`,
      expression: field.nullable ? sql`${column} IS NULL OR ${test}` : test,
    },
  ];
}
