import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../src/paths.js';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real CLI (as built in dist/ by test/setup/build.ts) in a child process against `store`: a SQLite
 * file's path, or the variables that name a store (DATABASE_URL…).
 */
export function runCli(
  args: string[],
  store: string | Record<string, string>,
  input?: string,
): CliResult {
  const storeEnv = typeof store === 'string' ? { DATABASE_PATH: store } : store;
  const result = spawnSync(process.execPath, [join(packageRoot, 'dist/src/cli/main.js'), ...args], {
    cwd: packageRoot,
    encoding: 'utf8',
    input,
    env: { ...process.env, ...storeEnv, LOG_LEVEL: 'silent' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
