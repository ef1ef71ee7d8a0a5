import { execFile, spawnSync } from 'node:child_process';
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
  const result = spawnSync(process.execPath, cliArgs(args), {
    cwd: packageRoot,
    encoding: 'utf8',
    input,
    env: cliEnv(store),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** runCli without blocking this process: for a CLI that talks to a server the test runs. */
export function runCliAsync(
  args: string[],
  store: string | Record<string, string>,
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      cliArgs(args),
      { cwd: packageRoot, encoding: 'utf8', env: cliEnv(store) },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

const cliArgs = (args: string[]) => [join(packageRoot, 'dist/src/cli/main.js'), ...args];

function cliEnv(store: string | Record<string, string>): NodeJS.ProcessEnv {
  const storeEnv = typeof store === 'string' ? { DATABASE_PATH: store } : store;
  return { ...process.env, ...storeEnv, LOG_LEVEL: 'silent' };
}
