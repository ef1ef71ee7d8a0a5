import type { Windows, WindowThen } from '../budgets/windows.js';
import type { RedisLink } from './link.js';

/**
 * Fixed one-minute windows in Redis, shared by every node: one script call per request, sent
 * with whatever else this event-loop turn sends (node-redis writes a turn's commands at once).
 * While Redis is down, or when a call fails or is late, the request is counted in `fallback`,
 * this node's own memory.
 */
export class RedisWindows implements Windows {
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
    this.link.count(this.prefix + name, then, () => this.fallback.hit(name, then));
  }
}
