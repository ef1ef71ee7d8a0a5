import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../src/paths.js';
import { PATIENCE_MS } from './patience.js';

export interface Child {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  /**
   * Resolves with the exit code (or the signal's name) once the process has ended and its output
   * has all been read.
   */
  exited: Promise<number | string>;
  /**
   * Resolves with the first stdout text matching `pattern`; rejects once the process has ended
   * without it, or past the patience ceiling.
   */
  waitForStdout(pattern: RegExp): Promise<RegExpMatchArray>;
}

const running = new Set<ChildProcess>();

/**
 * Runs an entry point of the project as its users would: one of src/ from its build in dist/
 * (test/setup/build.ts), any other TypeScript file through tsx.
 */
export function spawnTs(entry: string, args: string[], env: Record<string, string>): Child {
  const built = /^src\/.*\.ts$/.test(entry) ? `dist/${entry.replace(/\.ts$/, '.js')}` : null;
  const command = built
    ? [join(packageRoot, built)]
    : ['--import', 'tsx', join(packageRoot, entry)];
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: packageRoot,
    env: { ...process.env, DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  child.once('exit', () => running.delete(child));
  // 'close', not 'exit': the process may have ended with output still on its way through the
  // pipes, which a busy machine delays.
  const exited = new Promise<number | string>((resolve) => {
    child.once('close', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return {
    process: child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitForStdout(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(out);
          if (!match) return false;
          clearInterval(poll);
          clearTimeout(timer);
          resolve(match);
          return true;
        };
        const poll = setInterval(check, 20);
        const timer = setTimeout(() => {
          clearInterval(poll);
          reject(new Error(`no ${pattern} on stdout in ${PATIENCE_MS} ms; stderr: ${err}`));
        }, PATIENCE_MS);
        void exited.then(() => {
          if (check()) return;
          clearInterval(poll);
          clearTimeout(timer);
          reject(new Error(`exited before ${pattern}; stdout: ${out} stderr: ${err}`));
        });
      });
    },
  };
}

/** The service, `node --import tsx src/main.ts`, on a port it picks; resolves once it listens. */
export async function startMain(
  env: Record<string, string>,
): Promise<{ child: Child; url: string }> {
  const child = spawnTs('src/main.ts', [], { PORT: '0', LOG_LEVEL: 'info', ...env });
  const match = await child.waitForStdout(/"url":"(http:\/\/[^"]+)"[^\n]*housecup API listening/);
  return { child, url: match[1] ?? '' };
}

/** The CLI, `node --import tsx src/cli/main.ts <args>`, against `databasePath`. */
export function spawnCli(args: string[], databasePath: string): Child {
  return spawnTs('src/cli/main.ts', args, { DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' });
}

/** SIGKILLs every child still running: for afterEach, so a failed test leaves none behind. */
export async function killChildren(): Promise<void> {
  const left = [...running];
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
