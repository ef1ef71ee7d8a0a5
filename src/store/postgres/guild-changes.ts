import type pg from 'pg';
import type { ChangesReader, GuildChange } from '../../read/service.js';
import type { ChangeArea } from '../../records/guild-changes.js';
import { CHANGES_PER_READ, noChanges } from '../changes.js';

/*
 * guild_changes on PostgreSQL, and how to read past a cursor there without losing a change.
 *
 * Numbers come from a sequence when a transaction changes data, not when it commits: T1 takes 7,
 * T2 takes 8 and commits, T1 commits later. A reader that saw 8 and went on from "past 8" would
 * never see T1's 7. So a read settles only numbers no transaction can still be holding: it notes
 * the sequence's last number, then the transactions writing guild_changes at that moment (those
 * holding its ROW EXCLUSIVE lock, which a writer takes before its first number and keeps to its
 * end, with the transaction id its trigger takes first), and reads up to that number only once
 * each of them has ended. Transactions that write no guild data hold nothing back. The cursor
 * carries that pending mark, so no call waits: a read returns what is settled, and the changes
 * a long transaction holds back come with the first read after it ends. A reader lags by the
 * writers in flight, at most.
 *
 * Cursor: `<done>/<safe>` or `<done>/<safe>/<top>/<xids>`: changes up to `done` were given, up to
 * `safe` may be read, up to `top` once the transactions `xids` (comma-separated) have ended.
 */

interface PendingMark {
  top: number;
  xids: string;
}

interface Position {
  done: number;
  safe: number;
  pending: PendingMark | null;
}

const CURSOR = /^(\d{1,16})\/(\d{1,16})(?:\/(\d{1,16})\/((?:\d{1,10},)*\d{1,10}))?$/;

function parseCursor(cursor: string | null): Position {
  if (cursor === null) return { done: 0, safe: 0, pending: null };
  const match = CURSOR.exec(cursor);
  if (!match) throw new Error(`not a cursor of this store: ${cursor}`);
  const [, done, safe, top, xids] = match;
  return {
    done: Number(done),
    safe: Number(safe),
    pending: top !== undefined && xids !== undefined ? { top: Number(top), xids } : null,
  };
}

function formatCursor({ done, safe, pending }: Position): string {
  return pending ? `${done}/${safe}/${pending.top}/${pending.xids}` : `${done}/${safe}`;
}

/**
 * The cursor past every change numbered up to `seq`, with nothing pending: right where no other
 * transaction can hold a lower number (one that locked guild_changes against every writer).
 */
export function postgresCursorAfter(seq: number): string {
  return formatCursor({ done: seq, safe: seq, pending: null });
}

/** The ids of the transactions holding guild_changes' ROW EXCLUSIVE lock, with an id. */
const WRITERS = `SELECT DISTINCT own.transactionid::text AS xid
  FROM pg_locks AS writing
  JOIN pg_locks AS own ON own.pid = writing.pid AND own.locktype = 'transactionid'
    AND own.mode = 'ExclusiveLock'
  WHERE writing.locktype = 'relation' AND writing.mode = 'RowExclusiveLock'
    AND writing.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND writing.relation = 'guild_changes'::regclass AND writing.pid <> pg_backend_pid()`;

export function createChangesReader(pool: pg.Pool): ChangesReader {
  /**
   * The sequence's last number, then the writers in flight: in that order, so that every
   * transaction holding a number up to `top` either has ended or is among them. null when
   * there are none: everything up to `top` is settled.
   */
  async function mark(): Promise<PendingMark | { top: number; xids: null }> {
    const { rows } = await pool.query<{ top: number }>(
      'SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS top FROM guild_change_numbers',
    );
    const writers = await pool.query<{ xid: string }>(WRITERS);
    const top = rows[0]?.top ?? 0;
    if (writers.rows.length === 0) return { top, xids: null };
    return { top, xids: writers.rows.map((row) => row.xid).join(',') };
  }

  /** Whether each of the transactions `xids` has ended (committed or rolled back). */
  async function settled(xids: string): Promise<boolean> {
    const { rows } = await pool.query<{ settled: boolean }>(
      `SELECT NOT EXISTS (
         SELECT 1 FROM pg_locks
         WHERE locktype = 'transactionid' AND transactionid::text = ANY(string_to_array($1, ','))
       ) AS settled`,
      [xids],
    );
    return rows[0]?.settled === true;
  }

  return {
    async of(guildId) {
      const { rows } = await pool.query<{ area: ChangeArea; seq: number }>({
        name: 'guild-changes',
        text: 'SELECT area, seq FROM guild_changes WHERE guild_id = $1',
        values: [guildId],
      });
      const seqs = noChanges();
      for (const row of rows) seqs[row.area] = row.seq;
      return seqs;
    },
    async since(cursor, limit = CHANGES_PER_READ) {
      const position = parseCursor(cursor);
      if (position.pending && (await settled(position.pending.xids))) {
        position.safe = Math.max(position.safe, position.pending.top);
        position.pending = null;
      }
      if (!position.pending) {
        const fresh = await mark();
        if (fresh.xids === null) position.safe = Math.max(position.safe, fresh.top);
        else position.pending = { top: fresh.top, xids: fresh.xids };
      }
      const { rows } = await pool.query<GuildChange>(
        `SELECT guild_id AS "guildId", area, seq FROM guild_changes
         WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3`,
        [position.done, position.safe, limit],
      );
      position.done = rows.length === limit ? (rows.at(-1)?.seq ?? position.safe) : position.safe;
      return { changes: rows, cursor: formatCursor(position) };
    },
  };
}
