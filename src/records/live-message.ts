import { id, instant, integer, nullable, text, withDefault } from './field.js';
import { defineRecord } from './record.js';

/**
 * A live scoreboard in a Discord channel (docs/discord.md, "A live scoreboard"): a message the
 * bot posted and keeps editing while the guild's house cup changes. Stored so that a restart
 * resumes the edits, and leased so that with several nodes one node alone edits each message.
 */
export const liveMessage = defineRecord({
  name: 'LiveMessage',
  table: 'live_messages',
  description: 'A house cup message in a Discord channel that housecup keeps current.',
  fields: {
    guild_id: id('Identifier of the guild'),
    channel_id: id('The Discord channel the message is in'),
    message_id: id('The Discord message kept current'),
    locale: text('The language the message is written in (a Discord locale)', { min: 1, max: 10 }),
    created_at: instant('When the message was posted (ISO 8601)'),
    seq: withDefault(
      integer('The change (guild_changes) the message shows; 0 before its first edit', { min: 0 }),
      0,
    ),
    lease_owner: nullable(
      text('The node editing the message; null when none has yet', { max: 100 }),
    ),
    lease_until: withDefault(
      integer('Until when (ms since 1970) that node holds the message; past it, any node may', {
        min: 0,
      }),
      0,
    ),
    next_edit_at: withDefault(
      integer('The earliest next edit (ms since 1970): one edit per message per interval', {
        min: 0,
      }),
      0,
    ),
  },
  primaryKey: ['message_id'],
  indexes: { live_messages_guild: ['guild_id', 'channel_id'] },
});

/** At most this many live messages per guild. */
export const LIVE_MESSAGES_PER_GUILD = 5;
