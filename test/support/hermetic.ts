import { devNull } from 'node:os';

/*
 * The suite is hermetic: what a contributor's shell exports (HOUSECUP_*, PORT, DATABASE_URL,
 * WEBHOOK_ALLOW_HTTP…) and the `.env` the README has them create in the checkout change no test's
 * result. Every test process, and so every process a test starts with `...process.env`, runs with
 * housecup's own variables removed and dotenv pointed at an empty file (dotenv reads
 * DOTENV_CONFIG_PATH), so the CLI and the service each see only what the test gives them. What
 * stays: the addresses of the outside dependencies a run is told to use (TEST_DATABASE_URL,
 * TEST_REDIS_URL, CHROMIUM_PATH…: test/setup/outside.ts), PATH, HOME and the like.
 */

/** An empty environment file for dotenv, whatever the platform. */
export const EMPTY_ENV_FILE = devNull;

/** Names of housecup's kind beyond the configuration's own, and dotenv's options. */
const OURS = /^(HOUSECUP_|DOTENV_)/;

/** Removes `variables` (the configuration's, src/config.ts) and their kind from `env`, in place. */
export function scrubEnvironment(
  env: NodeJS.ProcessEnv,
  variables: readonly string[],
  emptyEnvFile: string,
): void {
  for (const name of Object.keys(env)) {
    if (variables.includes(name) || OURS.test(name)) delete env[name];
  }
  env.DOTENV_CONFIG_PATH = emptyEnvFile;
}
