import type { CacheableAnswer } from '../answers/answer.js';
import type { AnswerCache } from '../answers/answer-cache.js';
import { pointsAnswer } from '../answers/points.js';
import { premiumAnswer } from '../answers/premium.js';
import { termEventBody } from '../answers/terms.js';
import type { ReadService } from '../read/service.js';
import { EVENT_NAMES, EVENTS, type EventName } from '../records/events.js';

/*
 * The events of a guild's stream (docs/live-updates.md) and how their data is read. `points`
 * and `premium` go through the answer cache with the very declarations of their GET endpoints, so
 * an event carries the bytes that endpoint answers at that moment (and fills the cache for it).
 * `term` is the guild's latest term (`{id, name, startedAt, endedAt}`): it moves when a term
 * starts (a new latest one) or ends (its endedAt); a guild that never had a term has no `term`
 * data, and gets no such event. `award` is the guild's latest award, its ledger entry: it moves with
 * each award (and when that award is undone). Which events there are, and in which order, is the catalogue's
 * (records/events.ts).
 */

/** One guild's event data, in EVENT_NAMES order (empty: no such event), and when it goes stale on its own. */
export interface GuildState {
  data: readonly Buffer[];
  /**
   * What tells an area's state apart, in the same order: its data, and for players and jobs
   * (`markedByChange`) also the number of their last change in guild_changes, so that a change
   * that leaves the count as it was still sends an event, and a write that changes nothing sends
   * none.
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

/** One area's data and when it goes stale on its own (Infinity: only with a commit). */
interface AreaData {
  body: Buffer;
  staleAt: number;
}

/**
 * How an event's data is read, and whether its mark adds the number of its area's last change:
 * for data that a change may leave as it was (a count), so that such a change still sends it.
 */
interface AreaReader {
  read(sources: StateSources, guildId: string): Promise<AreaData>;
  markedByChange?: true;
}

const cachedArea = async (
  sources: StateSources,
  guildId: string,
  answer: CacheableAnswer,
): Promise<AreaData> => {
  const generation = () => sources.generation(guildId);
  const { body, staleAt } = await sources.cache.get(answer.cacheKey, generation, answer.build);
  return { body, staleAt: staleAt ?? Number.POSITIVE_INFINITY };
};

/** How each event's data is read: the one definition streams and webhooks both use. */
const AREA_READERS: Record<EventName, AreaReader> = {
  points: {
    read: (sources, guildId) => cachedArea(sources, guildId, pointsAnswer(sources.read, guildId)),
  },
  premium: {
    read: (sources, guildId) => cachedArea(sources, guildId, premiumAnswer(sources.read, guildId)),
  },
  players: {
    read: async ({ read }, guildId) => ({
      body: countBody(await read.players.count(guildId)),
      staleAt: Number.POSITIVE_INFINITY,
    }),
    markedByChange: true,
  },
  jobs: {
    read: async ({ read }, guildId) => ({
      body: countBody(await read.jobs.count(guildId)),
      staleAt: Number.POSITIVE_INFINITY,
    }),
    markedByChange: true,
  },
  // The guild's latest award, as the log answers its entry; none before the first.
  award: {
    read: async ({ read }, guildId) => {
      const [latest] = (await read.ledger.list(guildId, { limit: 1 }, { source: 'award' })).items;
      return {
        body: latest ? Buffer.from(JSON.stringify(latest)) : NO_DATA,
        staleAt: Number.POSITIVE_INFINITY,
      };
    },
  },
  term: {
    read: async ({ read }, guildId) => {
      const [latest] = (await read.terms.list(guildId, { limit: 1 })).items;
      return {
        body: latest ? Buffer.from(JSON.stringify(termEventBody(latest))) : NO_DATA,
        staleAt: Number.POSITIVE_INFINITY,
      };
    },
  },
};

/** The data of one event of `guildId` now: what a stream would send for it (webhooks' `data`). */
export async function readEventData(
  sources: StateSources,
  guildId: string,
  name: EventName,
): Promise<Buffer> {
  return (await AREA_READERS[name].read(sources, guildId)).body;
}

/** Reads the event data of `guildId` now. */
export async function readGuildState(sources: StateSources, guildId: string): Promise<GuildState> {
  const [areas, changes] = await Promise.all([
    Promise.all(
      EVENT_NAMES.map(async (name) => ({
        name,
        ...(await AREA_READERS[name].read(sources, guildId)),
      })),
    ),
    sources.read.changes.of(guildId),
  ]);
  return {
    data: areas.map((area) => area.body),
    marks: areas.map(({ name, body }) =>
      AREA_READERS[name].markedByChange
        ? Buffer.concat([body, Buffer.from(`#${changes[EVENTS[name].area]}`)])
        : body,
    ),
    staleAt: Math.min(...areas.map((area) => area.staleAt)),
  };
}
