import pLimit, { type LimitFunction } from 'p-limit';
import type { ChartInput } from '../pictures/chart-input.js';
import { ChartWorkers } from '../pictures/chart-workers.js';

/*
 * The renders of one node at once (RENDER_CONCURRENCY), whoever asks: the API's and the public
 * page's charts and the bot's /points picture. A render is CPU: drawing and encoding on one of the
 * node's chart workers (as many as the slots), threads which share the machine's cores with the
 * event loop. Left
 * unbounded, a client asking for charts the cache does not hold takes every core, and every
 * other answer waits behind them (docs/performance.md, "Render slots"). A cached chart never
 * comes here: only a build does.
 */

/** Thrown at once when every slot and every place in the queue is taken. */
export class RendersBusyError extends Error {
  override name = 'RendersBusyError';
  constructor() {
    super('Every render slot of this node is taken');
  }
}

interface RenderSlotsOptions {
  /** Renders running at once; at least 1. */
  concurrency: number;
  /** Renders that may wait for a slot beyond those; past that, a render that must not wait is refused. */
  queue: number;
  /** The threads that draw; by default `concurrency` chart workers of the slots' own. */
  workers?: ChartWorkers;
}

/** What the metrics read at each scrape (housecup_renders_*). */
export interface RenderStats {
  running: number;
  waiting: number;
  /** The most renders that ever ran at once on this node. */
  peak: number;
  /** Renders begun since start. */
  begun: number;
  /** Renders refused because the node was full. */
  refused: number;
}

/**
 * How a caller meets a full node: an HTTP request is refused (its client is told to come back),
 * the bot waits (its interaction is deferred, which covers the wait).
 */
export type WhenFull = 'refuse' | 'wait';

export class RenderSlots {
  private readonly limit: LimitFunction;
  private readonly queue: number;
  private readonly counts = { peak: 0, begun: 0, refused: 0 };
  readonly workers: ChartWorkers;

  constructor(options: RenderSlotsOptions) {
    this.limit = pLimit(Math.max(1, options.concurrency));
    this.queue = Math.max(0, options.queue);
    this.workers = options.workers ?? new ChartWorkers({ size: this.limit.concurrency });
  }

  /** The chart's PNG, drawn and encoded on a chart worker in a slot; as `run` when full. */
  drawChart(input: ChartInput, whenFull: WhenFull = 'refuse'): Promise<Buffer> {
    return this.run(() => this.workers.render(input), whenFull);
  }

  /** Ends the chart workers: the service's close. */
  close(): Promise<void> {
    return this.workers.close();
  }

  /** Runs `render` in a slot, first in first served; rejects with RendersBusyError when full. */
  run<T>(render: () => Promise<T>, whenFull: WhenFull = 'refuse'): Promise<T> {
    const { limit } = this;
    if (
      whenFull === 'refuse' &&
      limit.activeCount + limit.pendingCount >= limit.concurrency + this.queue
    ) {
      this.counts.refused += 1;
      return Promise.reject(new RendersBusyError());
    }
    return limit(() => {
      this.counts.begun += 1;
      this.counts.peak = Math.max(this.counts.peak, limit.activeCount);
      return render();
    });
  }

  stats(): RenderStats {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount, ...this.counts };
  }
}
