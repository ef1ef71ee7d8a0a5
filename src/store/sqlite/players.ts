import { EMPTY_ARRAY } from '../../read/json-list.js';
import { type PlayersReader, pageOf } from '../../read/service.js';
import type { ProfileCursor } from '../../read/types.js';
import { type Profile, profile } from '../../records/profile.js';
import { columnList } from '../../records/record.js';
import type { Database } from './database.js';
import { sqliteJsonObject } from './json.js';
import { type KeysetSource, readAll, readPage } from './keyset.js';

const columns = columnList(profile);
const asJson = sqliteJsonObject(profile);
// Sorts before every real position: user ids are at least one character long, ids positive.
const START: ProfileCursor = { userId: '', id: Number.MIN_SAFE_INTEGER };

export function createPlayersReader(db: Database): PlayersReader {
  const { sqlite } = db;
  const page = sqlite.prepare<[string, string, number, number], Profile>(
    `SELECT ${columns} FROM profiles WHERE guild_id = ? AND (user_id, id) > (?, ?)
     ORDER BY user_id, id LIMIT ?`,
  );
  const ofMember = sqlite.prepare<[string, string], Profile>(
    `SELECT ${columns} FROM profiles WHERE guild_id = ? AND user_id = ? ORDER BY id`,
  );
  const chunk = sqlite.prepare<[string, string, number, number], { json: Buffer; count: number }>(
    // The sub-select's order is the array's: SQLite runs it as a co-routine feeding the
    // aggregate row by row (its LIMIT keeps it from being flattened). An ORDER BY inside the
    // aggregate would sort the rows a second time and nearly double the cost.
    `SELECT CAST(json_group_array(${asJson}) AS BLOB) AS json, count(*) AS count
     FROM (SELECT * FROM profiles WHERE guild_id = ? AND (user_id, id) > (?, ?)
           ORDER BY user_id, id LIMIT ?)`,
  );
  const nth = sqlite.prepare<[string, string, number, number], { user_id: string; id: number }>(
    `SELECT user_id, id FROM profiles WHERE guild_id = ? AND (user_id, id) > (?, ?)
     ORDER BY user_id, id LIMIT 1 OFFSET ?`,
  );
  const hasAfter = sqlite
    .prepare<[string, string, number], number>(
      'SELECT 1 FROM profiles WHERE guild_id = ? AND (user_id, id) > (?, ?) LIMIT 1',
    )
    .pluck();
  const any = sqlite
    .prepare<[string], number>('SELECT 1 FROM profiles WHERE guild_id = ? LIMIT 1')
    .pluck();
  const ofMemberJson = sqlite.prepare<[string, string], { json: Buffer; count: number }>(
    `SELECT CAST(json_group_array(${asJson}) AS BLOB) AS json, count(*) AS count
     FROM (SELECT * FROM profiles WHERE guild_id = ? AND user_id = ? ORDER BY id LIMIT -1)`,
  );
  const countOf = sqlite
    .prepare<[string], number>('SELECT count(*) FROM profiles WHERE guild_id = ?')
    .pluck();
  // The (guild_id, user_id, id) index gives this order: OFFSET steps over index entries only.
  const sliceOf = sqlite.prepare<[string, number, number], Profile>(
    `SELECT ${columns} FROM profiles WHERE guild_id = ? ORDER BY user_id, id LIMIT ? OFFSET ?`,
  );
  const snapshot = <T>(work: () => T): T => sqlite.transaction(work)();

  const source = (guildId: string): KeysetSource<ProfileCursor> => ({
    chunk(after = START, limit) {
      const rows = chunk.get(guildId, after.userId, after.id, limit);
      const count = rows?.count ?? 0;
      // Only a full chunk can have rows after it, so only then is its last position needed.
      const last =
        count > 0 && count === limit
          ? nth.get(guildId, after.userId, after.id, count - 1)
          : undefined;
      return {
        json: rows?.json ?? EMPTY_ARRAY,
        count,
        last: last ? { userId: last.user_id, id: last.id } : null,
      };
    },
    hasAfter: (after) => hasAfter.get(guildId, after.userId, after.id) !== undefined,
    snapshot,
    // Exact: a chunked read must see every commit made between its chunks.
    generation: db.exactGeneration,
  });

  // An empty page after a cursor is still "found" when the guild has profiles at all.
  const noneIn = (guildId: string, after: ProfileCursor | undefined) =>
    !after || any.get(guildId) === undefined;

  return {
    async list(guildId, request) {
      const after = request?.after ?? START;
      const limit = request ? request.limit + 1 : -1;
      // One row past the page tells whether another page follows.
      const rows = page.all(guildId, after.userId, after.id, limit);
      if (rows.length === 0 && noneIn(guildId, request?.after)) return null;
      return pageOf(rows, request, (row) => ({ userId: row.user_id, id: row.id }));
    },
    async ofMember(guildId, userId) {
      const items = ofMember.all(guildId, userId);
      return items.length > 0 ? items : null;
    },
    async listSerialized(guildId, request) {
      const result = request
        ? readPage(source(guildId), request.after, request.limit)
        : await readAll(source(guildId));
      return result.count === 0 && noneIn(guildId, request?.after) ? null : result;
    },
    async ofMemberSerialized(guildId, userId) {
      const row = ofMemberJson.get(guildId, userId);
      return row && row.count > 0 ? { json: [row.json], count: row.count, next: null } : null;
    },
    async count(guildId) {
      return countOf.get(guildId) ?? 0;
    },
    async slice(guildId, offset, limit) {
      return sliceOf.all(guildId, limit, offset);
    },
  };
}
