/*
 * Ids that may be handled once within a time window: a signed interaction is handled once on
 * whichever node it reaches, however often it is replayed (docs/discord.md, "Interactions Endpoint
 * mode"). In this process's memory, or with REDIS_URL in Redis for every node
 * (../redis/redis-once-set.ts).
 */

export interface OnceSet {
  /** `then(true)` for the first claim of `id` within `ttlMs`, `then(false)` for any later one. */
  claim(id: string, ttlMs: number, then: (first: boolean) => void): void;
}

/** Entries kept before expired ones are swept: bounds memory under a flood of distinct ids. */
const SWEEP_AT = 10_000;

export class MemoryOnceSet implements OnceSet {
  /** id → expiry (ms). With one ttl for all, insertion order is expiry order. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  claim(id: string, ttlMs: number, then: (first: boolean) => void): void {
    const now = this.now();
    const until = this.seen.get(id);
    if (until !== undefined && until > now) {
      then(false);
      return;
    }
    if (this.seen.size >= SWEEP_AT) this.sweep(now);
    this.seen.delete(id);
    this.seen.set(id, now + ttlMs);
    then(true);
  }

  private sweep(now: number): void {
    for (const [id, until] of this.seen) {
      if (until > now) break;
      this.seen.delete(id);
    }
  }
}
