import type { RecordDefinition } from '../../records/record.js';

/*
 * What differs in the SQL of the two engines, and only that: every statement of the store is
 * written once (src/store/sql/statement.ts) and takes these fragments where the engines disagree,
 * or the few choices of how a read is written where each engine is fastest another way (`lists`,
 * `countBound`). Each engine's folder holds its own (src/store/sqlite/dialect.ts,
 * src/store/postgres/dialect.ts).
 */

export type DialectName = 'sqlite' | 'postgres';

export interface Dialect {
  readonly name: DialectName;
  /** Now, as the triggers write instants: UTC with milliseconds (SQLite text, PostgreSQL timestamptz). */
  readonly now: string;
  /** An instant column (or expression) as text `YYYY-MM-DDTHH:MM:SS.sssZ`, for a SELECT list. */
  instantText(expression: string): string;
  /** `LIMIT`'s value for "no limit" (SQLite -1, PostgreSQL null). */
  readonly unlimited: number | null;
  /**
   * Row locks of a SELECT inside a write transaction. PostgreSQL's; SQLite has none and needs none:
   * its write transactions take the database's one write lock before they read.
   */
  readonly forUpdate: string;
  readonly forShare: string;
  /** `FOR UPDATE SKIP LOCKED` (PostgreSQL), for work shared by several nodes; nothing on SQLite. */
  readonly forUpdateSkipLocked: string;
  /** An integer aggregate or count as a JavaScript number (PostgreSQL's are bigint, read as numbers). */
  integer(expression: string): string;
  /**
   * A row of `record` as JSON object text, keys in field order, then `extra`'s (integer
   * expressions): what the API answers, made by the database, byte for byte alike on both
   * engines. Columns are read as `alias.column` when `alias` is given.
   */
  jsonObject(
    record: RecordDefinition,
    alias?: string,
    extra?: Readonly<Record<string, string>>,
  ): string;
  /**
   * JSON object texts (`objects`, an expression over the rows) aggregated into one JSON array
   * (`[]` for none), in the order the rows come: SQLite's is a sub-select's order (feeding the
   * aggregate row by row; an ORDER BY in the aggregate would sort them again), PostgreSQL's
   * `order`. Bytes on SQLite, text on PostgreSQL.
   */
  jsonArray(objects: string, order: string): string;
  /**
   * How a list made of index ranges is read (src/store/keyset-lists.ts), each engine as it is
   * fastest: `ranges`, a statement per range, the next read only when a page is not full, a JSON
   * answer aggregated by the statement (SQLite: statements cost nothing to send, a compound
   * SELECT would sort each range's rows again, and one array is one value where each row is a
   * JS value); `union`, every range in one statement (a UNION ALL of ranges, each limited, sorted
   * again over a few pages' rows), one row per object joined by the node (PostgreSQL: each
   * statement is a round trip, and string_agg is slower than the node's join:
   * docs/performance.md, "List pages on PostgreSQL").
   */
  readonly lists: 'ranges' | 'union';
  /**
   * How a count bounds its index range by a row value (src/store/rank-counts.ts): `row`, by the
   * row value itself; `split`, as a count bounded by the first column plus one of its ties, where
   * the engine would test the row value at every entry it counts (SQLite).
   */
  readonly countBound: 'row' | 'split';
  /**
   * `LEFT JOIN` of `table` as `alias`, for each row of the query, at the one row `pick` (what
   * follows `FROM table`: a correlated `WHERE … ORDER BY … LIMIT 1`) chooses, `key` identifying
   * it: PostgreSQL's LATERAL (joined by key instead, it hashed the whole table); SQLite, which has
   * no LATERAL, looks the row up by its key.
   */
  joinFirst(table: string, alias: string, key: string, pick: string): string;
  /**
   * The columns a whole table is read in order of, a page at a time (`copy`), each page a seek
   * past the last: SQLite's rowid, the order of the table's own b-tree (a WITHOUT ROWID table's
   * is its primary key); PostgreSQL's primary key, along its index.
   */
  tableOrder(record: RecordDefinition): readonly string[];
  /** The array parameter `parameter` as rows `alias(key, value)`, `key` its order. */
  arrayRows(parameter: string, type: 'timestamptz' | 'text' | 'bigint', alias: string): string;
  /**
   * The parameter `parameter`, a JSON array's text (JSON.stringify's, on both engines), as rows
   * `alias(key, value)`, `key` its order: a batch of rows in one parameter, sent and parsed once.
   * An object's member reads as `value ->> 'name'` (text; CAST it for a number).
   */
  jsonRows(parameter: string, alias: string): string;
  /** An array's value as `arrayRows`' parameter takes it. */
  array(values: readonly unknown[]): unknown;
  /**
   * The engine's change reader's cursor (ChangesReader.since) past every change numbered up to
   * `seq` and none after: where a store's webhooks go on from once `copy` has written it.
   */
  changesCursorAfter(seq: number): string;
}

/** The dialect's fragment for `name`, or `otherwise` for the other engine. */
export function only(dialect: Dialect, name: DialectName, text: string, otherwise = ''): string {
  return dialect.name === name ? text : otherwise;
}
