import { type LedgerReader, pageOf } from '../read/service.js';
import type { LedgerFilter } from '../read/types.js';
import { HOUSES, type House } from '../records/houses.js';
import { entryPlace, type LedgerEntry, type LedgerSource } from '../records/points-ledger.js';
import type { SqlDb } from './sql/db.js';
import type { Dialect } from './sql/dialect.js';
import { all, first, type Op } from './sql/op.js';
import { statement, statementFamily } from './sql/statement.js';

/*
 * A guild's ledger, on either engine, read off its points history (docs/awards.md): a row's
 * entries are the houses whose points differ from the guild's row before it, newest first. A page
 * is one backward range of the history's (guild_id, at) index, or of a partial index where a
 * filter names who, for whom or a source other than the game; the row before each is one step
 * back on the same index.
 */

/** An entry as the SELECTs below give it (integers may come back as text on PostgreSQL). */
interface LedgerRow {
  id: number | string;
  at: string;
  house: House;
  delta: number | string;
  total: number | string;
  source: LedgerSource;
  by_user: string | null;
  for_user: string | null;
  reason: string | null;
  undone: number | string;
}

function entryOf(row: LedgerRow): LedgerEntry {
  return {
    id: Number(row.id),
    at: row.at,
    house: row.house,
    delta: Number(row.delta),
    total: Number(row.total),
    source: row.source,
    by: row.by_user,
    for: row.for_user,
    reason: row.reason,
    undone: Number(row.undone) === 1,
  };
}

/** The houses in reverse order (a row's entries newest first), each with its place. */
const HOUSE_ROWS = HOUSES.map((house, place) => `SELECT ${place} AS ord, '${house}' AS house`)
  .reverse()
  .join(' UNION ALL ');
const pointsOf = (alias: string) =>
  `coalesce(CASE o.ord ${HOUSES.map((house, place) => `WHEN ${place} THEN ${alias}.${house}`).join(' ')} END, 0)`;
const PREVIOUS =
  'WHERE guild_id = h.guild_id AND at <= h.at AND (at < h.at OR id < h.id) ORDER BY at DESC, id DESC LIMIT 1';

/** The entries of the history rows `h` that `where` keeps, newest first. */
const entries = (d: Dialect, where: string) =>
  `SELECT h.id * ${HOUSES.length} + o.ord AS id, ${d.instantText('h.at')} AS at, o.house,
     ${pointsOf('h')} - ${pointsOf('p')} AS delta, ${pointsOf('h')} AS total,
     coalesce(h.source, 'game') AS source, h.by_user, h.for_user, h.reason, h.undone
   FROM points_history AS h
   ${d.joinFirst('points_history', 'p', 'id', PREVIOUS)}
   CROSS JOIN (${HOUSE_ROWS}) AS o
   WHERE ${where} AND ${pointsOf('h')} <> ${pointsOf('p')}
     AND (h.source IS NULL OR h.source <> 'baseline')
   ORDER BY h.at DESC, h.id DESC, o.ord DESC`;

/** Each filter's condition, in a fixed order: a statement per set of filters given. */
const CONDITIONS = {
  house: 'o.house = @house',
  game: 'h.source IS NULL',
  source: 'h.source = @source',
  by: 'h.by_user = @by',
  for: 'h.for_user = @for',
  from: 'h.at >= @from',
  to: 'h.at < @to',
  // The cursor's row's instant: where the index's range starts.
  atMost: 'h.at <= @atMost',
  before: `h.id * ${HOUSES.length} + o.ord < @before`,
} as const;
type Condition = keyof typeof CONDITIONS;

type PageParams = { guild_id: string; limit: number } & Partial<Record<Condition, string | number>>;

const pages = statementFamily<PageParams, LedgerRow>();

function pageStatement(given: readonly Condition[]) {
  return pages(given.join(','), () => (d) => {
    const conditions = given.map((name) => ` AND ${CONDITIONS[name]}`).join('');
    return `${entries(d, `h.guild_id = @guild_id${conditions}`)} LIMIT @limit`;
  });
}

const ROW_AT = statement<{ id: number }, { at: string }>(
  (d) => `SELECT ${d.instantText('at')} AS at FROM points_history WHERE id = @id`,
);

/** The newest entries of the guild that `filter` keeps, older than the entry `before` if given. */
export function* ledgerPage(
  guildId: string,
  limit: number,
  filter: LedgerFilter,
  before?: number,
): Op<LedgerEntry[]> {
  const params: PageParams = { guild_id: guildId, limit };
  const { source, ...rest } = filter;
  if (source === 'game') params.game = 1;
  else if (source !== undefined) params.source = source;
  for (const [name, value] of Object.entries(rest)) {
    if (value !== undefined) params[name as keyof LedgerFilter] = value;
  }
  const place = before === undefined ? undefined : entryPlace(before);
  if (before !== undefined) params.before = before;
  const cursorRow = place && (yield* first(ROW_AT, { id: place.rowId }));
  if (cursorRow) params.atMost = cursorRow.at;
  const given = (Object.keys(CONDITIONS) as Condition[]).filter((name) => name in params);
  const rows = yield* all(pageStatement(given), params);
  return rows.map(entryOf);
}

const ENTRY = statement<{ guild_id: string; row: number; house: House }, LedgerRow>((d) =>
  entries(d, 'h.guild_id = @guild_id AND h.id = @row AND o.house = @house'),
);

/** The guild's entry numbered `id`, if it has one. */
export function* ledgerEntryById(guildId: string, id: number): Op<LedgerEntry | undefined> {
  const place = entryPlace(id);
  if (!place) return undefined;
  const row = yield* first(ENTRY, { guild_id: guildId, row: place.rowId, house: place.house });
  return row && entryOf(row);
}

export function createLedgerReader(db: SqlDb): LedgerReader {
  return {
    async list(guildId, request, filter = {}) {
      const page = ledgerPage(guildId, request.limit + 1, filter, request.after?.id);
      const entries = await db.read(page);
      return pageOf(entries, request, (entry) => ({ id: entry.id }));
    },
  };
}
