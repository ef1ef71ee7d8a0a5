import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { END_TO_END, SHARED } from './vitest.config.js';

/**
 * The benchmark's quick run first, then vitest's own order (longest first once it has timed a
 * run). That file is the longest by far (5 to 10 minutes, where most take under one): started
 * after the others, as a fresh clone's unknown order could have it, the run would end waiting on
 * it alone.
 */
class BenchFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isBench = (file: TestSpecification) => file.moduleId.includes('/test/bench/');
    return [...sorted.filter(isBench), ...sorted.filter((file) => !isBench(file))];
  }
}

/** `npm run test:e2e`: the end-to-end suites (vitest.config.ts names them). */
export default defineConfig({
  test: {
    ...SHARED,
    include: END_TO_END,
    // Three files at once (vitest's default on 2 cores is one): most of these wait on child
    // processes, servers and timers more than they compute, and two left most of a core idle;
    // a few keep a core busy on their own (30,000-profile imports, the benchmark), so no more.
    maxWorkers: 3,
    sequence: { sequencer: BenchFirst },
  },
});
