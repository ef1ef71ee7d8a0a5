import type { liveMessage } from '../records/live-message.js';
import type { RowOf } from '../records/record.js';
import type { SqlDb } from './sql/db.js';
import { all, first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import type { LiveMessage, LiveMessageStore } from './store.js';

/*
 * The live scoreboards in Discord channels, on either engine: which messages to keep current, and
 * which node edits each, by a lease in the store.
 */

type Row = RowOf<typeof liveMessage>;
type Listed = Pick<
  Row,
  'guild_id' | 'channel_id' | 'message_id' | 'locale' | 'created_at' | 'seq' | 'next_edit_at'
>;
type Lease = { owner: string };

const COLUMNS = 'guild_id, channel_id, message_id, locale, created_at, seq, next_edit_at';

/*
 * `add` counts, then inserts: two posts of one guild on two nodes must not both pass the count.
 * PostgreSQL: an advisory lock per guild (a one-key lock, apart from the guild locks' two-key
 * ones); SQLite: the write transaction holds the database's one write lock.
 */
const LOCK_GUILD = statement<Pick<Row, 'guild_id'>>((d) =>
  d.name === 'postgres'
    ? "SELECT pg_advisory_xact_lock(hashtextextended('housecup live_messages ' || @guild_id, 0))"
    : '',
);
const COUNT = statement<Pick<Row, 'guild_id'>, { count: number }>(
  'SELECT count(*) AS count FROM live_messages WHERE guild_id = @guild_id',
);
const INSERT = statement<Omit<Listed, 'next_edit_at'>>(
  `INSERT INTO live_messages (guild_id, channel_id, message_id, locale, created_at, seq)
   VALUES (@guild_id, @channel_id, @message_id, @locale, @created_at, @seq)`,
);
const REMOVE_IN_CHANNEL = statement<Pick<Row, 'guild_id' | 'channel_id'>, Listed>(
  `DELETE FROM live_messages WHERE guild_id = @guild_id AND channel_id = @channel_id
   RETURNING ${COLUMNS}`,
);
const FORGET = statement<Pick<Row, 'message_id'>>(
  'DELETE FROM live_messages WHERE message_id = @message_id',
);
// One statement: on PostgreSQL a row another node holds is locked by its UPDATE until that
// commits, then read again (READ COMMITTED), so two nodes never both take one message.
const CLAIM = statement<Lease & { until: number; now: number }, Listed>(
  `UPDATE live_messages SET lease_owner = @owner, lease_until = @until
   WHERE lease_owner = @owner OR lease_until < @now RETURNING ${COLUMNS}`,
);
const ANY_FREE = statement<{ now: number }, { found: number }>(
  'SELECT 1 AS found FROM live_messages WHERE lease_until < @now LIMIT 1',
);
const EDITED = statement<Lease & Pick<Row, 'message_id' | 'seq' | 'next_edit_at'>>(
  `UPDATE live_messages SET seq = @seq, next_edit_at = @next_edit_at
   WHERE message_id = @message_id AND lease_owner = @owner`,
);
const RELEASE = statement<Lease>(
  'UPDATE live_messages SET lease_until = 0 WHERE lease_owner = @owner',
);

function liveMessageOf(row: Listed): LiveMessage {
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

function* countOf(guildId: string): Op<number> {
  return Number((yield* first(COUNT, { guild_id: guildId }))?.count ?? 0);
}

function* add(row: Omit<Listed, 'next_edit_at'>, limit: number): Op<'added' | 'full'> {
  yield* run(LOCK_GUILD, row);
  if ((yield* countOf(row.guild_id)) >= limit) return 'full';
  yield* run(INSERT, row);
  return 'added';
}

export function createLiveMessages(db: SqlDb, now: () => Date): LiveMessageStore {
  return {
    count: (guildId) => db.read(countOf(guildId)),
    add(message, limit) {
      const row = {
        guild_id: message.guildId,
        channel_id: message.channelId,
        message_id: message.messageId,
        locale: message.locale,
        created_at: now().toISOString(),
        seq: message.seq,
      };
      return db.write(add(row, limit));
    },
    async removeInChannel(guildId, channelId) {
      const rows = await db.write(
        all(REMOVE_IN_CHANNEL, { guild_id: guildId, channel_id: channelId }),
      );
      return rows.map(liveMessageOf);
    },
    async forget(messageId) {
      await db.write(run(FORGET, { message_id: messageId }));
    },
    async claim(owner, at, until) {
      return (await db.write(all(CLAIM, { owner, until, now: at }))).map(liveMessageOf);
    },
    async anyFree(at) {
      return (await db.read(first(ANY_FREE, { now: at }))) !== undefined;
    },
    async edited(messageId, owner, seq, nextEditAt) {
      const changed = await db.write(
        run(EDITED, { message_id: messageId, owner, seq, next_edit_at: nextEditAt }),
      );
      return changed > 0;
    },
    async release(owner) {
      await db.write(run(RELEASE, { owner }));
    },
  };
}
