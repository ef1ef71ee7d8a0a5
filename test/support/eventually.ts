import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `check` until it holds, at most `withinMs` (the coherence promise: every node answers
 * from a commit within 1 s). Returns the last value for the caller to assert on. On SQLite a
 * commit shows at once; on PostgreSQL after its change notification, a few milliseconds later.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  withinMs = 1_000,
): Promise<T> {
  const until = Date.now() + withinMs;
  let value = await read();
  while (!holds(value) && Date.now() < until) {
    await sleep(5);
    value = await read();
  }
  return value;
}
