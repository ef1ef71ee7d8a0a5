/*
 * The loop that runs a generator of steps (the store's operations, src/store/sql/op.ts, and the
 * migrations' steps): each step done, its result handed back, its error thrown in where it was
 * asked for, so the generator's own try/catch sees it. At once (SQLite) or awaited (PostgreSQL).
 */

/**
 * Goes on from `step` until `steps` ends, or reaches a step `stop` says to stop before, each step
 * done at once by `perform`; the step it stopped at.
 */
export function advanceNow<S, T>(
  steps: Generator<S, T, unknown>,
  from: IteratorResult<S, T>,
  perform: (step: S) => unknown,
  stop?: (step: S) => boolean,
): IteratorResult<S, T> {
  let step = from;
  while (!step.done && !stop?.(step.value)) {
    let result: unknown;
    try {
      result = perform(step.value);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(result);
  }
  return step;
}

/** Runs `steps` to its end, each step done at once by `perform`. */
export function driveNow<S, T>(steps: Generator<S, T, unknown>, perform: (step: S) => unknown): T {
  return advanceNow(steps, steps.next(), perform).value as T;
}

/** Runs `steps` to its end, each step's `perform` awaited. */
export async function drive<S, T>(
  steps: Generator<S, T, unknown>,
  perform: (step: S) => Promise<unknown>,
): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    let result: unknown;
    try {
      result = await perform(step.value);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(result);
  }
  return step.value;
}
