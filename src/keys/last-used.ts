import type { KeyTable } from './key-table.js';

/** When each key was last used, written to the key table in batches rather than per request. */
interface LastUsedLog {
  note(id: number): void;
  /** Writes the pending times; those the store could not take stay pending for the next flush. */
  flush(): Promise<void>;
}

// An operator reads "last used" to the minute, not the request: a key in steady use is written
// once per resolution instead of on every call.
const LAST_USED_RESOLUTION_MS = 60_000;

export function createLastUsedLog(table: KeyTable, now: () => number): LastUsedLog {
  const lastUsed = new Map<number, number>();
  const pending = new Map<number, string>();
  return {
    note(id) {
      const at = now();
      const previous = lastUsed.get(id) ?? 0;
      if (at - previous < LAST_USED_RESOLUTION_MS) return;
      lastUsed.set(id, at);
      pending.set(id, new Date(at).toISOString());
    },
    async flush() {
      if (pending.size === 0) return;
      const written = new Map(pending);
      // Busy or unreachable: the times stay pending for the next flush.
      if (!(await table.touch(written).catch(() => false))) return;
      for (const [id, at] of written) if (pending.get(id) === at) pending.delete(id);
    },
  };
}
