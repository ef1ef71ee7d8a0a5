import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../paths.js';
import type { ChartInput } from './chart-input.js';
import type { ChartJob, ChartJobDone, ChartWorkerReady } from './chart-job.js';

/*
 * The threads that draw and encode charts (chart-worker.ts), so that no picture holds the event
 * loop: drawing alone holds it for several milliseconds per chart (docs/performance.md,
 * "Charts on worker threads"). A pool of at most `size` workers, started when a chart
 * first needs one and kept; charts beyond them wait in order. The node's render slots
 * (src/budgets/render-slots.ts) already bound how many charts run at once to the same number, so
 * that wait is only ever brief. Why a pool of our own and not a library: docs/decisions.md.
 */

/** A chart no worker could give: its worker threw, failed or was closed. */
export class ChartWorkerError extends Error {
  override name = 'ChartWorkerError';
}

interface ChartWorkersOptions {
  /** Workers at most (RENDER_CONCURRENCY); at least 1. */
  size: number;
  /** The worker's module: chart-worker's by default (tests give one that fails). */
  script?: URL;
  /**
   * How long a chart may take before its worker is ended and the chart fails (default 30 s): a
   * worker that hangs would otherwise hold its render slot, and the slots are few.
   */
  timeoutMs?: number;
  /**
   * How long a new worker may take to load (default 60 s) before it is ended and its chart
   * fails. Apart from timeoutMs: a thread's start (the canvas, the fonts) takes seconds on a busy
   * machine, and counting it would fail the first chart of each new worker there.
   */
  startTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_START_TIMEOUT_MS = 60_000;

/** What tests and the metrics can read of the pool. */
interface ChartWorkerStats {
  /** Workers alive now, busy or idle. */
  workers: number;
  busy: number;
  waiting: number;
  /** Workers started since the pool was made: replacements included. */
  started: number;
  /** Workers that threw or exited on their own, each replaced when a chart next needs one. */
  lost: number;
}

interface Pending {
  job: ChartJob;
  resolve(png: Buffer): void;
  reject(error: Error): void;
}

/**
 * The worker's module: beside this one in dist/ (`npm start`). From the sources (vitest, tsx) the
 * same module in dist/: a worker does not get vitest's compiler nor tsx's loader (tsx registers
 * it on the main thread only), and both `npm run bench` and the tests' global setup build dist/
 * first.
 */
function defaultScript(): URL {
  const here = import.meta.url;
  if (here.endsWith('.js')) return new URL('./chart-worker.js', here);
  return pathToFileURL(join(packageRoot, 'dist', 'src', 'pictures', 'chart-worker.js'));
}

export class ChartWorkers {
  private readonly size: number;
  private readonly script: URL;
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  /** Workers whose module has loaded (their 'ready' came). */
  private readonly ready = new WeakSet<Worker>();
  private readonly deadlines = new Map<Worker, NodeJS.Timeout>();
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Pending>();
  private readonly alive = new Set<Worker>();
  private readonly waiting: Pending[] = [];
  private readonly counts = { started: 0, lost: 0 };
  private nextId = 0;
  private closed = false;

  constructor(options: ChartWorkersOptions) {
    this.size = Math.max(1, options.size);
    this.script = options.script ?? defaultScript();
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  }

  /** The chart's PNG, drawn and encoded on a worker; rejects with ChartWorkerError. */
  render(input: ChartInput): Promise<Buffer> {
    if (this.closed) return Promise.reject(new ChartWorkerError('The chart workers are closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ job: { id: this.nextId++, input }, resolve, reject });
      this.dispatch();
    });
  }

  stats(): ChartWorkerStats {
    return {
      workers: this.alive.size,
      busy: this.running.size,
      waiting: this.waiting.length,
      ...this.counts,
    };
  }

  /** Ends every worker (the service's close); charts waiting or under way are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) {
      pending.reject(new ChartWorkerError('The chart workers are closed'));
    }
    await Promise.all([...this.alive].map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    for (;;) {
      const pending = this.waiting[0];
      if (!pending) return;
      let worker: Worker | undefined;
      try {
        worker = this.idle.pop() ?? (this.alive.size < this.size ? this.spawn() : undefined);
      } catch (error) {
        this.waiting.shift();
        pending.reject(new ChartWorkerError(`A chart worker could not start: ${messageOf(error)}`));
        continue;
      }
      if (!worker) return;
      this.waiting.shift();
      this.running.set(worker, pending);
      // A busy worker keeps the process alive until its chart is back; an idle one does not.
      worker.ref();
      this.startDeadline(worker);
      try {
        worker.postMessage(pending.job);
      } catch (error) {
        // Not plain data (a DataCloneError): this chart fails, the worker is still good.
        this.release(worker);
        pending.reject(new ChartWorkerError(`The chart could not be sent: ${messageOf(error)}`));
      }
    }
  }

  private spawn(): Worker {
    const worker = new Worker(this.script, { name: 'housecup-chart' });
    this.counts.started += 1;
    this.alive.add(worker);
    worker.on('message', (done: ChartJobDone | ChartWorkerReady) => {
      if ('ready' in done) {
        this.ready.add(worker);
        // Its first chart, posted before it loaded, counts from now.
        if (this.running.has(worker)) this.startDeadline(worker);
        return;
      }
      const pending = this.running.get(worker);
      if (!pending || pending.job.id !== done.id) return;
      this.release(worker);
      if ('png' in done) pending.resolve(Buffer.from(done.png));
      else pending.reject(new ChartWorkerError(`The chart could not be drawn: ${done.error}`));
      this.dispatch();
    });
    // An uncaught exception ends the worker ('error', then 'exit'); so does process.exit in it.
    worker.on('error', (error) => this.lose(worker, `threw: ${error.message}`));
    worker.on('exit', (code) => this.lose(worker, `exited with code ${code}`));
    return worker;
  }

  private release(worker: Worker): void {
    this.clearDeadline(worker);
    this.running.delete(worker);
    worker.unref();
    this.idle.push(worker);
  }

  /** A worker that ended: its chart fails, and a new worker takes the charts still waiting. */
  private lose(worker: Worker, why: string): void {
    if (!this.alive.delete(worker)) return;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    const pending = this.running.get(worker);
    this.running.delete(worker);
    this.clearDeadline(worker);
    if (this.closed) {
      pending?.reject(new ChartWorkerError('The chart workers are closed'));
      return;
    }
    this.counts.lost += 1;
    // Ended already after 'error'; terminate() makes sure of it and of its threads.
    void worker.terminate();
    pending?.reject(new ChartWorkerError(`A chart worker ${why}`));
    this.dispatch();
  }

  /** The chart's limit on a loaded worker; a loading one's limit on its start. */
  private startDeadline(worker: Worker): void {
    this.clearDeadline(worker);
    const loaded = this.ready.has(worker);
    const ms = loaded ? this.timeoutMs : this.startTimeoutMs;
    const why = loaded ? `took longer than ${ms} ms` : `did not start within ${ms} ms`;
    const deadline = setTimeout(() => this.lose(worker, why), ms);
    deadline.unref();
    this.deadlines.set(worker, deadline);
  }

  private clearDeadline(worker: Worker): void {
    clearTimeout(this.deadlines.get(worker));
    this.deadlines.delete(worker);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
