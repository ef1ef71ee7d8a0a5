import type { ReadService } from '../read/service.js';
import { withinYears } from '../records/field.js';
import { HOUSES } from '../records/houses.js';
import { type CacheableAnswer, errorAnswer, jsonAnswer } from './answer.js';
import { ApiError, MESSAGES } from './errors.js';
import {
  defaultFrom,
  defaultTo,
  entryCount,
  instantText,
  MAX_SERIES_ENTRIES,
  readSeries,
  readSeriesAt,
  type SeriesRange,
  STEPS,
  type Step,
  stepStart,
  termEntryCount,
  termSeriesInstants,
} from './history-series.js';
import { parseInstant } from './iso-instant.js';

interface HistoryQuery {
  step?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** A term's id: the series from its start to its end (or now), instead of `from` and `to`. */
  term?: number | undefined;
}

const isStep = (value: string): value is Step => (STEPS as readonly string[]).includes(value);

/** The range a query asks for, or the 400 that names its bad parameter. */
function historyRange(query: HistoryQuery, now: number): SeriesRange {
  const step = query.step ?? 'day';
  if (!isStep(step)) throw new ApiError(400, MESSAGES.invalidStep);
  const to =
    query.to === undefined
      ? defaultTo(now)
      : parseInstant(query.to, MESSAGES.invalidTo, MESSAGES.toOutsideYears);
  const from =
    query.from === undefined
      ? defaultFrom(to, step)
      : parseInstant(query.from, MESSAGES.invalidFrom, MESSAGES.fromOutsideYears);
  if (from >= to) throw new ApiError(400, MESSAGES.fromAfterTo);
  const range = { step, from: stepStart(from, step), to };
  // The series' start, moved down to its step or counted back from `to`, is an instant of the
  // answer too: the parameter it follows from is named.
  if (!withinYears(range.from)) {
    throw new ApiError(
      400,
      query.from === undefined ? MESSAGES.toOutsideYears : MESSAGES.fromOutsideYears,
    );
  }
  if (entryCount(range) > MAX_SERIES_ENTRIES) throw new ApiError(400, MESSAGES.tooManyEntries);
  return range;
}

const FAR_FUTURE = '9999-12-31T23:59:59.999Z';

/**
 * What GET /v1/points/:guildId/history answers. Without `to`, the series ends at the next whole
 * second (defaultTo): its answer is cached under one key for every such request, true until
 * that second comes (then built again with the next one) or the guild's data changes.
 */
export function pointsHistoryAnswer(
  read: ReadService,
  guildId: string,
  query: HistoryQuery,
  clock: () => number = Date.now,
): CacheableAnswer {
  if (query.term !== undefined) return termHistoryAnswer(read, guildId, query, query.term, clock);
  // Validated before any cache lookup: a bad query is a 400 however warm the cache.
  const range = historyRange(query, clock());
  const cacheKey = `history:${guildId}:${range.step}:${range.from}:${query.to === undefined ? 'now' : range.to}`;
  return {
    cacheKey,
    async build() {
      const points = await readSeries(read.pointsHistory, guildId, range);
      if (points.every((entry) => HOUSES.every((house) => entry[house] === null))) {
        const [current, [latest]] = await Promise.all([
          read.points.get(guildId),
          read.pointsHistory.standingsAt(guildId, [FAR_FUTURE]),
        ]);
        if (!current && !latest) return errorAnswer(404, MESSAGES.noPoints);
      }
      const answer = jsonAnswer(200, {
        guildId,
        step: range.step,
        from: instantText(range.from),
        to: instantText(range.to),
        points,
        status: 200,
      });
      return query.to === undefined ? { ...answer, staleAt: range.to } : answer;
    },
  };
}

/**
 * GET /v1/points/:guildId/history?term=<id>: the series from the term's start (its first entry,
 * not moved down to a step) to its end, or to the next whole second while it is open: the points
 * as they stood, as the history endpoint gives them everywhere. An ended term's last entry is the
 * points it ended with as its row keeps them (its totals), before any reset (the reset's history
 * row may share the end's millisecond), and whatever the pruning took.
 */
function termHistoryAnswer(
  read: ReadService,
  guildId: string,
  query: HistoryQuery,
  id: number,
  clock: () => number,
): CacheableAnswer {
  const step = query.step ?? 'day';
  if (!isStep(step)) throw new ApiError(400, MESSAGES.invalidStep);
  if (query.from !== undefined || query.to !== undefined) {
    throw new ApiError(400, MESSAGES.termWithRange);
  }
  const now = defaultTo(clock());
  return {
    // An open term's answer runs to `now`: it goes stale with that second (staleAt).
    cacheKey: `history:${guildId}:${step}:term:${id}`,
    async build() {
      const term = await read.terms.get(guildId, id);
      if (!term) return errorAnswer(404, MESSAGES.noTerm);
      const from = Date.parse(term.startedAt);
      const to = term.endedAt === null ? now : Date.parse(term.endedAt);
      if (termEntryCount(from, to, step) > MAX_SERIES_ENTRIES) {
        return errorAnswer(400, MESSAGES.tooManyEntries);
      }
      const instants = termSeriesInstants(from, to, step);
      const points = await readSeriesAt(read.pointsHistory, guildId, instants);
      const last = points.at(-1);
      if (term.endedAt !== null && last) Object.assign(last, term.totals);
      const answer = jsonAnswer(200, {
        guildId,
        step,
        from: term.startedAt,
        to: instantText(to),
        term: term.id,
        points,
        status: 200,
      });
      return term.endedAt === null ? { ...answer, staleAt: to } : answer;
    },
  };
}
