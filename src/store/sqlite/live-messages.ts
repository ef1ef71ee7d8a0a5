import type { LiveMessage, LiveMessageStore } from '../store.js';
import type { Database } from './database.js';
import { writeWhenFree } from './write-when-free.js';

interface Row {
  guild_id: string;
  channel_id: string;
  message_id: string;
  locale: string;
  created_at: string;
  seq: number;
  next_edit_at: number;
}

const COLUMNS = 'guild_id, channel_id, message_id, locale, created_at, seq, next_edit_at';

export function liveMessageOf(row: Row): LiveMessage {
  return {
    guildId: row.guild_id,
    channelId: row.channel_id,
    messageId: row.message_id,
    locale: row.locale,
    createdAt: row.created_at,
    seq: Number(row.seq),
    nextEditAt: Number(row.next_edit_at),
  };
}

export function createSqliteLiveMessages(db: Database, now: () => Date): LiveMessageStore {
  const { sqlite } = db;
  const count = sqlite
    .prepare<[string], number>('SELECT count(*) FROM live_messages WHERE guild_id = ?')
    .pluck();
  const insert = sqlite.prepare(
    'INSERT INTO live_messages (guild_id, channel_id, message_id, locale, created_at, seq) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // One write transaction: two posts of one guild at once cannot both pass the count.
  const add = sqlite.transaction(
    (message: Parameters<LiveMessageStore['add']>[0], limit: number, at: string) => {
      if ((count.get(message.guildId) ?? 0) >= limit) return 'full' as const;
      insert.run(
        message.guildId,
        message.channelId,
        message.messageId,
        message.locale,
        at,
        message.seq,
      );
      return 'added' as const;
    },
  );
  const removeInChannel = sqlite.prepare<[string, string], Row>(
    `DELETE FROM live_messages WHERE guild_id = ? AND channel_id = ? RETURNING ${COLUMNS}`,
  );
  const forget = sqlite.prepare('DELETE FROM live_messages WHERE message_id = ?');
  const claim = sqlite.prepare<[string, number, string, number], Row>(
    `UPDATE live_messages SET lease_owner = ?, lease_until = ?
     WHERE lease_owner = ? OR lease_until < ? RETURNING ${COLUMNS}`,
  );
  const anyFree = sqlite
    .prepare<[number], number>('SELECT 1 FROM live_messages WHERE lease_until < ? LIMIT 1')
    .pluck();
  const edited = sqlite.prepare(
    'UPDATE live_messages SET seq = ?, next_edit_at = ? WHERE message_id = ? AND lease_owner = ?',
  );
  const release = sqlite.prepare('UPDATE live_messages SET lease_until = 0 WHERE lease_owner = ?');
  return {
    async count(guildId) {
      return count.get(guildId) ?? 0;
    },
    async add(message, limit) {
      const at = now().toISOString();
      return writeWhenFree(sqlite, () => add.immediate(message, limit, at));
    },
    async removeInChannel(guildId, channelId) {
      const rows = await writeWhenFree(sqlite, () => removeInChannel.all(guildId, channelId));
      return rows.map(liveMessageOf);
    },
    async forget(messageId) {
      await writeWhenFree(sqlite, () => forget.run(messageId));
    },
    async claim(owner, at, until) {
      const rows = await writeWhenFree(sqlite, () => claim.all(owner, until, owner, at));
      return rows.map(liveMessageOf);
    },
    async anyFree(at) {
      return anyFree.get(at) !== undefined;
    },
    async edited(messageId, owner, seq, nextEditAt) {
      const result = await writeWhenFree(sqlite, () =>
        edited.run(seq, nextEditAt, messageId, owner),
      );
      return result.changes > 0;
    },
    async release(owner) {
      await writeWhenFree(sqlite, () => release.run(owner));
    },
  };
}
