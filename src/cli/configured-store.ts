import { config as loadDotenv } from 'dotenv';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../store/database.js';

/** The configuration a CLI command runs with: the environment, then `.env`, as the server reads it. */
export function cliConfig(): Config {
  loadDotenv({ quiet: true });
  return loadConfig();
}

/** Runs `work` with the configured database open, closing it whatever happens. */
export async function withDatabase<T>(
  work: (db: Database, config: Config) => T | Promise<T>,
): Promise<T> {
  const config = cliConfig();
  const db = openDatabase(config.databasePath);
  try {
    return await work(db, config);
  } finally {
    db.close();
  }
}
