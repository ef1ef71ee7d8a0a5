import { config as loadDotenv } from 'dotenv';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../store/database.js';

/** An error the CLI reports as one line on stderr, exiting 1. */
export class CliError extends Error {
  override name = 'CliError';
}

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

export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}
