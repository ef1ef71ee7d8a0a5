import type { PublicationReader } from '../read/service.js';
import type { publishedGuild } from '../records/published-guild.js';
import type { RowOf } from '../records/record.js';
import type { SqlDb } from './sql/db.js';
import { all, first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import type { PublicationStore, PublishOutcome } from './store.js';

/* The guilds with a public scoreboard, on either engine: `housecup publish`, `/scoreboard`. */

type Published = RowOf<typeof publishedGuild>;
type Guild = Pick<Published, 'guild_id'>;

const FIND = statement<Guild, Pick<Published, 'title'>>(
  'SELECT title FROM published_guilds WHERE guild_id = @guild_id',
);
// The points' row lock (PostgreSQL) keeps them from going while the page is written.
const HAS_POINTS = statement<Guild, { found: number }>(
  (d) => `SELECT 1 AS found FROM house_points WHERE guild_id = @guild_id ${d.forShare}`,
);
const INSERT = statement<Published>(
  `INSERT INTO published_guilds (guild_id, published_at, title)
   VALUES (@guild_id, @published_at, @title) ON CONFLICT (guild_id) DO NOTHING`,
);
const RETITLE = statement<Guild & { title: string }>(
  `UPDATE published_guilds SET title = @title
   WHERE guild_id = @guild_id AND title IS DISTINCT FROM @title`,
);
const REMOVE = statement<Guild>('DELETE FROM published_guilds WHERE guild_id = @guild_id');
const LIST = statement<Record<string, never>, Guild>(
  'SELECT guild_id FROM published_guilds ORDER BY guild_id',
);

// One transaction: the points are checked where the page is written.
function* publish(row: Published, retitle: boolean): Op<PublishOutcome> {
  if (!(yield* first(HAS_POINTS, row))) return 'noPoints';
  if ((yield* run(INSERT, row)) > 0) return 'published';
  if (!retitle || row.title === null) return 'already';
  return (yield* run(RETITLE, { guild_id: row.guild_id, title: row.title })) > 0
    ? 'retitled'
    : 'already';
}

export function createPublication(
  db: SqlDb,
  now: () => Date,
): { reader: PublicationReader; store: PublicationStore } {
  const find = (guildId: string) => db.read(first(FIND, { guild_id: guildId }));
  return {
    reader: {
      isPublished: async (guildId) => (await find(guildId)) !== undefined,
      get: async (guildId) => (await find(guildId)) ?? null,
    },
    store: {
      publish(guildId, { title } = {}) {
        const row = { guild_id: guildId, published_at: now().toISOString(), title: title ?? null };
        return db.write(publish(row, title !== undefined));
      },
      async unpublish(guildId) {
        return (await db.write(run(REMOVE, { guild_id: guildId }))) > 0;
      },
      async list() {
        return (await db.read(all(LIST))).map((row) => row.guild_id);
      },
    },
  };
}
