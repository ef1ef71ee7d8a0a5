import type { ChangesReader, GuildChange } from '../../read/service.js';
import type { ChangeArea } from '../../records/guild-changes.js';
import { CHANGES_PER_READ } from '../changes.js';
import type { Database } from './database.js';

/** guild_changes past a cursor on SQLite (docs/architecture.md, "What each engine keeps of its own"). */
export function sqliteChangesSince(db: Database): ChangesReader['since'] {
  const highest = db.sqlite
    .prepare<[], number | null>('SELECT max(seq) FROM guild_changes')
    .pluck();
  const past = db.sqlite.prepare<
    [number, number],
    { guildId: string; area: ChangeArea; seq: number }
  >('SELECT guild_id AS guildId, area, seq FROM guild_changes WHERE seq > ? ORDER BY seq LIMIT ?');
  // One snapshot for both reads: the highest number and the rows past the cursor agree.
  const read = db.sqlite.transaction((after: number, limit: number) => {
    const top = highest.get() ?? 0;
    const from = after > top ? 0 : after;
    const changes: GuildChange[] = past.all(from, limit);
    return { changes, cursor: String(changes.at(-1)?.seq ?? from) };
  });
  return async (cursor, limit = CHANGES_PER_READ) =>
    read(cursor === null ? 0 : parseSqliteCursor(cursor), limit);
}

/** The cursor past every change numbered up to `seq`: the last number read. */
export function sqliteCursorAfter(seq: number): string {
  return String(seq);
}

function parseSqliteCursor(cursor: string): number {
  if (!/^\d{1,16}$/.test(cursor)) throw new Error(`not a cursor of this store: ${cursor}`);
  return Number(cursor);
}
