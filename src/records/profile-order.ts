import { HOUSES } from './houses.js';

/*
 * The orders and filters of the profile list (docs/http-api.md, paging and sorting), declared once: the API's `sort`,
 * `order` and `house` parameters, their 400 texts, the bot's choices, and the indexes that make
 * each of them a range scan (profile.ts) are all read from here.
 */

/** The fields a profile list sorts by; `user_id` is the list's order of section 2. */
export const PROFILE_SORTS = ['user_id', 'galleons', 'name', 'year', 'created_at'] as const;
export type ProfileSort = (typeof PROFILE_SORTS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A house, or `none` for profiles without one. */
export const HOUSE_FILTERS = [...HOUSES, 'none'] as const;
export type HouseFilter = (typeof HOUSE_FILTERS)[number];

export function isProfileSort(value: unknown): value is ProfileSort {
  return (PROFILE_SORTS as readonly unknown[]).includes(value);
}

export function isHouseFilter(value: unknown): value is HouseFilter {
  return (HOUSE_FILTERS as readonly unknown[]).includes(value);
}

/** Which profiles a list shows, and in what order. */
export interface ProfileView {
  sort: ProfileSort;
  order: SortOrder;
  /** null: every profile. */
  house: HouseFilter | null;
}

/** The list of section 2: every profile by user_id, then id. */
export const DEFAULT_VIEW: ProfileView = { sort: 'user_id', order: 'asc', house: null };

/** Richest first: a leaderboard is read from the top; every other sort reads upwards. */
export function defaultOrder(sort: ProfileSort): SortOrder {
  return sort === 'galleons' ? 'desc' : 'asc';
}

/** The view a request names; what it leaves out takes the defaults. */
export function profileView(
  sort: ProfileSort | undefined,
  order: SortOrder | undefined,
  house: HouseFilter | undefined,
): ProfileView {
  const chosen = sort ?? DEFAULT_VIEW.sort;
  return { sort: chosen, order: order ?? defaultOrder(chosen), house: house ?? null };
}

export function isDefaultView(view: ProfileView): boolean {
  return view.sort === 'user_id' && view.order === 'asc' && view.house === null;
}

/** One word per view, for cache keys and statement names: `galleons.desc.gryffindor`. */
export function viewKey(view: ProfileView): string {
  return `${view.sort}.${view.order}.${view.house ?? 'all'}`;
}

/**
 * Whether a value read back from a client's cursor is a sort key of the view: a number for
 * galleons, a number or null for year, text for name and created_at, nothing for user_id (the
 * position holds it).
 */
export function sortKeyFits(
  view: ProfileView,
  sortKey: unknown,
): sortKey is string | number | null | undefined {
  switch (view.sort) {
    case 'user_id':
      return sortKey === undefined;
    case 'galleons':
      return Number.isSafeInteger(sortKey);
    case 'year':
      return sortKey === null || Number.isSafeInteger(sortKey);
    default:
      return typeof sortKey === 'string';
  }
}

/**
 * The indexes of the profile table that serve the lists: for every sort, (guild_id, sort key,
 * user_id, id) and the same after `house`, so that a sorted or filtered page is a seek and a
 * range scan in one index, in both directions. The ties (user_id, id) are in every index, so the
 * order is total without a sort. `year` is indexed as the column (nulls and all): both stores
 * read its null group as a range of its own (src/store/profile-lists.ts).
 */
export function profileListIndexes(): Record<string, ProfileIndexColumn[]> {
  const indexes: Record<string, ProfileIndexColumn[]> = {};
  for (const sort of PROFILE_SORTS) {
    const sortKey: ProfileIndexColumn[] = sort === 'user_id' ? [] : [sort];
    indexes[`profiles_guild_${sort}`] = ['guild_id', ...sortKey, 'user_id', 'id'];
    indexes[`profiles_guild_house_${sort}`] = ['guild_id', 'house', ...sortKey, 'user_id', 'id'];
  }
  return indexes;
}

type ProfileIndexColumn = ProfileSort | 'guild_id' | 'house' | 'id';
