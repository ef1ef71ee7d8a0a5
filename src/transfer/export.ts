import type { House } from '../read/types.js';
import type { Database } from '../store/database.js';
import type { GuildEntry, TransferFile } from './format.js';

/** Every guild (or the named ones) in the import format, so that import(export) is the identity. */
export function exportData(db: Database, guildIds?: readonly string[]): TransferFile {
  const { sqlite } = db;
  const allIds = sqlite
    .prepare<[], string>(
      `SELECT guild_id FROM profiles UNION SELECT guild_id FROM jobs
       UNION SELECT guild_id FROM house_points UNION SELECT guild_id FROM premium ORDER BY 1`,
    )
    .pluck()
    .all();
  const wanted =
    guildIds && guildIds.length > 0 ? allIds.filter((id) => guildIds.includes(id)) : allIds;

  const points = sqlite.prepare<[string], Record<House, number>>(
    'SELECT gryffindor, slytherin, ravenclaw, hufflepuff FROM house_points WHERE guild_id = ?',
  );
  const premium = sqlite.prepare<[string], { expires_at: string | null }>(
    'SELECT expires_at FROM premium WHERE guild_id = ?',
  );
  const jobs = sqlite.prepare<
    [string],
    { id: number; name: string; description: string; salary: number }
  >('SELECT id, name, description, salary FROM jobs WHERE guild_id = ? ORDER BY id');
  const players = sqlite.prepare<[string], NonNullable<GuildEntry['players']>[number]>(
    `SELECT id, user_id, name, house, year, job_id, galleons, created_at
     FROM profiles WHERE guild_id = ? ORDER BY id`,
  );

  // One read transaction: the export is a consistent snapshot even while an import runs.
  return sqlite.transaction(() => ({
    guilds: wanted.map((id): GuildEntry => {
      const guild: GuildEntry = { id };
      const p = points.get(id);
      if (p) guild.points = p;
      const pr = premium.get(id);
      if (pr) guild.premium = { expiresAt: pr.expires_at };
      guild.jobs = jobs.all(id);
      guild.players = players.all(id);
      return guild;
    }),
  }))();
}
