import { HOUSES } from '../../src/records/houses.js';
import {
  type HOUSE_FILTERS,
  PROFILE_SORTS,
  type ProfileView,
  SORT_ORDERS,
} from '../../src/records/profile-order.js';

/*
 * Profiles made to trip a sorted list up — many ties on every sort key, several profiles per
 * member, null years, names whose order differs between code points and UTF-16 units or a
 * locale — and the order each view must give them, computed here from the raw entries alone
 * (docs/http-api.md), never with the code under test.
 */

export interface RawProfile {
  id: number;
  user_id: string;
  name: string;
  house: (typeof HOUSES)[number] | null;
  year: number | null;
  job_id: number | null;
  galleons: number;
  created_at: string;
}

// 'Ａ' (U+FF21) sorts after '😀' (U+1F600) in UTF-16 units but before it by code points; '_'
// sorts between upper and lower case by code points, before letters in most locales.
const NAMES = [
  'Harry',
  'harry',
  'Émile',
  'Zed',
  '_x',
  'Ａ',
  '😀 Smile',
  '\uFFFD',
  'a',
  'Ron "R" \\',
];

export function sortedFixture(count: number): RawProfile[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    user_id: String(100 + ((i * 37) % 61)),
    name: i % 4 === 0 ? (NAMES[i % NAMES.length] as string) : `${NAMES[i % NAMES.length]} ${i % 3}`,
    house: [...HOUSES, null][i % 5] ?? null,
    year: i % 4 === 1 ? null : (i % 7) + 1,
    job_id: null,
    galleons: (i * 13) % 50,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 100)).toISOString(),
  }));
}

/** By code points: the order of UTF-8 bytes. */
const byCodePoints = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function byKey(view: ProfileView, a: RawProfile, b: RawProfile): number {
  switch (view.sort) {
    case 'user_id':
      return 0;
    case 'galleons':
      return a.galleons - b.galleons;
    case 'year':
      // A null year sorts below 1.
      return (a.year ?? 0) - (b.year ?? 0);
    case 'name':
      return byCodePoints(a.name, b.name);
    case 'created_at':
      return byCodePoints(a.created_at, b.created_at);
  }
}

/** The profiles `view` shows, in its order: key, then user_id, then id; desc all reversed. */
export function expectedOrder(profiles: readonly RawProfile[], view: ProfileView): RawProfile[] {
  const shown = profiles.filter((p) =>
    view.house === null ? true : view.house === 'none' ? p.house === null : p.house === view.house,
  );
  const ascending = (a: RawProfile, b: RawProfile) =>
    byKey(view, a, b) || byCodePoints(a.user_id, b.user_id) || a.id - b.id;
  return shown.sort((a, b) => (view.order === 'asc' ? ascending(a, b) : ascending(b, a)));
}

/** The API's profile object of a raw entry, fields in the record's order. */
export function served(guildId: string, p: RawProfile) {
  return {
    id: p.id,
    user_id: p.user_id,
    guild_id: guildId,
    name: p.name,
    house: p.house,
    year: p.year,
    job_id: p.job_id,
    galleons: p.galleons,
    created_at: p.created_at,
  };
}

/** Every sort × order × (no filter, one house, no house). */
export function everyView(): ProfileView[] {
  const filters = [null, 'gryffindor', 'none'] as const satisfies readonly (
    | (typeof HOUSE_FILTERS)[number]
    | null
  )[];
  return PROFILE_SORTS.flatMap((sort) =>
    SORT_ORDERS.flatMap((order) => filters.map((house) => ({ sort, order, house }))),
  );
}
