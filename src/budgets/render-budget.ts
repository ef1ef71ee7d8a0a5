import { secondsLeft, type Windows } from './windows.js';

/*
 * Renders a minute per API key (RENDERS_PER_MINUTE), or per client address on the public pages:
 * apart from the key's request budget, because a render costs a thousand cached answers. Only a
 * chart the answer cache cannot give counts, when its build is about to begin; a cached chart, a
 * 304, or a request that joins a build already under way costs nothing. Counted in memory, or
 * with REDIS_URL in Redis for every node at once.
 */

/** Whose renders: an API key's id, or a public page's client address. */
export type RenderOwner = { key: number } | { address: string };

export class RenderBudget {
  constructor(
    private readonly windows: Windows,
    /** Renders per owner per minute; 0 turns the budget off. */
    private readonly limitPerMinute: number,
  ) {}

  /**
   * Counts one render of `owner` and hands over the seconds it must wait when that was one too
   * many this minute, or 0 while it is within its budget. `then` runs exactly once: at once in
   * memory, on Redis' answer otherwise.
   */
  take(owner: RenderOwner, then: (waitS: number) => void): void {
    const limit = this.limitPerMinute;
    if (limit <= 0) {
      then(0);
      return;
    }
    // The key's numeric id names its window, never the key itself (it must not reach Redis).
    const name = 'key' in owner ? `key:${owner.key}` : `addr:${owner.address}`;
    this.windows.hit(name, (count, leftMs) => then(count <= limit ? 0 : secondsLeft(leftMs)));
  }
}
