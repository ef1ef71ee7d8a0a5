import type { PublicationReader } from '../../read/service.js';
import type { PublicationStore } from '../store.js';
import type { Database } from './database.js';
import { writeWhenFree } from './write-when-free.js';

export function createSqlitePublication(
  db: Database,
  now: () => Date,
): { reader: PublicationReader; store: PublicationStore } {
  const find = db.sqlite
    .prepare<[string], number>('SELECT 1 FROM published_guilds WHERE guild_id = ?')
    .pluck();
  const insert = db.sqlite.prepare(
    'INSERT INTO published_guilds (guild_id, published_at) VALUES (?, ?) ON CONFLICT (guild_id) DO NOTHING',
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
    },
    store: {
      async publish(guildId) {
        const at = now().toISOString();
        return (await writeWhenFree(db.sqlite, () => insert.run(guildId, at))).changes > 0;
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
