import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';
import { PATIENCE_MS } from './patience.js';

/*
 * Finding a PostgreSQL for the test suites, or starting a private one from the installed Debian
 * binaries when none answers. Suites never touch a database they did not create: each makes its
 * own (test/support/store.ts) and drops it.
 */

/**
 * Whether `url` answers and its role may create databases (a refused connection says no at once;
 * one that never answers, at the patience ceiling).
 */
export async function answersAsCreator(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PATIENCE_MS });
  try {
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>(
      'SELECT rolcreatedb OR rolsuper AS ok FROM pg_roles WHERE rolname = current_user',
    );
    return rows[0]?.ok === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The newest installed server binaries (Debian: /usr/lib/postgresql/<version>/bin). */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export interface PrivatePostgres {
  url: string;
  /** Stops the server (fast shutdown: open connections are cut), keeping its data. */
  halt(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  /** Stops it and deletes its data. */
  stop(): Promise<void>;
}

/**
 * initdb in a temp folder and a server on a free loopback port. As root, both run as the
 * `postgres` user (initdb refuses root).
 */
export async function startPostgresServer(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? { file: 'runuser', args: ['-u', 'postgres', '--', command, ...args] }
      : { file: command, args };
  if (asRoot) {
    chmodSync(dir, 0o777);
  }
  const init = run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  execFileSync(init.file, init.args, { stdio: 'ignore' });
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const pgCtl = (...args: string[]) => {
    const command = run(join(bin, 'pg_ctl'), ['-D', data, ...args]);
    execFileSync(command.file, command.args, { stdio: 'ignore' });
  };
  // pg_ctl waits 60 s by default for a start or a stop; a busy machine gets the usual ceiling.
  const wait = ['-w', '-t', String(PATIENCE_MS / 1000)];
  const start = () => pgCtl('-o', options, '-l', join(dir, 'log'), ...wait, 'start');
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    halt: () => pgCtl('-m', 'fast', ...wait, 'stop'),
    resume: start,
    async stop() {
      try {
        pgCtl('-m', 'immediate', ...wait, 'stop');
      } catch {
        // Already stopped.
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
