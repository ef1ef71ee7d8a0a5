import type { DestinationStream } from 'pino';

/** Lines gathered in one turn at most; past this they go out at once (a loop that logs a lot). */
const MAX_PENDING_LINES = 512;

/**
 * Hands the lines logged during one event-loop turn to a synchronous destination in a single
 * write. Under load one turn answers many requests, each with its access line: a write (a
 * syscall) per turn instead of per line costs a fraction of pino's own synchronous destination
 * (docs/performance.md, "The access line"; pino's async destination costs more still: each write
 * is a thread-pool round trip).
 * A line waits at most until the end of the turn it was logged in, and is written at exit.
 */
export class TurnBatchedStream implements DestinationStream {
  private pending: string[] = [];
  private scheduled = false;
  private readonly flushNow = () => this.flush();

  constructor(private readonly target: { write(chunk: string): unknown }) {
    process.once('exit', this.flushNow);
  }

  write(line: string): void {
    this.pending.push(line);
    if (this.pending.length >= MAX_PENDING_LINES) {
      this.flush();
    } else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushNow);
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.target.write(chunk);
  }
}
