import type pg from 'pg';
import type { AreaChangesReader } from '../../read/service.js';

export function createAreaChangesReader(pool: pg.Pool): AreaChangesReader {
  return {
    async of(guildId) {
      const { rows } = await pool.query<{ area: 'players' | 'jobs'; changes: number }>({
        name: 'area-changes',
        text: 'SELECT area, changes FROM area_changes WHERE guild_id = $1',
        values: [guildId],
      });
      const counts = { players: 0, jobs: 0 };
      for (const row of rows) counts[row.area] = row.changes;
      return counts;
    },
  };
}
