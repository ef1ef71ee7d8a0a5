import { describe, expect, it } from 'vitest';
import { RECORDS } from '../../src/records/index.js';
import { migrationTexts } from '../support/migrations.js';

/*
 * A column of a fixed set of values (a record's `choice`: a house, an area of guild_changes, a
 * webhook message's type) carries a CHECK of those values (src/store/constraints.ts), which
 * drizzle-kit writes into a migration. Migrations applied in the field are never edited, so a
 * value added to a record (a new event's message types, records/events.ts) needs a new migration
 * of each engine that writes the CHECK again: this holds the migrations to the records and fails,
 * naming the constraint, until one does (`npm run db:generate` writes them).
 */

const CHOICES = RECORDS.flatMap((record) =>
  Object.entries(record.fields).flatMap(([column, field]) =>
    field.kind === 'choice'
      ? [{ name: `${record.table}_${column}_known`, values: field.values }]
      : [],
  ),
);

/** The values of the last CHECK the migrations give the constraint `name`; null when none does. */
function lastCheck(dialect: 'sqlite' | 'postgres', name: string): string[] | null {
  const check = new RegExp(`"${name}" CHECK ?\\((?:[^;]*?) IN \\(([^)]*)\\)`, 'g');
  const found = migrationTexts(dialect).flatMap(({ sql }) =>
    [...sql.matchAll(check)].map((match) => match[1] ?? ''),
  );
  const values = found.at(-1);
  if (values === undefined) return null;
  return values.split(',').map((value) => value.trim().replace(/^'|'$/g, ''));
}

describe.each(['sqlite', 'postgres'] as const)("the %s migrations' choice checks", (dialect) => {
  it('are there, one per choice of the records', () => {
    expect(CHOICES.map((choice) => choice.name)).toContain('webhook_messages_type_known');
  });

  it.each(CHOICES.map((choice) => [choice.name, choice.values] as const))(
    '%s holds the values its record allows',
    (name, values) => {
      expect(lastCheck(dialect, name), `the last CHECK of ${name} in drizzle/${dialect}`).toEqual([
        ...(values ?? []),
      ]);
    },
  );
});
