import { secondsLeft, type Windows } from './windows.js';

/**
 * Counts failed requests (wrong or missing key, unknown path) per client address, so that one
 * address cannot make unlimited guesses or floods. Requests with a valid key never count and are
 * never refused here: their own per-key budget is all that limits them.
 */
export interface FailureGuard {
  /**
   * Notes one failure of `address` and hands over the seconds it must wait when it has failed more
   * than its budget this minute, or 0 while it is within it. `then` runs exactly once: at once in
   * memory, on Redis' answer otherwise.
   */
  fail(address: string, then: (waitS: number) => void): void;
}

/** The failure guard over fixed one-minute windows, in memory or in Redis. */
export class WindowFailureGuard implements FailureGuard {
  constructor(
    private readonly windows: Windows,
    /** Failures per address per minute; 0 turns the guard off. */
    private readonly limitPerMinute: number,
  ) {}

  fail(address: string, then: (waitS: number) => void): void {
    const limit = this.limitPerMinute;
    if (limit <= 0) {
      then(0);
      return;
    }
    this.windows.hit(address, (count, leftMs) => then(count <= limit ? 0 : secondsLeft(leftMs)));
  }
}
