import type { ReadService } from '../read/service.js';
import type { PageRequest, TermCursor } from '../read/types.js';
import type { Term } from '../records/terms.js';
import type { CacheableAnswer } from './answer.js';
import { jsonAnswer } from './answer.js';

/*
 * A guild's terms as the API answers them (GET /v1/points/:guildId/terms) and as the event
 * stream's `term` event carries one. Built from the read service's terms, whose standings (what
 * the houses gained), totals and winners the store has already settled.
 */

/**
 * One term on the wire: `{id, name, startedAt, endedAt, standings, totals, winners}`, winners
 * null while it is open.
 */
function termBody(term: Term) {
  return {
    id: term.id,
    name: term.name,
    startedAt: term.startedAt,
    endedAt: term.endedAt,
    standings: term.standings,
    totals: term.totals,
    winners: term.winners,
  };
}

/** The `term` event's data: the term that started or ended, without its standings. */
export function termEventBody(term: Term) {
  return { id: term.id, name: term.name, startedAt: term.startedAt, endedAt: term.endedAt };
}

/**
 * What GET /v1/points/:guildId/terms answers: the guild's terms newest first, a page of them when
 * asked, `next` (already encoded by the presenter) only then. A guild without terms: 200 with
 * `"results":[]`.
 */
export function termsAnswer(
  read: ReadService,
  guildId: string,
  page: PageRequest<TermCursor> | undefined,
  pageKey: string,
  encodeNext: (cursor: TermCursor) => string,
): CacheableAnswer {
  return {
    cacheKey: `terms:${guildId}:${pageKey}`,
    async build() {
      const list = await read.terms.list(guildId, page);
      const results = list.items.map(termBody);
      return jsonAnswer(200, {
        guildId,
        results,
        count: results.length,
        ...(page ? { next: list.next ? encodeNext(list.next) : null } : {}),
        status: 200,
      });
    },
  };
}
