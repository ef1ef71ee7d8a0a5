/*
 * When a failed message is tried again: after each of these delays, one after another, each
 * stretched or shrunk by up to a fifth at random so that receivers coming back from an outage
 * are not met by every sender at once. Ten retries over 34 h 43 min (27 h 46 min at the least):
 * past a day, so an endpoint down overnight, or for a day, still gets every message.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  12 * HOUR,
];

/** How far a delay may move either way. */
export const JITTER = 0.2;

/** A subscription whose messages all failed for this long is disabled. */
export const FAILING_LIMIT_MS = 3 * 24 * HOUR;

/**
 * When attempt `attempt + 1` of a message may start, `attempt` having just failed at `now`
 * (epoch ms); null when the schedule is over and the message is given up.
 */
export function nextAttemptAt(
  attempt: number,
  now: number,
  delays: readonly number[] = RETRY_DELAYS_MS,
  random: () => number = Math.random,
): number | null {
  const delay = delays[attempt - 1];
  if (delay === undefined) return null;
  return now + Math.round(delay * (1 - JITTER + 2 * JITTER * random()));
}
