import { defineConfig } from 'vitest/config';
import { END_TO_END, SHARED } from './vitest.config.js';

/** `npm run test:e2e`: the end-to-end suites (vitest.config.ts names them). */
export default defineConfig({
  test: {
    ...SHARED,
    include: END_TO_END,
    // Two files at once (vitest's default on 2 cores is one): several of these keep a core busy
    // on their own (30,000-profile imports, the benchmark), so no more than the cores.
    maxWorkers: 2,
  },
});
