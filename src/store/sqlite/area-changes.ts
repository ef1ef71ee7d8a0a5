import type { AreaChangesReader } from '../../read/service.js';
import type { Database } from './database.js';

export function createAreaChangesReader(db: Database): AreaChangesReader {
  const read = db.sqlite.prepare<[string], { area: 'players' | 'jobs'; changes: number }>(
    'SELECT area, changes FROM area_changes WHERE guild_id = ?',
  );
  return {
    async of(guildId) {
      const counts = { players: 0, jobs: 0 };
      for (const row of read.all(guildId)) counts[row.area] = row.changes;
      return counts;
    },
  };
}
