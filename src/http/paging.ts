import { ApiError } from '../answers/errors.js';
import type { PageRequest } from '../read/types.js';
import { afterParam, DEFAULT_PAGE_LIMIT } from './parameters.js';

export interface PagingQuery {
  limit?: number | undefined;
  after?: string | undefined;
}

/** The page a list request asks for, or undefined when it asks for the whole list. */
export function pageRequest<C>(
  query: PagingQuery,
  decode: (cursor: string) => C | undefined,
): PageRequest<C> | undefined {
  if (query.limit === undefined && query.after === undefined) return undefined;
  const after = query.after === undefined ? undefined : decode(query.after);
  if (query.after !== undefined && after === undefined) throw new ApiError(400, afterParam.invalid);
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, after };
}

/** The part of a cache key that tells pages of one list apart. */
export function pageKey(query: PagingQuery): string {
  if (query.limit === undefined && query.after === undefined) return 'all';
  return `${query.limit ?? DEFAULT_PAGE_LIMIT}:${query.after ?? ''}`;
}
