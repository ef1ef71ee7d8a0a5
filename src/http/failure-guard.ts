/**
 * Counts failed requests (wrong or missing key, unknown path) per client address, so one
 * address cannot make unlimited guesses or floods. Requests with a valid key never count and are
 * never refused here: their own per-key budget is all that limits them.
 */
export class FailureGuard {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private static readonly WINDOW_MS = 60_000;
  /** Addresses tracked at most; past this, expired windows are dropped first. */
  private static readonly MAX_ADDRESSES = 50_000;

  constructor(
    private readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Notes one failure of `address`. Returns the seconds it must wait when it has failed more
   * than its budget this minute, or 0 while it is within it.
   */
  fail(address: string): number {
    if (this.limitPerMinute <= 0) return 0;
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || now - window.start >= FailureGuard.WINDOW_MS) {
      if (!window && this.windows.size >= FailureGuard.MAX_ADDRESSES) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count += 1;
    if (window.count <= this.limitPerMinute) return 0;
    return Math.max(1, Math.ceil((window.start + FailureGuard.WINDOW_MS - now) / 1000));
  }

  private prune(now: number): void {
    for (const [address, window] of this.windows) {
      if (now - window.start >= FailureGuard.WINDOW_MS) this.windows.delete(address);
    }
    // Still full: an address flood. Forget the oldest half rather than grow without bound.
    if (this.windows.size >= FailureGuard.MAX_ADDRESSES) {
      let drop = this.windows.size / 2;
      for (const address of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(address);
      }
    }
  }
}
