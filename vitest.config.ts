import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Finds Chromium (and other dependencies from outside npm) once; names the suites that
    // could not run (test/support/outside.ts).
    globalSetup: ['test/setup/outside.ts'],
    // Real SQLite files, real sockets and child processes: give slow shared machines room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
