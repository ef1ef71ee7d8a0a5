import type { ReadService } from '../read/service.js';
import { type CacheableAnswer, jsonAnswer } from './answer.js';

/** What GET /v1/premium/:guildId answers (its 200 or its 404), as the cache holds it. */
export function premiumAnswer(read: ReadService, guildId: string): CacheableAnswer {
  return {
    cacheKey: `premium:${guildId}`,
    async build() {
      const { state, expiresAt } = await read.premium.get(guildId);
      // The spec's premium answer is never an error body: a guild without premium is a 404
      // that still says {guildId, premium: false}.
      const status = state === 'active' ? 200 : 404;
      const answer = jsonAnswer(status, { guildId, premium: status === 200, status });
      // An active premium with an expiry stops being true at that instant, data change or not.
      return state === 'active' && expiresAt
        ? { ...answer, staleAt: Date.parse(expiresAt) }
        : answer;
    },
  };
}
