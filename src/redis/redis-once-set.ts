import type { OnceSet } from '../budgets/once-set.js';
import type { RedisLink } from './link.js';

/**
 * Claims in Redis, so that every node agrees (`SET … NX PX`: only the first claim sets the key).
 * While Redis is down, or when it does not answer in time, this node's memory decides: a replay
 * sent to the same node is still refused.
 */
export class RedisOnceSet implements OnceSet {
  constructor(
    private readonly link: RedisLink,
    private readonly prefix: string,
    private readonly fallback: OnceSet,
  ) {}

  claim(id: string, ttlMs: number, then: (first: boolean) => void): void {
    // This node's memory first: a replay it has seen is refused without a round trip, and it
    // still knows what it saw if Redis goes away later.
    this.fallback.claim(id, ttlMs, (firstHere) => {
      if (!firstHere || !this.link.isUp()) {
        then(firstHere);
        return;
      }
      this.link.command(
        ['SET', `${this.prefix}${id}`, '1', 'NX', 'PX', String(ttlMs)],
        (reply) => then(reply === 'OK'),
        // Redis did not answer in time: this node alone decides, and it had not seen the id.
        () => then(true),
      );
    });
  }
}
