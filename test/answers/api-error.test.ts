import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '../../src/answers/errors.js';

/*
 * An ApiError is an answer (a 401, 404 or 429), made on every such request: without a stack
 * trace, which nothing shows, and without changing how other errors are traced.
 */

describe('ApiError', () => {
  it('carries its answer and no stack frames, and leaves the trace limit as it was', () => {
    const before = Error.stackTraceLimit;
    const error = new ApiError(429, MESSAGES.tooManyRequests, { 'retry-after': '7' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 429,
      message: 'Too many requests',
      headers: { 'retry-after': '7' },
    });
    expect(error.stack ?? '').not.toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a fault').stack).toMatch(/\n\s+at /);
  });
});
