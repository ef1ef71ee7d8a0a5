import type { ProfileCursor, RankEntry } from '../../../src/read/types.js';
import type { ChangeView } from '../../../src/records/periods.js';
import type { ProfileView } from '../../../src/records/profile-order.js';
import type { Store } from '../../../src/store/store.js';

/** Every profile of a list, paged `limit` at a time: ids in order, with each one's change. */
export async function walk(
  store: Store,
  guildId: string,
  view: ChangeView,
  limit: number,
): Promise<{ id: number; user_id: string; change: number }[]> {
  const seen: { id: number; user_id: string; change: number }[] = [];
  let after: ProfileCursor | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = await store.read.players.changes(guildId, { limit, after }, view);
    if (!page) return seen;
    seen.push(...page.items.map(({ id, user_id, change }) => ({ id, user_id, change })));
    if (!page.next) return seen;
    after = page.next;
  }
  throw new Error('the list did not end');
}

/** The same, through the serialized pages. */
export async function walkSerialized(
  store: Store,
  guildId: string,
  view: ChangeView,
  limit: number,
): Promise<{ id: number; change: number }[]> {
  const seen: { id: number; change: number }[] = [];
  let after: ProfileCursor | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = await store.read.players.changesSerialized(guildId, { limit, after }, view);
    if (!page) return seen;
    const rows = JSON.parse(Buffer.concat(page.json).toString()) as {
      id: number;
      change: number;
    }[];
    seen.push(...rows.map(({ id, change }) => ({ id, change })));
    if (!page.next) return seen;
    after = page.next;
  }
  throw new Error('the list did not end');
}

/** The whole list's profile ids, in order, for any view. */
export async function idsOf(
  store: Store,
  guildId: string,
  view: ProfileView | ChangeView,
): Promise<number[]> {
  if (view.sort === 'change') {
    const page = await store.read.players.changes(guildId, undefined, view);
    return page ? page.items.map((row) => row.id) : [];
  }
  const page = await store.read.players.list(guildId, undefined, view);
  return page ? page.items.map((row) => row.id) : [];
}

/** What a rank entry must be, read from the list itself. */
export function expectedRank(
  ids: number[],
  id: number,
  inList: boolean,
): Pick<RankEntry, 'rank' | 'of'> {
  return { rank: inList ? ids.indexOf(id) + 1 : null, of: ids.length };
}
