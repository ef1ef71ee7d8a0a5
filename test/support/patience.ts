/*
 * How long a test waits for something before it gives up: the one ceiling of every wait in the
 * suites (eventually, an event stream's events, a child's line…) and of vitest's own limits.
 *
 * A wait ends when the awaited thing happens, so on a quiet machine it is as short as the thing
 * itself; the ceiling only turns a hang into a slow failure instead of a stuck run. It is far
 * above any normal wait because a busy laptop or CI runner (a build beside the suite, several
 * suites on two cores) stretches every step many times over, and a test that fails there teaches
 * its reader to ignore red. How fast something happens is the benchmark's question, not a test's.
 */
export const PATIENCE_MS = 120_000;

/**
 * vitest's limit for one test or hook: above the ceiling of any one wait, since a test may wait
 * for several things in turn.
 */
export const TEST_CEILING_MS = 300_000;

/** `promise`'s value, or a rejection naming `what` once the patience ceiling has passed. */
export function patiently<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: still waiting after ${PATIENCE_MS / 1000} s`)),
      PATIENCE_MS,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
