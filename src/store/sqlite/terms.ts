import { pageOf, type TermsReader } from '../../read/service.js';
import { HOUSES } from '../../records/houses.js';
import type { Term } from '../../records/terms.js';
import type { TermStart, TermStore } from '../store.js';
import { TERM_STANDINGS_SQL, type TermReadRow, termOf } from '../term-rows.js';
import type { Database } from './database.js';
import { writeWhenFree } from './write-when-free.js';

/** Now, as the history's triggers write it: the term's end and the reset's history row agree. */
const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

const SELECT = `SELECT t.id, t.name, t.started_at, t.ended_at, ${TERM_STANDINGS_SQL}
  FROM terms t LEFT JOIN house_points p ON p.guild_id = t.guild_id AND t.ended_at IS NULL`;

export function createSqliteTerms(db: Database): { reader: TermsReader; store: TermStore } {
  const { sqlite } = db;
  const page = sqlite.prepare<[string, number, number], TermReadRow>(
    `${SELECT} WHERE t.guild_id = ? AND t.id < ? ORDER BY t.id DESC LIMIT ?`,
  );
  const one = sqlite.prepare<[string, number], TermReadRow>(
    `${SELECT} WHERE t.guild_id = ? AND t.id = ?`,
  );
  const open = sqlite.prepare<[string], TermReadRow>(
    `${SELECT} WHERE t.guild_id = ? AND t.ended_at IS NULL`,
  );
  const containing = sqlite.prepare<[string, string, string], TermReadRow>(
    `${SELECT} WHERE t.guild_id = ? AND t.started_at <= ? AND (t.ended_at IS NULL OR t.ended_at > ?)
     ORDER BY t.started_at DESC, t.id DESC LIMIT 1`,
  );
  const hasPoints = sqlite
    .prepare<[string], number>('SELECT 1 FROM house_points WHERE guild_id = ?')
    .pluck();
  const insert = sqlite.prepare<[string, string, string]>(
    `INSERT INTO terms (guild_id, id, name, started_at)
     SELECT ?, coalesce(max(id), 0) + 1, ?, ${NOW} FROM terms WHERE guild_id = ?`,
  );
  const openId = sqlite
    .prepare<[string], number>('SELECT id FROM terms WHERE guild_id = ? AND ended_at IS NULL')
    .pluck();
  const endTerm = sqlite.prepare<[string, number]>(
    `UPDATE terms SET ended_at = ${NOW}, (${HOUSES.join(', ')}) =
       (SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = terms.guild_id)
     WHERE guild_id = ? AND id = ?`,
  );
  const reset = sqlite.prepare<[string]>(
    `UPDATE house_points SET ${HOUSES.map((house) => `${house} = 0`).join(', ')} WHERE guild_id = ?`,
  );
  const read = (row: TermReadRow | undefined): Term | null => (row ? termOf(row) : null);

  const start = sqlite.transaction((guildId: string, name: string): TermStart => {
    const already = open.get(guildId);
    if (already) return { outcome: 'alreadyOpen', term: termOf(already) };
    if (hasPoints.get(guildId) === undefined) return { outcome: 'noPoints' };
    insert.run(guildId, name, guildId);
    const started = open.get(guildId);
    if (!started) throw new Error(`term of ${guildId} not written`);
    return { outcome: 'started', term: termOf(started) };
  });
  // The standings are kept before the reset, in the same transaction: one commit.
  const end = sqlite.transaction((guildId: string, withReset: boolean): Term | null => {
    const id = openId.get(guildId);
    if (id === undefined) return null;
    endTerm.run(guildId, id);
    if (withReset) reset.run(guildId);
    return read(one.get(guildId, id));
  });

  return {
    reader: {
      async list(guildId, request) {
        const limit = request ? request.limit + 1 : -1;
        const rows = page.all(guildId, request?.after?.id ?? Number.MAX_SAFE_INTEGER, limit);
        return pageOf(rows.map(termOf), request, (term) => ({ id: term.id }));
      },
      async get(guildId, id) {
        return read(one.get(guildId, id));
      },
      async open(guildId) {
        return read(open.get(guildId));
      },
      async containing(guildId, at) {
        return read(containing.get(guildId, at, at));
      },
    },
    store: {
      start: (guildId, name) => writeWhenFree(sqlite, () => start.immediate(guildId, name)),
      end: (guildId, options = {}) =>
        writeWhenFree(sqlite, () => end.immediate(guildId, options.reset === true)),
    },
  };
}
