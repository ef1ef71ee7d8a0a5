import type { ReadService } from '../read/service.js';
import type { LedgerCursor, LedgerFilter, PageRequest } from '../read/types.js';
import { type CacheableAnswer, jsonAnswer } from './answer.js';
import { ApiError, MESSAGES } from './errors.js';
import { parseInstant } from './iso-instant.js';

/*
 * A guild's ledger as the API answers it (GET /v1/points/:guildId/log): a page of its entries,
 * newest first, those its filters keep. Always a page (the ledger of an active guild grows every
 * day): `next` is the cursor of the following one, or null on the last.
 */

/** The filters as the request gives them: the instants as text, checked here. */
type LedgerQuery = Omit<LedgerFilter, 'from' | 'to'> & {
  from?: string | undefined;
  to?: string | undefined;
};

/** The filter a query asks for, or the 400 that names its bad parameter. */
function filterOf(query: LedgerQuery): LedgerFilter {
  const from =
    query.from === undefined
      ? undefined
      : parseInstant(query.from, MESSAGES.invalidFrom, MESSAGES.fromOutsideYears);
  const to =
    query.to === undefined
      ? undefined
      : parseInstant(query.to, MESSAGES.invalidTo, MESSAGES.toOutsideYears);
  if (from !== undefined && to !== undefined && from >= to) {
    throw new ApiError(400, MESSAGES.fromAfterTo);
  }
  const instant = (ms: number | undefined) =>
    ms === undefined ? undefined : new Date(ms).toISOString();
  const { house, source, by } = query;
  return { house, source, by, for: query.for, from: instant(from), to: instant(to) };
}

/**
 * What GET /v1/points/:guildId/log answers: `{guildId, results, count, next, status}`. A guild
 * without entries (or none the filters keep): 200 with `"results":[]`.
 */
export function ledgerAnswer(
  read: ReadService,
  guildId: string,
  page: PageRequest<LedgerCursor>,
  query: LedgerQuery,
  encodeNext: (cursor: LedgerCursor) => string,
): CacheableAnswer {
  // Checked before any cache lookup: a bad query is a 400 however warm the cache.
  const filter = filterOf(query);
  return {
    cacheKey: `log:${guildId}:${page.limit}:${page.after?.id ?? ''}:${JSON.stringify(filter)}`,
    async build() {
      const list = await read.ledger.list(guildId, page, filter);
      return jsonAnswer(200, {
        guildId,
        results: list.items,
        count: list.items.length,
        next: list.next ? encodeNext(list.next) : null,
        status: 200,
      });
    },
  };
}
