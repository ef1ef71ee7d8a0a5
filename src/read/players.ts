import type { Database } from '../store/database.js';
import type { Page, PageRequest, Profile, ProfileCursor } from './types.js';

export interface PlayersReader {
  /** The guild's profiles by user id, then id; null when the guild has none. */
  list(
    guildId: string,
    page?: PageRequest<ProfileCursor>,
  ): Promise<Page<Profile, ProfileCursor> | null>;
  /** Every profile of one member on the guild; null when the member has none. */
  ofMember(guildId: string, userId: string): Promise<Profile[] | null>;
}

const columns = `id, user_id, guild_id, name, house, year, job_id, galleons, created_at`;

export function createPlayersReader(db: Database): PlayersReader {
  const all = db.sqlite.prepare<[string], Profile>(
    `SELECT ${columns} FROM profiles WHERE guild_id = ? ORDER BY user_id, id`,
  );
  const first = db.sqlite.prepare<[string, number], Profile>(
    `SELECT ${columns} FROM profiles WHERE guild_id = ? ORDER BY user_id, id LIMIT ?`,
  );
  const after = db.sqlite.prepare<[string, string, number, number], Profile>(
    `SELECT ${columns} FROM profiles WHERE guild_id = ? AND (user_id, id) > (?, ?)
     ORDER BY user_id, id LIMIT ?`,
  );
  const ofMember = db.sqlite.prepare<[string, string], Profile>(
    `SELECT ${columns} FROM profiles WHERE guild_id = ? AND user_id = ? ORDER BY id`,
  );
  const any = db.sqlite.prepare<[string], number>(
    'SELECT 1 FROM profiles WHERE guild_id = ? LIMIT 1',
  );
  any.pluck();

  return {
    async list(guildId, page) {
      if (!page) {
        const items = all.all(guildId);
        return items.length > 0 ? { items, next: null } : null;
      }
      // One row past the page tells whether another page follows.
      const rows = page.after
        ? after.all(guildId, page.after.userId, page.after.id, page.limit + 1)
        : first.all(guildId, page.limit + 1);
      if (rows.length === 0 && (!page.after || any.get(guildId) === undefined)) return null;
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      const next = rows.length > page.limit && last ? { userId: last.user_id, id: last.id } : null;
      return { items, next };
    },
    async ofMember(guildId, userId) {
      const items = ofMember.all(guildId, userId);
      return items.length > 0 ? items : null;
    },
  };
}
