import type { PublicationReader } from '../../read/service.js';
import type { PublicationStore, PublishOutcome } from '../store.js';
import type { Database } from './database.js';
import { writeWhenFree } from './write-when-free.js';

export function createSqlitePublication(
  db: Database,
  now: () => Date,
): { reader: PublicationReader; store: PublicationStore } {
  const find = db.sqlite
    .prepare<[string], number>('SELECT 1 FROM published_guilds WHERE guild_id = ?')
    .pluck();
  const titleOf = db.sqlite.prepare<[string], { title: string | null }>(
    'SELECT title FROM published_guilds WHERE guild_id = ?',
  );
  const hasPoints = db.sqlite
    .prepare<[string], number>('SELECT 1 FROM house_points WHERE guild_id = ?')
    .pluck();
  const insert = db.sqlite.prepare(
    'INSERT INTO published_guilds (guild_id, published_at, title) VALUES (?, ?, ?) ON CONFLICT (guild_id) DO NOTHING',
  );
  const retitle = db.sqlite.prepare(
    'UPDATE published_guilds SET title = ? WHERE guild_id = ? AND title IS NOT ?',
  );
  // One transaction: the points are checked where the page is written.
  const publish = db.sqlite.transaction(
    (guildId: string, at: string, title: string | undefined): PublishOutcome => {
      if (hasPoints.get(guildId) === undefined) return 'noPoints';
      if (insert.run(guildId, at, title ?? null).changes > 0) return 'published';
      if (title !== undefined && retitle.run(title, guildId, title).changes > 0) return 'retitled';
      return 'already';
    },
  );
  const remove = db.sqlite.prepare('DELETE FROM published_guilds WHERE guild_id = ?');
  const all = db.sqlite
    .prepare<[], string>('SELECT guild_id FROM published_guilds ORDER BY guild_id')
    .pluck();
  return {
    reader: {
      async isPublished(guildId) {
        return find.get(guildId) !== undefined;
      },
      async get(guildId) {
        return titleOf.get(guildId) ?? null;
      },
    },
    store: {
      async publish(guildId, { title } = {}) {
        const at = now().toISOString();
        return writeWhenFree(db.sqlite, () => publish.immediate(guildId, at, title));
      },
      async unpublish(guildId) {
        return (await writeWhenFree(db.sqlite, () => remove.run(guildId))).changes > 0;
      },
      async list() {
        return all.all();
      },
    },
  };
}
