import type { ProfileCursor } from '../read/types.js';
import { changeViewKey } from '../records/periods.js';
import { viewKey } from '../records/profile-order.js';
import { compareIn, type RankView } from './rank-counts.js';

/*
 * What the node remembers of lists to answer ranks with shorter counts (src/store/rank-counts.ts,
 * docs/decisions.md, "Periods and ranks"): each list's length while the guild's roster stands,
 * and the ranks it answered, to guess which side of a position holds fewer rows.
 */

/** Lists remembered at most, for as many guilds, views and houses. */
const MAX_LISTS = 1_000;

/** Ranks remembered per list: enough to place a position within a few percent of a big list. */
const MAX_ANSWERS = 32;

/** A map that forgets everything when full: what it holds is found again by one count. */
class Bounded<V> {
  private readonly entries = new Map<string, V>();

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.entries.size >= MAX_LISTS && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, value);
  }
}

const listKey = (guildId: string, view: RankView) =>
  `${guildId}\u0000${view.sort === 'change' ? changeViewKey(view) : viewKey(view)}`;

/**
 * A list's length, per guild and house filter, while the guild's roster stands (its number, read
 * in the rank's snapshot, is part of the key): no profile added, removed or moved to another
 * house. Counting a 50,000-profile guild reads its 50,000 index entries, and every member's rank
 * would ask it again; the game's writes to the galleons, most of its writes, leave the roster as
 * it is. After a change of the roster the first rank counts the rows after its profile besides
 * those before it (rowsAroundSql): the length without a count of its own.
 */
export class Lengths {
  private readonly known = new Bounded<number>();

  key(guildId: string, view: RankView, roster: number | null): string | null {
    return roster === null ? null : `${guildId}\u0000${view.house ?? ''}\u0000${roster}`;
  }

  get(key: string | null): number | undefined {
    return key === null ? undefined : this.known.get(key);
  }

  remember(key: string | null, length: number): void {
    if (key !== null) this.known.set(key, length);
  }
}

/** Which rows a rank counts: those before the position, or those after it (the rank is then the length less them). */
export type Side = 'before' | 'after';

/**
 * The side of a position with fewer rows, guessed from the ranks answered in the same list: a
 * count costs as many index entries as it counts, so counting the shorter side reads a quarter of
 * the list on average instead of a half. The ranks remembered move as the game writes; a wrong
 * guess costs a longer count, never a wrong rank.
 */
export class Sides {
  private readonly answers = new Bounded<{ position: ProfileCursor; rank: number }[]>();

  shorter(guildId: string, view: RankView, position: ProfileCursor, length: number): Side {
    let below = 0;
    let above = length + 1;
    for (const answer of this.answers.get(listKey(guildId, view)) ?? []) {
      const order = compareIn(view, answer.position, position);
      if (order < 0) below = Math.max(below, answer.rank);
      else if (order > 0) above = Math.min(above, answer.rank);
      else return answer.rank * 2 > length + 1 ? 'after' : 'before';
    }
    return below + above > length + 1 ? 'after' : 'before';
  }

  remember(guildId: string, view: RankView, position: ProfileCursor, rank: number): void {
    const key = listKey(guildId, view);
    const answers = this.answers.get(key) ?? [];
    if (answers.length >= MAX_ANSWERS) answers.shift();
    answers.push({ position, rank });
    this.answers.set(key, answers);
  }
}
