import { describe, expect, it } from 'vitest';
import { JITTER, nextAttemptAt, RETRY_DELAYS_MS } from '../../src/webhooks/schedule.js';

/* The production retry schedule: backoff with jitter over more than a day, then given up. */

const HOUR = 3600_000;

describe('the retry schedule', () => {
  it('retries after 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, 12 h', () => {
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([
      5, 30, 120, 600, 1800, 3600, 10_800, 21_600, 43_200, 43_200,
    ]);
  });

  it('spans more than 24 hours even when every delay is shrunk as far as jitter goes', () => {
    let shortest = 0;
    let longest = 0;
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
      shortest = nextAttemptAt(attempt, shortest, RETRY_DELAYS_MS, () => 0) ?? Number.NaN;
      longest = nextAttemptAt(attempt, longest, RETRY_DELAYS_MS, () => 1) ?? Number.NaN;
    }
    expect(shortest).toBeGreaterThan(24 * HOUR);
    expect(shortest / HOUR).toBeCloseTo(34.71 * (1 - JITTER), 1);
    expect(longest / HOUR).toBeCloseTo(34.71 * (1 + JITTER), 1);
    expect(nextAttemptAt(RETRY_DELAYS_MS.length + 1, 0)).toBeNull();
  });

  it('moves each delay by at most a fifth either way', () => {
    for (let i = 0; i < 200; i += 1) {
      const delay = nextAttemptAt(1, 0) ?? 0;
      expect(delay).toBeGreaterThanOrEqual(4_000);
      expect(delay).toBeLessThanOrEqual(6_000);
    }
  });
});
