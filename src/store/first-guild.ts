import type { SqlDb } from './sql/db.js';
import { all } from './sql/op.js';
import { statement } from './sql/statement.js';

/** Where an example request finds data: the area to ask, and the guild. */
interface FirstGuild {
  area: 'points' | 'players' | 'jobs' | 'premium';
  guildId: string;
}

/*
 * Each area's smallest guild id is one step down its primary key or index, so this stays instant
 * on a million profiles. Areas in order of preference for a first request: the points answer is
 * the shortest to read.
 */
const FIRST = statement<
  Record<string, never>,
  { area: FirstGuild['area']; guild_id: string | null }
>(`
  SELECT 'points' AS area, (SELECT min(guild_id) FROM house_points) AS guild_id
  UNION ALL SELECT 'players', (SELECT min(guild_id) FROM profiles)
  UNION ALL SELECT 'jobs', (SELECT min(guild_id) FROM jobs)
  UNION ALL SELECT 'premium', (SELECT min(guild_id) FROM premium)`);

/** A guild that has data, with the area it has data in; null when the store holds none. */
export async function firstGuild(db: SqlDb): Promise<FirstGuild | null> {
  const rows = await db.read(all(FIRST));
  const row = rows.find((candidate) => candidate.guild_id !== null);
  return row?.guild_id ? { area: row.area, guildId: row.guild_id } : null;
}
