/*
 * What differs in the SQL text of the two engines, and only that: every statement of the store is
 * written once (src/store/sql/statement.ts) and takes these fragments where the engines disagree.
 * Each engine's folder holds its own (src/store/sqlite/dialect.ts, src/store/postgres/dialect.ts).
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
}

/** The dialect's fragment for `name`, or `otherwise` for the other engine. */
export function only(dialect: Dialect, name: DialectName, text: string, otherwise = ''): string {
  return dialect.name === name ? text : otherwise;
}
