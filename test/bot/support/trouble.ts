import { setTimeout as sleep } from 'node:timers/promises';
import type { ReadService } from '../../../src/read/service.js';
import { RICH } from './fixture.js';

/** Guild ids the wrapper below treats specially, to provoke real failures and deferrals. */
export const BROKEN = '1133557799224466898';
export const SLOW = '1133557799224466899';

/**
 * The real read service, except that BROKEN's points throw and SLOW's points (RICH's, late) and
 * jobs come `slowMs` late: the one place the suites step outside real data, to see failures
 * and deferrals handled.
 */
export function withTroubleGuilds(real: ReadService, slowMs: number): ReadService {
  return {
    ...real,
    points: {
      async get(guildId) {
        if (guildId === BROKEN) throw new Error('points store exploded');
        if (guildId === SLOW) await sleep(slowMs);
        return real.points.get(guildId === SLOW ? RICH : guildId);
      },
    },
    jobs: {
      ...real.jobs,
      async withHolders(guildId) {
        if (guildId === SLOW) await sleep(slowMs);
        return real.jobs.withHolders(guildId);
      },
    },
  };
}
