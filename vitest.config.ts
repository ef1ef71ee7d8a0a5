// First: on a Node.js housecup does not support, one line says which it needs, rather than
// every suite's worker crashing as better-sqlite3 loads.
import './src/supported-node.js';
import { defineConfig } from 'vitest/config';
import { TEST_CEILING_MS } from './test/support/patience.js';

/**
 * The suites slow enough to keep out of a contributor's loop, named by their suffix wherever they
 * live: `npm run test:e2e` (vitest.e2e.config.ts) runs them, and CI runs both commands.
 */
export const END_TO_END = ['test/**/*.e2e.test.ts'];

/** What both commands share. */
export const SHARED = {
  // Builds dist/ once (the CLI and the service run from it), then finds Chromium and the other
  // dependencies from outside npm; names the suites that could not run.
  globalSetup: ['test/setup/build.ts', 'test/setup/outside.ts'],
  // A ceiling, not a speed: a hang still fails, and a busy machine never does (patience.ts).
  testTimeout: TEST_CEILING_MS,
  hookTimeout: TEST_CEILING_MS,
  pool: 'forks' as const,
  reporters: ['default'],
  // No test reads the contributor's .env or housecup variables of their shell.
  setupFiles: ['test/setup/hermetic.ts'],
};

/*
 * Vitest's default on 2 cores is one worker (cores - 1): the files ran one after another while
 * most of their time is spent waiting on child processes, databases and sockets. More workers than
 * cores, measured in docs/development.md.
 */
const UNIT_WORKERS = 3;

export default defineConfig({
  test: {
    ...SHARED,
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...END_TO_END],
    maxWorkers: UNIT_WORKERS,
    // A worker keeps its imported modules from one test file to the next instead of importing
    // the service again for each: about a third of the suite's CPU time went to those imports
    // (docs/development.md). Every file sets up its own stores, servers and processes, and the
    // setup files run again before each file.
    isolate: false,
    // Each test's child processes, counted for scripts/test-budget.js.
    setupFiles: [...SHARED.setupFiles, 'test/setup/count-processes.ts'],
    // The JSON report is what scripts/test-budget.js checks after `npm run test:unit`.
    reporters: ['default', 'json'],
    outputFile: { json: 'test/artifacts/vitest-unit.json' },
  },
});
