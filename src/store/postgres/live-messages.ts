import type pg from 'pg';
import type { LiveMessage, LiveMessageStore } from '../store.js';
import { inTransaction } from './transaction.js';

interface Row {
  guild_id: string;
  channel_id: string;
  message_id: string;
  locale: string;
  created_at: string;
  seq: string | number;
  next_edit_at: string | number;
}

const COLUMNS = 'guild_id, channel_id, message_id, locale, created_at, seq, next_edit_at';

/*
 * The live messages' advisory lock, one per guild: `add` counts then inserts, and two posts of
 * one guild on two nodes must not both pass the count. One-key locks (bigint) live apart from
 * the guild locks' two-key ones (guild-locks.ts).
 */
const LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('housecup live_messages ' || $1, 0))";

function liveMessageOf(row: Row): LiveMessage {
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

export function createPostgresLiveMessages(pool: pg.Pool, now: () => Date): LiveMessageStore {
  return {
    async count(guildId) {
      const { rows } = await pool.query<{ count: string }>(
        'SELECT count(*) FROM live_messages WHERE guild_id = $1',
        [guildId],
      );
      return Number(rows[0]?.count ?? 0);
    },
    add(message, limit) {
      return inTransaction(pool, 'BEGIN', async (client) => {
        await client.query(LOCK, [message.guildId]);
        const { rows } = await client.query<{ count: string }>(
          'SELECT count(*) FROM live_messages WHERE guild_id = $1',
          [message.guildId],
        );
        if (Number(rows[0]?.count ?? 0) >= limit) return 'full';
        await client.query(
          'INSERT INTO live_messages (guild_id, channel_id, message_id, locale, created_at, seq) VALUES ($1, $2, $3, $4, $5, $6)',
          [
            message.guildId,
            message.channelId,
            message.messageId,
            message.locale,
            now().toISOString(),
            message.seq,
          ],
        );
        return 'added';
      });
    },
    async removeInChannel(guildId, channelId) {
      const { rows } = await pool.query<Row>(
        `DELETE FROM live_messages WHERE guild_id = $1 AND channel_id = $2 RETURNING ${COLUMNS}`,
        [guildId, channelId],
      );
      return rows.map(liveMessageOf);
    },
    async forget(messageId) {
      await pool.query('DELETE FROM live_messages WHERE message_id = $1', [messageId]);
    },
    async claim(owner, at, until) {
      // One statement: a row another node holds is locked by its UPDATE until that commits, then
      // read again (READ COMMITTED), so two nodes never both take one message.
      const { rows } = await pool.query<Row>(
        `UPDATE live_messages SET lease_owner = $1, lease_until = $2
         WHERE lease_owner = $1 OR lease_until < $3 RETURNING ${COLUMNS}`,
        [owner, until, at],
      );
      return rows.map(liveMessageOf);
    },
    async anyFree(at) {
      const { rowCount } = await pool.query({
        name: 'live-messages-free',
        text: 'SELECT 1 FROM live_messages WHERE lease_until < $1 LIMIT 1',
        values: [at],
      });
      return (rowCount ?? 0) > 0;
    },
    async edited(messageId, owner, seq, nextEditAt) {
      const { rowCount } = await pool.query(
        'UPDATE live_messages SET seq = $1, next_edit_at = $2 WHERE message_id = $3 AND lease_owner = $4',
        [seq, nextEditAt, messageId, owner],
      );
      return (rowCount ?? 0) > 0;
    },
    async release(owner) {
      await pool.query('UPDATE live_messages SET lease_until = 0 WHERE lease_owner = $1', [owner]);
    },
  };
}
