import { type ChangeView, changeView, PERIOD_KINDS, type PeriodKind } from '../records/periods.js';
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
export type ListSort = (typeof LIST_SORTS)[number];

/**
 * The periods a request names. `term` is a word of the API already, so that the choice (and its
 * 400 text) stays the same when terms are kept; until then asking for it is a 400 of its own.
 */
export const REQUEST_PERIODS = [...PERIOD_KINDS, 'term'] as const;
export type RequestPeriod = (typeof REQUEST_PERIODS)[number];

export interface PlayersQuery {
  sort?: ListSort | undefined;
  order?: SortOrder | undefined;
  house?: HouseFilter | undefined;
  period?: RequestPeriod | undefined;
  at?: string | undefined;
}

/** The list a request names, and whether its period is the one containing now (no `at`). */
export type RequestedView =
  | { view: ProfileView; kind: undefined }
  | { view: ChangeView; kind: PeriodKind; current: boolean };

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
  if (period === 'term') throw new ApiError(400, MESSAGES.termsNotKept);
  const instant = at === undefined ? now : parseInstant(at, MESSAGES.invalidAt);
  return {
    view: changeView(period, new Date(instant), query.order, query.house),
    kind: period,
    current: at === undefined,
  };
}
