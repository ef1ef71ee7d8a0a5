import { defineConfig } from 'vitest/config';
import { END_TO_END, SHARED } from './vitest.config.js';

/** `npm run test:e2e`: the end-to-end suites (vitest.config.ts names them). */
export default defineConfig({
  test: {
    ...SHARED,
    include: END_TO_END,
    // Three files at once (vitest's default on 2 cores is one): most of these wait on child
    // processes, servers and timers more than they compute, and two left most of a core idle;
    // a few keep a core busy on their own (30,000-profile imports, the benchmark), so no more.
    maxWorkers: 3,
  },
});
