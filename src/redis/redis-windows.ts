import type { Windows, WindowThen } from '../budgets/windows.js';
import type { RedisLink } from './link.js';

/**
 * Fixed one-minute windows in Redis, shared by every node. The requests of one event-loop turn
 * are counted together once the turn's I/O is done: one script call per name (a key busy enough
 * to send several requests a turn costs one call, not one each), all sent in one write. Each
 * request still gets its own count, as if counted alone. While Redis is down, or when a call
 * fails or is late, the requests are counted in `fallback`, this node's own memory.
 */
export class RedisWindows implements Windows {
  /** This turn's requests, by name, waiting to be counted. */
  private turn = new Map<string, WindowThen[]>();
  private scheduled = false;

  constructor(
    private readonly link: RedisLink,
    /** Prepended to each name: the deployment's prefix and the budget's kind. */
    private readonly prefix: string,
    private readonly fallback: Windows,
  ) {}

  hit(name: string, then: WindowThen): void {
    if (!this.link.isUp()) {
      this.fallback.hit(name, then);
      return;
    }
    const waiting = this.turn.get(name);
    if (waiting) {
      waiting.push(then);
      return;
    }
    this.turn.set(name, [then]);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.send);
    }
  }

  private readonly send = (): void => {
    this.scheduled = false;
    const turn = this.turn;
    this.turn = new Map();
    for (const [name, waiting] of turn) {
      const inMemory = () => {
        for (const then of waiting) this.fallback.hit(name, then);
      };
      if (!this.link.isUp()) {
        inMemory();
        continue;
      }
      this.link.count(
        this.prefix + name,
        waiting.length,
        (count, leftMs) => {
          // Redis counted them together; each gets its place, in arrival order.
          const before = count - waiting.length;
          for (let i = 0; i < waiting.length; i++) waiting[i]?.(before + i + 1, leftMs);
        },
        inMemory,
      );
    }
  };
}
