import { describe, expect, it } from 'vitest';
import { KeyRateLimiter } from '../../src/http/rate-limit.js';

const key = (id: number, rateLimit: number | null = null) => ({ id, guilds: null, rateLimit });

describe('per-key rate limiter', () => {
  it('counts a fixed one-minute window per key, then starts a new one', () => {
    let now = 1_000_000;
    const limiter = new KeyRateLimiter(2, () => now);
    expect(limiter.take(key(1))).toEqual({ limit: 2, remaining: 1, resetS: 60 });
    now += 30_500;
    expect(limiter.take(key(1))).toEqual({ limit: 2, remaining: 0, resetS: 30 });
    expect(limiter.take(key(1))?.remaining).toBe(-1);
    // Another key has its own window.
    expect(limiter.take(key(2))?.remaining).toBe(1);
    now += 29_500;
    expect(limiter.take(key(1))).toEqual({ limit: 2, remaining: 1, resetS: 60 });
  });

  it("takes a key's own limit, and never limits a key of limit 0 or a server with limiting off", () => {
    const limiter = new KeyRateLimiter(600, () => 0);
    expect(limiter.take(key(1, 5))?.limit).toBe(5);
    expect(limiter.take(key(2, 0))).toBeNull();
    expect(new KeyRateLimiter(0).take(key(3, 5))).toBeNull();
  });
});
