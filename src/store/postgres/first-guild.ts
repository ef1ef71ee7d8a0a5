import type pg from 'pg';
import type { Store } from '../store.js';

/* Each area's smallest guild id, in order of preference: one step down each primary key. */
const QUERY = `
  SELECT 'points' AS area, (SELECT min(guild_id) FROM house_points) AS guild_id
  UNION ALL SELECT 'players', (SELECT min(guild_id) FROM profiles)
  UNION ALL SELECT 'jobs', (SELECT min(guild_id) FROM jobs)
  UNION ALL SELECT 'premium', (SELECT min(guild_id) FROM premium)`;

type FirstGuild = Awaited<ReturnType<Store['firstGuild']>>;

export async function firstGuild(pool: pg.Pool): Promise<FirstGuild> {
  const { rows } = await pool.query<{
    area: 'points' | 'players' | 'jobs' | 'premium';
    guild_id: string | null;
  }>(QUERY);
  const row = rows.find((candidate) => candidate.guild_id !== null);
  return row?.guild_id ? { area: row.area, guildId: row.guild_id } : null;
}
