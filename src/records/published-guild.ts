import { id, instant } from './field.js';
import { defineRecord, type RowOf } from './record.js';

/** A guild whose house cup is public at /cup/:guildId (DESIGN §12); nothing is by default. */
export const publishedGuild = defineRecord({
  name: 'PublishedGuild',
  table: 'published_guilds',
  description: 'A guild that chose to show its house cup on a public page.',
  fields: {
    guild_id: id('Identifier of the guild'),
    published_at: instant('When the guild was published (ISO 8601)'),
  },
  primaryKey: ['guild_id'],
});

export type PublishedGuildRow = RowOf<typeof publishedGuild>;
