/*
 * The per-key limit of open event streams (EVENT_STREAMS_PER_KEY, docs/live-updates.md): a stream
 * takes a slot of its key when it opens and gives it back when it ends. In memory for one node;
 * with REDIS_URL, counted in Redis for every node (../redis/redis-stream-slots.ts).
 */

/** Whose slots: an API key's id, or a public page's `public:<address>`. */
export type SlotOwner = number | string;

/** A slot held by one open stream. */
export interface StreamSlot {
  /** Gives the slot back; once, whatever calls it. */
  release(): void;
}

export interface StreamSlots {
  /**
   * Takes one of key `keyId`'s `limit` slots: `then` gets the slot, or null when all are taken.
   * Runs `then` exactly once: at once in memory, on Redis' answer otherwise.
   */
  take(keyId: SlotOwner, limit: number, then: (slot: StreamSlot | null) => void): void;
}

/** Slots counted in this process: the only ones of a single node, and each node's without Redis. */
export class MemoryStreamSlots implements StreamSlots {
  private readonly held = new Map<SlotOwner, number>();

  /** Streams of `keyId` open on this node. */
  count(keyId: SlotOwner): number {
    return this.held.get(keyId) ?? 0;
  }

  take(keyId: SlotOwner, limit: number, then: (slot: StreamSlot | null) => void): void {
    then(this.count(keyId) < limit ? this.hold(keyId) : null);
  }

  /** Counts a slot of `keyId` whatever the limit (Redis already said it is free). */
  hold(keyId: SlotOwner): StreamSlot {
    this.held.set(keyId, this.count(keyId) + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = this.count(keyId) - 1;
        if (left > 0) this.held.set(keyId, left);
        else this.held.delete(keyId);
      },
    };
  }
}
