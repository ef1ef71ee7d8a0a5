import type pg from 'pg';
import type { ChangesReader, GuildChange } from '../../read/service.js';
import { CHANGES_PER_READ } from '../changes.js';

// Why a cursor holds writers in flight: docs/architecture.md, "What each engine keeps of its own".
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

/** The cursor past every change up to `seq`, nothing pending: right once writers are locked out. */
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

export function postgresChangesSince(pool: pg.Pool): ChangesReader['since'] {
  /** The last number, then the writers in flight: in this order, no number's holder is missed. */
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

  return async (cursor, limit = CHANGES_PER_READ) => {
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
  };
}
