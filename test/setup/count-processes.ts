import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { afterEach } from 'vitest';

/*
 * Counts the child processes each test starts (the CLI, the service, tsx, psql…) into its
 * `meta.processes`, which the JSON report carries to scripts/test-budget.js: a process start is
 * what made `npm test` slow, and unlike a time, the count is the same on a loaded machine. A
 * process started by a beforeAll hook counts for the file's next test. `exec` is left as it is:
 * it starts its process through the exported execFile, counted here.
 *
 * The unit suite's workers are not isolated (vitest.config.ts): this file runs again before each
 * test file in the same process, so the functions are wrapped once per process and the count
 * lives on the process, not in this module.
 */

declare module 'vitest' {
  interface TaskMeta {
    processes?: number;
  }
}

const COUNTED = ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'execSync', 'fork'] as const;
const COUNT = Symbol.for('housecup.test.processesStarted');

interface Counted {
  [COUNT]?: { started: number };
}

function countProcesses(): { started: number } {
  const host = globalThis as Counted;
  const existing = host[COUNT];
  if (existing) return existing;
  const count = { started: 0 };
  host[COUNT] = count;
  const module = childProcess as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of COUNTED) {
    const original = module[name];
    if (!original) continue;
    const counted = function (this: unknown, ...args: unknown[]) {
      count.started += 1;
      return original.apply(this, args);
    };
    // execFile and exec carry util.promisify.custom (promisify(execFile) resolves to stdout and
    // stderr through it): the counted function keeps every property of the original.
    Object.defineProperties(counted, Object.getOwnPropertyDescriptors(original));
    module[name] = counted;
  }
  // Named imports (`import { spawn } from 'node:child_process'`) see the counted functions too.
  syncBuiltinESMExports();
  return count;
}

const count = countProcesses();
// What a previous file started in its last hooks is not this file's.
count.started = 0;

afterEach(({ task }) => {
  task.meta.processes = count.started;
  count.started = 0;
});
