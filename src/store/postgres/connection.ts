import pg from 'pg';
import { migrationsFolderOf } from '../../paths.js';
import { errorText, StoreOpenError } from '../errors.js';
import { migrationSteps } from '../migrations.js';
import { drive } from '../sql/drive.js';

const INT8 = 20;
const TIMESTAMPTZ = 1184;
const parseTimestamp = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => Date;
// int8 as a number (exact: the `_safe` CHECKs), instants as the ISO text SQLite keeps.
const parsers: Record<number, (value: string) => unknown> = {
  [INT8]: (value) => Number(value),
  [TIMESTAMPTZ]: (value) => parseTimestamp(value).toISOString(),
};
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format !== 'binary' && parsers[oid]) ||
    pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The URL with its passwords masked: what logs and messages may show. pg takes one after the
 * user (`user:pw@`) or as a parameter (`?password=pw`, `sslpassword=` for the client key).
 */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const name of [...parsed.searchParams.keys()]) {
      if (/password/i.test(name)) parsed.searchParams.set(name, '***');
    }
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

interface PoolOptions {
  max?: number;
}

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: 'housecup',
    // A PostgreSQL that does not answer must not hold requests for long.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    types,
  });
  // An idle client's error (a restart) shows at the next query; unheard, it crashes the process.
  pool.on('error', () => {});
  // A client lent out (between two statements of a transaction, or ended as it is released while
  // the pool closes) has no listener of the pool's: the server ending its connection then would
  // crash the process. Its next query fails on its own.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** A single connection of its own (the change listener, a migration), with the pool's settings. */
export function createClient(url: string): pg.Client {
  return new pg.Client({
    connectionString: url,
    application_name: 'housecup',
    connectionTimeoutMillis: 3_000,
    types,
  });
}

// Any constant: every housecup node migrating one database takes the same advisory lock.
const MIGRATION_LOCK = 7_113_557_799;

/** Applies the migrations, one node at a time; returns whether the database was new. */
export async function migratePostgres(url: string): Promise<{ created: boolean }> {
  const client = createClient(url);
  // A connection the server ends between two statements is an 'error' event, which unheard would
  // throw out of the socket's handler and stop the process: the next statement fails instead.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    const hint = isMissingDatabase(error) ? `; ${howToCreate(url)}` : '';
    throw new StoreOpenError(`Cannot connect to ${displayUrl(url)}: ${errorText(error)}${hint}`);
  }
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables
       WHERE table_schema = 'drizzle' AND table_name = '__drizzle_migrations'`,
    );
    const before =
      applied.rows[0]?.n === 0
        ? 0
        : ((
            await client.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
            )
          ).rows[0]?.n ?? 0);
    await migrate(client);
    return { created: before === 0 };
  } catch (error) {
    throw new StoreOpenError(`Cannot migrate ${displayUrl(url)}: ${errorText(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Applies drizzle-kit's migrations not yet applied (src/store/migrations.ts). */
async function migrate(client: pg.Client): Promise<void> {
  await client.query('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  const table = '"drizzle"."__drizzle_migrations"';
  await drive(migrationSteps(migrationsFolderOf('postgres'), table, 'bigint'), async (step) => {
    // A text of several statements answers with a result each: only a read has one to look at.
    const result = await client.query<unknown[]>({ text: step.sql, rowMode: 'array' });
    return step.read ? result.rows[0]?.[0] : undefined;
  });
}

/** PostgreSQL's invalid_catalog_name: the URL names a database the server does not have. */
const isMissingDatabase = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '3D000';

const PLAIN_NAME = /^[a-z_][a-z0-9_]*$/;

/** How to make the database `url` names: housecup never does (docs/several-machines.md). */
function howToCreate(url: string): string {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  const plain = PLAIN_NAME.test(name);
  const options = [
    parsed.hostname && `-h ${parsed.hostname}`,
    parsed.port && `-p ${parsed.port}`,
    parsed.username && `-U ${decodeURIComponent(parsed.username)}`,
  ].filter(Boolean);
  const shellName = plain ? name : `'${name.replaceAll("'", "'\\''")}'`;
  const sqlName = plain ? name : `"${name.replaceAll('"', '""')}"`;
  return `create it first (\`createdb ${[...options, shellName].join(' ')}\`, or \`CREATE DATABASE ${sqlName};\` in psql), then run this again`;
}
