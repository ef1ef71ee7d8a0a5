import type { Logger } from '../logger.js';

/**
 * How often each watched guild's generation is compared. A generation is a string comparison
 * (SQLite's data_version is read at most once a millisecond, PostgreSQL's comes from its change
 * notifications), so this costs next to nothing and keeps a commit's events well within the
 * contract's second. The public page's streams look as often: a slower poll made them lag the
 * API's.
 */
export const POLL_MS = 50;

/**
 * The two timers of a node's watched guilds, for the API's streams and the public page's alike:
 * the poll asking each guild whether it changed, and the keep-alive comment. They run only while
 * a guild is watched (a node without streams has no timer of ours). A poll never throws out of
 * its timer: the store can fail or be closing under it, and a throw there would stop the
 * process. The next tick tries again; a failing store is logged once when the polls start
 * failing and once when they work again, not twenty times a second.
 */
export class WatchTimers {
  private poll: NodeJS.Timeout | undefined;
  private keepAlive: NodeJS.Timeout | undefined;
  private failing = false;

  constructor(
    private readonly options: {
      /** Names the streams in the log lines: `event streams`, `public streams`. */
      what: string;
      logger: Logger;
      pollMs: number;
      keepAliveMs: number;
      onPoll(): void;
      onKeepAlive(): void;
      /** Asked after each poll: when nothing is watched any more, the timers stop. */
      watching(): boolean;
    },
  ) {}

  start(): void {
    if (this.poll) return;
    const { pollMs, keepAliveMs, onKeepAlive } = this.options;
    this.poll = setInterval(this.tick, pollMs);
    this.poll.unref();
    this.keepAlive = setInterval(onKeepAlive, keepAliveMs);
    this.keepAlive.unref();
  }

  stop(): void {
    clearInterval(this.poll);
    clearInterval(this.keepAlive);
    this.poll = undefined;
    this.keepAlive = undefined;
  }

  private readonly tick = (): void => {
    const { what, logger } = this.options;
    try {
      this.options.onPoll();
      if (this.failing) logger.info(`${what}: checking for changes works again`);
      this.failing = false;
    } catch (error) {
      if (!this.failing) logger.error({ err: error }, `${what}: checking for changes failed`);
      this.failing = true;
    }
    if (!this.options.watching()) this.stop();
  };
}
