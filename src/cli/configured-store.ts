import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { type Config, loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { CliError } from './output.js';

/** The configuration a CLI command runs with: the environment, then `.env`, as the server reads it. */
export function cliConfig(): Config {
  loadDotenv({ quiet: true });
  return loadConfig();
}

/**
 * Runs `work` with the configured store open (SQLite or PostgreSQL), closing it whatever happens.
 * A SQLite file that is not there is made only by the commands that create data (`migrate`,
 * `import`: `creates`); any other says so rather than answer from a new, empty database (a
 * production tree's `data/` holds none until the service first starts).
 */
export async function withStore<T>(
  work: (store: Store, config: Config) => T | Promise<T>,
  { creates = false }: { creates?: boolean } = {},
): Promise<T> {
  const config = cliConfig();
  if (!creates && !config.databaseUrl && !existsSync(config.databasePath)) {
    throw new CliError(
      `No database at ${resolve(config.databasePath)}: set DATABASE_PATH to the service's file, or create one with \`housecup migrate\` or \`housecup import\``,
    );
  }
  // The CLI prints its own lines; the store logs nothing worth a line for one command.
  const store = await openStore(config, createLogger({ level: 'silent' }));
  try {
    return await work(store, config);
  } finally {
    await store.close();
  }
}
