import type { PointsHistoryReader } from '../../read/service.js';
import { HOUSES } from '../../records/houses.js';
import type { HistoryEntry, Standings } from '../../records/points-history.js';
import type { Database } from './database.js';

const COLUMNS = `at, ${HOUSES.join(', ')}`;

/** `at` is text in one fixed format, so text order is time order (index guild_id, at). */
export function createPointsHistoryReader(db: Database): PointsHistoryReader {
  const before = db.sqlite.prepare<[string, string], HistoryEntry>(
    `SELECT ${COLUMNS} FROM points_history WHERE guild_id = ? AND at <= ?
     ORDER BY at DESC, id DESC LIMIT 1`,
  );
  const after = db.sqlite.prepare<[string, string, string], HistoryEntry>(
    `SELECT ${COLUMNS} FROM points_history WHERE guild_id = ? AND at > ? AND at <= ?
     ORDER BY at, id`,
  );
  // The index (guild_id, at) holds the rowid (id) too: one backward step of it per instant.
  const standingAt = db.sqlite.prepare<[string, string], Standings>(
    `SELECT ${HOUSES.join(', ')} FROM points_history WHERE guild_id = ? AND at <= ?
     ORDER BY at DESC, id DESC LIMIT 1`,
  );
  return {
    async between(guildId, from, to) {
      const first = before.get(guildId, from);
      const rest = after.all(guildId, from, to);
      return first ? [first, ...rest] : rest;
    },
    async standingsAt(guildId, instants) {
      return instants.map((instant) => standingAt.get(guildId, instant) ?? null);
    },
  };
}
