import { setTimeout as sleep } from 'node:timers/promises';
import { PATIENCE_MS } from './patience.js';

/**
 * Polls `read` until `holds` is true of its value, or until the patience ceiling has passed.
 * Returns the last value for the caller to assert on, so a wait that gave up fails on the test's
 * own assertion. On SQLite a commit shows at once; on PostgreSQL after its change notification; a
 * busy machine only makes the wait longer.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  holds: (value: T) => boolean,
): Promise<T> {
  const end = Date.now() + PATIENCE_MS;
  let value = await read();
  while (!holds(value) && Date.now() < end) {
    await sleep(5);
    value = await read();
  }
  return value;
}

/**
 * Polls `read` until it gives something other than undefined or false, and returns that; throws
 * naming `what` once the patience ceiling has passed.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  what: string,
): Promise<Exclude<T, undefined | false>> {
  const end = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value as Exclude<T, undefined | false>;
    if (Date.now() > end) throw new Error(`still waiting for ${what} after ${PATIENCE_MS} ms`);
    await sleep(20);
  }
}
