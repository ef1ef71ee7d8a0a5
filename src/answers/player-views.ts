import type { ReadService } from '../read/service.js';
import { withinYears } from '../records/field.js';
import {
  type CalendarChangeView,
  type ChangeView,
  changeView,
  PERIOD_KINDS,
  type PeriodKind,
  termChangeView,
} from '../records/periods.js';
import {
  type HouseFilter,
  PROFILE_SORTS,
  type ProfileSort,
  type ProfileView,
  profileView,
  type SortOrder,
} from '../records/profile-order.js';
import { ApiError, MESSAGES } from './errors.js';
import { parseInstant } from './iso-instant.js';

/*
 * What a players request asks for (docs/http-api.md, "Periods: who did most this week"): a
 * sorted list, or a period's list by change. The rules that tie `sort`, `period` and `at`
 * together live here, once, for the list and for a member's rank.
 */

/** The sorts a request names: the sorted lists', and `change`, which needs a period. */
export const LIST_SORTS = [...PROFILE_SORTS, 'change'] as const;
type ListSort = (typeof LIST_SORTS)[number];

/**
 * The periods a request names: the calendar ones, and `term` (the open term, or the one that
 * held `at`), which the store names (records/terms.ts).
 */
export const REQUEST_PERIODS = [...PERIOD_KINDS, 'term'] as const;
type RequestPeriod = (typeof REQUEST_PERIODS)[number];

interface PlayersQuery {
  sort?: ListSort | undefined;
  order?: SortOrder | undefined;
  house?: HouseFilter | undefined;
  period?: RequestPeriod | undefined;
  at?: string | undefined;
}

/**
 * A term's list by change, before the store says which term: the open one (no `at`), or the
 * one that held `at`.
 */
export interface TermAsk {
  order: SortOrder | undefined;
  house: HouseFilter | undefined;
  /** The instant asked for, as the store compares it; undefined for the open term. */
  at: string | undefined;
  /** One word for cache keys, for whichever term it turns out to be (the guild's data decides). */
  key: string;
}

/** The list a request names, and whether its period is the one containing now (no `at`). */
type RequestedView =
  | { view: ProfileView; kind: undefined }
  | { view: CalendarChangeView; kind: PeriodKind; current: boolean }
  | { kind: 'term'; term: TermAsk };

/**
 * The view of `query`, or the 400 that names its bad parameter. Without `sort`, a period makes
 * the list the period's by change (the only list a period orders), else `defaultSort`'s.
 */
export function requestedView(
  query: PlayersQuery,
  defaultSort: ProfileSort,
  now: number,
): RequestedView {
  const { period, at } = query;
  const sort = query.sort ?? (period === undefined ? defaultSort : 'change');
  if (sort !== 'change') {
    if (period !== undefined) throw new ApiError(400, MESSAGES.periodNeedsChange);
    if (at !== undefined) throw new ApiError(400, MESSAGES.atNeedsPeriod);
    return { view: profileView(sort, query.order, query.house), kind: undefined };
  }
  if (period === undefined) throw new ApiError(400, MESSAGES.sortNeedsPeriod);
  if (period === 'term') {
    const instant =
      at === undefined
        ? undefined
        : new Date(parseInstant(at, MESSAGES.invalidAt, MESSAGES.atOutsideYears));
    const asked = instant?.toISOString();
    return {
      kind: 'term',
      term: {
        order: query.order,
        house: query.house,
        at: asked,
        key: `term.${query.order ?? 'desc'}.${query.house ?? 'all'}.${asked ?? 'open'}`,
      },
    };
  }
  const instant =
    at === undefined ? now : parseInstant(at, MESSAGES.invalidAt, MESSAGES.atOutsideYears);
  const view = changeView(period, new Date(instant), query.order, query.house);
  // The period's bounds are in the answer: a week or month reaching past the years is refused.
  const { from, to } = view.period;
  if (!withinYears(Date.parse(from)) || !withinYears(Date.parse(to))) {
    throw new ApiError(400, MESSAGES.atOutsideYears);
  }
  return {
    view,
    kind: period,
    current: at === undefined,
  };
}

/** The term's list a request asked for, or the 404 saying the guild has no such term. */
export async function termView(
  read: ReadService,
  guildId: string,
  asked: TermAsk,
): Promise<ChangeView> {
  const term =
    asked.at === undefined
      ? await read.terms.open(guildId)
      : await read.terms.containing(guildId, asked.at);
  if (!term) throw new ApiError(404, MESSAGES.noTerm);
  return termChangeView(term, asked.order, asked.house);
}
