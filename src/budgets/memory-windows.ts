import { WINDOW_MS, type Windows, type WindowThen } from './windows.js';

/** Names tracked at most by default; past this, expired windows are dropped first. */
const MAX_NAMES = 50_000;

/**
 * Fixed one-minute windows held in this process: a Map lookup and an increment, answered at once.
 * The only budgets of a single node, and every node's own while Redis is unreachable.
 */
export class MemoryWindows implements Windows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxNames = MAX_NAMES,
  ) {}

  hit(name: string, then: WindowThen): void {
    const now = this.now();
    let window = this.windows.get(name);
    if (!window || now - window.start >= WINDOW_MS) {
      if (!window && this.windows.size >= this.maxNames) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(name, window);
    }
    window.count += 1;
    then(window.count, window.start + WINDOW_MS - now);
  }

  private prune(now: number): void {
    for (const [name, window] of this.windows) {
      if (now - window.start >= WINDOW_MS) this.windows.delete(name);
    }
    // Still full: a flood of names (addresses). Forget the oldest half rather than grow without bound.
    if (this.windows.size >= this.maxNames) {
      let drop = this.windows.size / 2;
      for (const name of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(name);
      }
    }
  }
}
