import { describe, expect, it } from 'vitest';
import {
  existingRowsCheck,
  TYPE_CHECKED,
  typeCheckTriggers,
} from '../../src/store/sqlite/type-checks.js';
import { migrationTexts } from '../support/migrations.js';

/*
 * SQLite's type checks are triggers written out in a migration (drizzle/sqlite/0006_type_checks)
 * from the record definitions (src/store/sqlite/type-checks.ts). This holds the migrations to
 * the records: a field added, or its kind changed, without a migration that writes its table's
 * triggers again fails here. The checks' behaviour is type-checks.test.ts's.
 */

const migrations = migrationTexts('sqlite');

/** The SQL of the last migration that creates trigger `name`. */
function lastCreating(name: string): string | undefined {
  return migrations.filter(({ sql }) => sql.includes(`CREATE TRIGGER \`${name}\``)).at(-1)?.sql;
}

describe("SQLite's type checks", () => {
  it.each(TYPE_CHECKED.map((record) => [record.table, record] as const))(
    'of %s are the ones its record implies, with the check of the rows stored before',
    (table, record) => {
      for (const event of ['inserted', 'updated']) {
        const name = `${table}_types_${event}`;
        const sql = lastCreating(name);
        expect(sql, `no migration creates ${name}`).toBeDefined();
        const statement = typeCheckTriggers(record).find((each) => each.includes(`\`${name}\``));
        expect(sql).toContain(statement);
        expect(sql).toContain(existingRowsCheck(record));
      }
    },
  );

  it('leave profile_changes to the store, which alone writes it', () => {
    // drizzle/sqlite/0011 made the table again without them.
    const last = migrations
      .filter(({ sql }) => sql.includes('CREATE TABLE `profile_changes`'))
      .at(-1);
    expect(last?.sql).toContain('WITHOUT ROWID');
    expect(last?.sql).not.toContain('profile_changes_types_');
  });
});
