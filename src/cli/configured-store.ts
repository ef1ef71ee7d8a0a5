import { config as loadDotenv } from 'dotenv';
import { type Config, loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';

/** The configuration a CLI command runs with: the environment, then `.env`, as the server reads it. */
export function cliConfig(): Config {
  loadDotenv({ quiet: true });
  return loadConfig();
}

/** Runs `work` with the configured store open (SQLite or PostgreSQL), closing it whatever happens. */
export async function withStore<T>(
  work: (store: Store, config: Config) => T | Promise<T>,
): Promise<T> {
  const config = cliConfig();
  // The CLI's own lines go to stderr; the store logs nothing worth a line for one command.
  const store = await openStore(config, createLogger({ level: 'silent' }));
  try {
    return await work(store, config);
  } finally {
    await store.close();
  }
}
