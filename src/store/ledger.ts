import { type LedgerReader, pageOf } from '../read/service.js';
import type { LedgerFilter } from '../read/types.js';
import type { House } from '../records/houses.js';
import type { LedgerEntry, LedgerSource } from '../records/points-ledger.js';
import type { SqlDb } from './sql/db.js';
import type { Dialect } from './sql/dialect.js';
import { all } from './sql/op.js';
import { statementFamily } from './sql/statement.js';

/*
 * A guild's ledger, on either engine: newest first, each filter a condition on one of the
 * ledger's indexes (guild_id then the filtered column then id: records/points-ledger.ts), so a
 * page is one range of an index read backwards.
 */

/** An entry as the SELECTs below give it (integers may come back as text on PostgreSQL). */
export interface LedgerRow {
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

/** The columns of a LedgerRow, the entries' table aliased `l`. */
export const ledgerColumns = (d: Dialect): string =>
  `l.id, ${d.instantText('l.at')} AS at, l.house, l.delta, l.total, l.source, l.by_user,
   l.for_user, l.reason, l.undone`;

export function entryOf(row: LedgerRow): LedgerEntry {
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

/** Each filter's condition, in a fixed order: a statement per set of filters given. */
const CONDITIONS: Record<keyof LedgerFilter, string> = {
  house: 'l.house = @house',
  source: 'l.source = @source',
  by: 'l.by_user = @by',
  for: 'l.for_user = @for',
  from: 'l.at >= @from',
  to: 'l.at < @to',
};
const FILTERS = Object.keys(CONDITIONS) as (keyof LedgerFilter)[];

type PageParams = { guild_id: string; before: number; limit: number } & {
  [K in keyof LedgerFilter]?: LedgerFilter[K];
};

const pages = statementFamily<PageParams, LedgerRow>();

function pageStatement(given: readonly (keyof LedgerFilter)[]) {
  return pages(given.join(','), () => (d) => {
    const conditions = given.map((filter) => ` AND ${CONDITIONS[filter]}`).join('');
    return `SELECT ${ledgerColumns(d)} FROM points_ledger AS l
      WHERE l.guild_id = @guild_id AND l.id < @before${conditions}
      ORDER BY l.id DESC LIMIT @limit`;
  });
}

export function createLedgerReader(db: SqlDb): LedgerReader {
  return {
    async list(guildId, request, filter = {}) {
      const given = FILTERS.filter((name) => filter[name] !== undefined);
      const params: PageParams = {
        guild_id: guildId,
        before: request.after?.id ?? Number.MAX_SAFE_INTEGER,
        limit: request.limit + 1,
      };
      for (const name of given) params[name] = filter[name] as never;
      const rows = await db.read(all(pageStatement(given), params));
      return pageOf(rows.map(entryOf), request, (entry) => ({ id: entry.id }));
    },
  };
}
