import type { PageRequest } from '../read/types.js';
import { ApiError, MESSAGES } from './errors.js';

/** Page size when a client sends `after` without `limit`. */
export const DEFAULT_PAGE_LIMIT = 100;

export interface PagingQuery {
  limit?: number;
  after?: string;
}

/** The page a list request asks for, or undefined when it asks for the whole list. */
export function pageRequest<C>(
  query: PagingQuery,
  decode: (cursor: string) => C | undefined,
): PageRequest<C> | undefined {
  if (query.limit === undefined && query.after === undefined) return undefined;
  const after = query.after === undefined ? undefined : decode(query.after);
  if (query.after !== undefined && after === undefined)
    throw new ApiError(400, MESSAGES.invalidAfter);
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, after };
}

/** The list envelope; `next` is present only when the client asked for a page. */
export function listBody<T>(items: T[], next?: string | null) {
  return next === undefined
    ? { results: items, count: items.length, status: 200 as const }
    : { results: items, count: items.length, next, status: 200 as const };
}
