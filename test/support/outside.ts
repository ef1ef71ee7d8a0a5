import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/*
 * Test suites that need something npm does not install (a browser, PostgreSQL, Redis)
 * ask for it here. test/setup/outside.ts looks for each once per run: a suite runs where its
 * dependency is found and, where it is missing, is skipped and named in the run's closing
 * summary with the line that installs it. Under CI=true a missing dependency fails the run
 * instead (.ci/run installs them all).
 */

/**
 * `postgresql`: the URL of a server where suites may create (and drop) databases of their own;
 * `redis`: the URL of a Redis the suites may write keys to (each under a prefix of its own);
 * `postgresql-server`, `redis-server`: the binaries, for suites that start (and stop) private
 * servers of their own.
 */
export type OutsideName =
  | 'chromium'
  | 'systemd-analyze'
  | 'postgresql'
  | 'postgresql-server'
  | 'redis'
  | 'redis-server';

export interface OutsideDependency {
  name: OutsideName;
  /** What it is, as a person names it. */
  label: string;
  /** The command that installs it on Debian, as .ci/run runs it. */
  install: string;
}

export const OUTSIDE: Record<OutsideName, OutsideDependency> = {
  chromium: { name: 'chromium', label: 'Chromium', install: 'apt-get install -y chromium' },
  'systemd-analyze': {
    name: 'systemd-analyze',
    label: 'systemd-analyze (systemd)',
    install: 'apt-get install -y systemd',
  },
  postgresql: {
    name: 'postgresql',
    label: 'PostgreSQL',
    install: 'apt-get install -y postgresql',
  },
  'postgresql-server': {
    name: 'postgresql-server',
    label: "PostgreSQL's server binaries (initdb, pg_ctl)",
    install: 'apt-get install -y postgresql',
  },
  redis: { name: 'redis', label: 'Redis', install: 'apt-get install -y redis-server' },
  'redis-server': {
    name: 'redis-server',
    label: 'the redis-server binary',
    install: 'apt-get install -y redis-server',
  },
};

/** Where each dependency was found this run (a path or an address), or null when missing. */
export type OutsideFound = Record<OutsideName, string | null>;

declare module 'vitest' {
  export interface ProvidedContext {
    outside: OutsideFound;
    /** A folder where suites that could not run leave a note for the closing summary. */
    outsideNotes: string;
    /** The run's migrated PostgreSQL database to copy (test/support/postgres-template.ts). */
    postgresTemplate: string | null;
  }
}

/**
 * The dependency's location, or null when it is missing; in that case the suite at `file` is
 * recorded as not run. Use it with `describe.skipIf(!found)`.
 */
export function needOutside(name: OutsideName, file: string): string | null {
  const found = inject('outside')[name];
  if (found === null) {
    const notes = inject('outsideNotes');
    mkdirSync(notes, { recursive: true });
    const suite = file.slice(file.lastIndexOf('/test/') + 1);
    writeFileSync(join(notes, `${name}-${suite.replace(/[/\\]/g, '_')}`), `${name}\n${suite}\n`);
  }
  return found;
}
