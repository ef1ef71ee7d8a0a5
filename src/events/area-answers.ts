import type { CacheableAnswer } from '../answers/answer.js';
import type { AnswerCache } from '../answers/answer-cache.js';
import { pointsAnswer } from '../answers/points.js';
import { premiumAnswer } from '../answers/premium.js';
import { termEventBody } from '../answers/terms.js';
import type { ReadService } from '../read/service.js';

/*
 * The events of a guild's stream (docs/live-updates.md) and how their data is read. `points`
 * and `premium` go through the answer cache with the very declarations of their GET endpoints, so
 * an event carries the bytes that endpoint answers at that moment (and fills the cache for it).
 * `term` is the guild's latest term (`{id, name, startedAt, endedAt}`): it moves when a term
 * starts (a new latest one) or ends (its endedAt); a guild that never had a term has no `term`
 * data, and gets no such event.
 */

/** The event names, in the order a stream sends them. */
export const EVENT_NAMES = ['points', 'premium', 'players', 'jobs', 'term'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** One guild's event data, in EVENT_NAMES order (empty: no such event), and when it goes stale on its own. */
export interface GuildState {
  data: readonly Buffer[];
  /**
   * What tells an area's state apart, in the same order: its data, and for players and jobs
   * also the number of their last change in guild_changes, so that a change that leaves the
   * count as it was still sends an event, and a write that changes nothing sends none.
   */
  marks: readonly Buffer[];
  /** Epoch ms at which an answer changes without a commit (a premium expiring), or Infinity. */
  staleAt: number;
}

/** What reading a guild's state needs: the read service and the answer cache of the GETs. */
export interface StateSources {
  read: ReadService;
  cache: AnswerCache;
  generation(guildId: string): string;
}

const countBody = (count: number) => Buffer.from(`{"count":${count}}`);
const NO_DATA = Buffer.alloc(0);

/** Reads the four event data of `guildId` now. */
export async function readGuildState(sources: StateSources, guildId: string): Promise<GuildState> {
  const { read, cache } = sources;
  const generation = () => sources.generation(guildId);
  const cached = (answer: CacheableAnswer) => cache.get(answer.cacheKey, generation, answer.build);
  const [points, premium, players, jobs, changes, terms] = await Promise.all([
    cached(pointsAnswer(read, guildId)),
    cached(premiumAnswer(read, guildId)),
    read.players.count(guildId),
    read.jobs.count(guildId),
    read.changes.of(guildId),
    read.terms.list(guildId, { limit: 1 }),
  ]);
  const playersBody = countBody(players);
  const jobsBody = countBody(jobs);
  const latest = terms.items[0];
  const termBody = latest ? Buffer.from(JSON.stringify(termEventBody(latest))) : NO_DATA;
  return {
    data: [points.body, premium.body, playersBody, jobsBody, termBody],
    marks: [
      points.body,
      premium.body,
      Buffer.concat([playersBody, Buffer.from(`#${changes.players}`)]),
      Buffer.concat([jobsBody, Buffer.from(`#${changes.jobs}`)]),
      termBody,
    ],
    staleAt: Math.min(
      points.staleAt ?? Number.POSITIVE_INFINITY,
      premium.staleAt ?? Number.POSITIVE_INFINITY,
    ),
  };
}
