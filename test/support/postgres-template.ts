import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migratePostgres } from '../../src/store/postgres/connection.js';

/*
 * One migrated PostgreSQL database per run, which test/setup/outside.ts makes and drops: a suite
 * that needs a migrated store copies it (`CREATE DATABASE … TEMPLATE`, half the time of running
 * every migration again; test/support/store.ts). Nothing connects to it once migrated, or the
 * copy would be refused.
 */

/** Runs one statement as the test server's administrator. */
export async function runAsAdmin(admin: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `admin`'s URL, pointing at the database `name` instead. */
export function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates and migrates the run's template database; its name. */
export async function createMigratedTemplate(admin: string): Promise<string> {
  const name = `housecup_template_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(admin, `CREATE DATABASE ${name}`);
  await migratePostgres(databaseUrl(admin, name));
  return name;
}

export async function dropTemplate(admin: string, name: string): Promise<void> {
  await runAsAdmin(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
