import { describe, expect, it } from 'vitest';
import { WindowFailureGuard } from '../../src/budgets/failure-guard.js';
import { type Budget, WindowKeyLimiter } from '../../src/budgets/key-limiter.js';
import { MemoryWindows } from '../../src/budgets/memory-windows.js';

const key = (id: number, rateLimit: number | null = null) => ({ id, guilds: null, rateLimit });

/** The limiter's answer, which in memory must come before take() returns: no promise per request. */
function takeNow(limiter: WindowKeyLimiter, id: number, rateLimit: number | null = null) {
  let answer: Budget | null | undefined;
  limiter.take(key(id, rateLimit), (budget) => {
    answer = budget;
  });
  if (answer === undefined) throw new Error('the in-memory limiter did not answer at once');
  return answer;
}

function failNow(guard: WindowFailureGuard, address: string): number {
  let wait: number | undefined;
  guard.fail(address, (seconds) => {
    wait = seconds;
  });
  if (wait === undefined) throw new Error('the in-memory guard did not answer at once');
  return wait;
}

describe('per-key rate limiter in memory', () => {
  it('counts a fixed one-minute window per key, then starts a new one', () => {
    let now = 1_000_000;
    const limiter = new WindowKeyLimiter(new MemoryWindows(() => now), 2);
    expect(takeNow(limiter, 1)).toEqual({ limit: 2, remaining: 1, resetS: 60 });
    now += 30_500;
    expect(takeNow(limiter, 1)).toEqual({ limit: 2, remaining: 0, resetS: 30 });
    expect(takeNow(limiter, 1)?.remaining).toBe(-1);
    // Another key has its own window.
    expect(takeNow(limiter, 2)?.remaining).toBe(1);
    now += 29_500;
    expect(takeNow(limiter, 1)).toEqual({ limit: 2, remaining: 1, resetS: 60 });
  });

  it("takes a key's own limit, even with no default (0), and never limits a key of limit 0", () => {
    const limiter = new WindowKeyLimiter(new MemoryWindows(() => 0), 600);
    expect(takeNow(limiter, 1, 5)?.limit).toBe(5);
    expect(takeNow(limiter, 2, 0)).toBeNull();
    // RATE_LIMIT_PER_MINUTE=0 means "no default limit", never "no limits" (issue 20.5).
    const noDefault = new WindowKeyLimiter(new MemoryWindows(), 0);
    expect(takeNow(noDefault, 3, 5)?.limit).toBe(5);
    expect(takeNow(noDefault, 4, null)).toBeNull();
  });
});

describe('failure guard in memory', () => {
  it('lets an address fail its budget, then says how long to wait, per address', () => {
    let now = 5_000_000;
    const guard = new WindowFailureGuard(new MemoryWindows(() => now), 2);
    expect(failNow(guard, '203.0.113.7')).toBe(0);
    expect(failNow(guard, '203.0.113.7')).toBe(0);
    now += 10_200;
    expect(failNow(guard, '203.0.113.7')).toBe(50);
    expect(failNow(guard, '203.0.113.8')).toBe(0);
    now += 49_800;
    expect(failNow(guard, '203.0.113.7')).toBe(0);
    expect(failNow(new WindowFailureGuard(new MemoryWindows(), 0), '203.0.113.9')).toBe(0);
  });

  it('stays bounded under a flood of addresses, keeping the newest', () => {
    const windows = new MemoryWindows(() => 0, 100);
    const guard = new WindowFailureGuard(windows, 1);
    for (let i = 0; i < 1_000; i++) failNow(guard, `198.51.100.${i}`);
    // The last address's window survived the pruning: its second failure is over budget.
    expect(failNow(guard, '198.51.100.999')).toBe(60);
  });
});
