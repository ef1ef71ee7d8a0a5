import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolderOf } from '../../src/paths.js';
import { profile } from '../../src/records/profile.js';
import { migratePostgres } from '../../src/store/postgres/connection.js';
import { builtJsonObject } from '../../src/store/postgres/dialect.js';
import { migrationsBefore } from '../support/migrations.js';
import { needOutside } from '../support/outside.js';
import { createTestDatabase } from '../support/store.js';

/*
 * PostgreSQL keeps each profile's JSON text in profiles.json, filled by a trigger
 * (drizzle/postgres/0006_profile_json.sql) on every write, whoever makes it. The trigger's
 * expression is written out in that migration: these tests hold it to builtJsonObject(profile), the
 * one definition, and check that rows written before the migration, by the game's own SQL and by
 * an update of any column carry the text the API would send.
 */

const MIGRATION = '0006_profile_json';
const folder = migrationsFolderOf('postgres');

describe('profiles.json', () => {
  it("is set by the migration's trigger to exactly builtJsonObject(profile)", () => {
    const sql = readFileSync(join(folder, `${MIGRATION}.sql`), 'utf8');
    expect(sql).toContain(`NEW.json := ${builtJsonObject(profile, 'NEW')};`);
  });
});

const withPostgres = needOutside('postgresql', import.meta.filename);
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// Quotes, a backslash, a control character, an emoji and a line break: every escape JSON has.
const NAME = 'Ginny "Gin" \\ Weasley\u0001 🦁\n';

describe.skipIf(!withPostgres)('profiles.json on PostgreSQL', () => {
  it('is filled for rows from before the migration, and kept on every insert and update', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());
    await migrate(drizzle(client), {
      migrationsFolder: migrationsBefore('postgres', MIGRATION, cleanups),
    });
    const insert = `INSERT INTO profiles (id, user_id, guild_id, name, house, year, galleons, created_at)
      VALUES ($1, $2, 'g', $3, $4, $5, $6, '2026-01-02T03:04:05.000Z')`;
    await client.query(insert, [1, '10', NAME, 'gryffindor', 3, 12]);
    await client.query(insert, [2, '11', 'Plain', null, null, 0]);

    await migratePostgres(database.url);
    // The game's own SQL, after the migration: a new row, then any column changed.
    await client.query(insert, [3, '12', 'Luna', 'ravenclaw', 5, 7]);
    await client.query(`UPDATE profiles SET name = $1, house = NULL WHERE id = 2`, [NAME]);
    await client.query(`UPDATE profiles SET json = 'tampered' WHERE id = 3`);

    const { rows } = await client.query<{ json: string; built: string }>(
      `SELECT json, ${builtJsonObject(profile)} AS built FROM profiles ORDER BY id`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.json).toBe(row.built);
    expect(rows.map((row) => JSON.parse(row.json))).toEqual([
      {
        id: 1,
        user_id: '10',
        guild_id: 'g',
        name: NAME,
        house: 'gryffindor',
        year: 3,
        job_id: null,
        galleons: 12,
        created_at: '2026-01-02T03:04:05.000Z',
      },
      expect.objectContaining({ id: 2, name: NAME, house: null, year: null, galleons: 0 }),
      expect.objectContaining({ id: 3, name: 'Luna', house: 'ravenclaw', year: 5 }),
    ]);
    // The JSON text is what JSON.stringify gives for the same row.
    expect(rows[0]?.json).toBe(JSON.stringify(JSON.parse(rows[0]?.json ?? 'null')));
  });
});
