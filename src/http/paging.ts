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

/** The part of a cache key that tells pages of one list apart. */
export function pageKey(query: PagingQuery): string {
  if (query.limit === undefined && query.after === undefined) return 'all';
  return `${query.limit ?? DEFAULT_PAGE_LIMIT}:${query.after ?? ''}`;
}
