import type { FailureGuard } from '../budgets/failure-guard.js';
import { ApiError, MESSAGES } from './errors.js';

/**
 * Hands `then` the error for a failed request, or a 429 once its address has failed too often
 * (at once with budgets in memory, when Redis answers with shared ones).
 */
export function failureFrom(
  guard: FailureGuard,
  address: string,
  status: number,
  message: string,
  then: (error: ApiError) => void,
  headers: Record<string, string> = {},
): void {
  guard.fail(address, (wait) => {
    then(
      wait === 0
        ? new ApiError(status, message, headers)
        : new ApiError(429, MESSAGES.tooManyRequests, { 'retry-after': String(wait) }),
    );
  });
}

/** failureFrom for async code: the error, to throw. */
export function failureOf(
  guard: FailureGuard,
  address: string,
  status: number,
  message: string,
): Promise<ApiError> {
  return new Promise((resolve) => failureFrom(guard, address, status, message, resolve));
}
