import { pageOf, type TermsReader } from '../read/service.js';
import { HOUSES } from '../records/houses.js';
import { startColumn, type Term, type TermRow } from '../records/terms.js';
import { withLedgerContext } from './ledger-context.js';
import { isUniqueViolation, type SqlDb } from './sql/db.js';
import type { Dialect } from './sql/dialect.js';
import { all, first, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import type { TermStart, TermStore } from './store.js';
import { TERM_STANDINGS_SQL, type TermReadRow, termOf } from './term-rows.js';

/*
 * The guilds' terms, on either engine: `housecup term`, `/term`, and the reads of
 * GET /v1/points/:guildId/terms. At most one open term per guild (a unique index on both).
 */

type GuildTerm = Pick<TermRow, 'guild_id' | 'id'>;

const select = (d: Dialect) =>
  `SELECT t.id, t.name, ${d.instantText('t.started_at')} AS started_at,
     ${d.instantText('t.ended_at')} AS ended_at, ${TERM_STANDINGS_SQL}
   FROM terms t LEFT JOIN house_points p ON p.guild_id = t.guild_id AND t.ended_at IS NULL`;

const PAGE = statement<
  Pick<TermRow, 'guild_id'> & { before: number; limit: number | null },
  TermReadRow
>(
  (d) =>
    `${select(d)} WHERE t.guild_id = @guild_id AND t.id < @before ORDER BY t.id DESC LIMIT @limit`,
);
const ONE = statement<GuildTerm, TermReadRow>(
  (d) => `${select(d)} WHERE t.guild_id = @guild_id AND t.id = @id`,
);
const OPEN = statement<Pick<TermRow, 'guild_id'>, TermReadRow>(
  (d) => `${select(d)} WHERE t.guild_id = @guild_id AND t.ended_at IS NULL`,
);
const CONTAINING = statement<Pick<TermRow, 'guild_id'> & { at: string }, TermReadRow>(
  (d) => `${select(d)} WHERE t.guild_id = @guild_id AND t.started_at <= @at
     AND (t.ended_at IS NULL OR t.ended_at > @at)
   ORDER BY t.started_at DESC, t.id DESC LIMIT 1`,
);
// The points' row is locked first (PostgreSQL): they cannot change while the term starts from
// them, and the points an end keeps are those its reset replaces.
const POINTS_FOR_SHARE = statement<Pick<TermRow, 'guild_id'>, { found: number }>(
  (d) => `SELECT 1 AS found FROM house_points WHERE guild_id = @guild_id ${d.forShare}`,
);
const POINTS_FOR_UPDATE = statement<Pick<TermRow, 'guild_id'>, { found: number }>(
  (d) => `SELECT 1 AS found FROM house_points WHERE guild_id = @guild_id ${d.forUpdate}`,
);
// The term starts from the points as they are now: its cup is what the houses gain from them. A
// guild without points starts it from none (null): each house then counts from its first points
// inside the term, read off the history (term-rows.ts), as an award's opened row of 0 is.
const INSERT = statement<Pick<TermRow, 'guild_id' | 'name'>>(
  (d) => `INSERT INTO terms (guild_id, id, name, started_at, ${HOUSES.map(startColumn).join(', ')})
   SELECT g.guild_id, (SELECT coalesce(max(id), 0) + 1 FROM terms WHERE guild_id = g.guild_id),
     @name, ${d.now}, ${HOUSES.map((house) => `p.${house}`).join(', ')}
   FROM (SELECT CAST(@guild_id AS text) AS guild_id) g LEFT JOIN house_points p ON p.guild_id = g.guild_id`,
);
const END = statement<Pick<TermRow, 'guild_id'>, Pick<TermRow, 'id' | 'name'>>(
  (d) => `UPDATE terms SET ended_at = ${d.now}, (${HOUSES.join(', ')}) =
     (SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = terms.guild_id)
   WHERE guild_id = @guild_id AND ended_at IS NULL RETURNING id, name`,
);
const RESET = statement<Pick<TermRow, 'guild_id'>>(
  `UPDATE house_points SET ${HOUSES.map((house) => `${house} = 0`).join(', ')} WHERE guild_id = @guild_id`,
);

function* readTerm(read: Op<TermReadRow | undefined>): Op<Term | null> {
  const row = yield* read;
  return row ? termOf(row) : null;
}

function* startTerm(guildId: string, name: string): Op<TermStart> {
  const already = yield* readTerm(first(OPEN, { guild_id: guildId }));
  if (already) return { outcome: 'alreadyOpen', term: already };
  yield* first(POINTS_FOR_SHARE, { guild_id: guildId });
  yield* run(INSERT, { guild_id: guildId, name });
  const started = yield* readTerm(first(OPEN, { guild_id: guildId }));
  if (!started) throw new Error(`term of ${guildId} not written`);
  return { outcome: 'started', term: started };
}

// The points it ended with are kept before the reset, in the same transaction: one commit. The
// reset's ledger entries name the term and who ended it.
function* endTerm(guildId: string, reset: boolean, by: string | null): Op<Term | null> {
  yield* first(POINTS_FOR_UPDATE, { guild_id: guildId });
  const ended = yield* first(END, { guild_id: guildId });
  if (!ended) return null;
  if (reset) {
    const context = { source: 'term-reset', by, reason: `End of term: ${ended.name}` } as const;
    yield* withLedgerContext(context, run(RESET, { guild_id: guildId }));
  }
  return yield* readTerm(first(ONE, { guild_id: guildId, id: Number(ended.id) }));
}

export function createTerms(db: SqlDb): { reader: TermsReader; store: TermStore } {
  const openOf = (guildId: string) => db.read(readTerm(first(OPEN, { guild_id: guildId })));
  return {
    reader: {
      async list(guildId, request) {
        const rows = await db.read(
          all(PAGE, {
            guild_id: guildId,
            before: request?.after?.id ?? Number.MAX_SAFE_INTEGER,
            limit: request ? request.limit + 1 : db.dialect.unlimited,
          }),
        );
        return pageOf(rows.map(termOf), request, (found) => ({ id: found.id }));
      },
      get: (guildId, id) => db.read(readTerm(first(ONE, { guild_id: guildId, id }))),
      open: openOf,
      containing: (guildId, at) => db.read(readTerm(first(CONTAINING, { guild_id: guildId, at }))),
    },
    store: {
      async start(guildId, name) {
        try {
          return await db.write(startTerm(guildId, name));
        } catch (error) {
          // PostgreSQL: another start of the same guild committed first (the one-open index).
          if (!isUniqueViolation(error)) throw error;
          const already = await openOf(guildId);
          if (already) return { outcome: 'alreadyOpen', term: already };
          throw error;
        }
      },
      end: (guildId, options = {}) =>
        db.write(endTerm(guildId, options.reset === true, options.by ?? null)),
    },
  };
}
