import type { Dialect, DialectName } from './dialect.js';

/*
 * A statement of the store, written once for both engines: its text is built from the dialect
 * (src/store/sql/dialect.ts) the first time an engine runs it, and kept. Parameters are named in
 * the text (`@guild_id`, the column's name where there is one), as better-sqlite3 binds them;
 * PostgreSQL gets them numbered (`$1`, …) in the order they first appear. The types say what a
 * statement takes and gives: parameter and row types come from the records (`RowOf`, `Pick`),
 * never from a tuple written beside the SQL.
 */

export type Params = Readonly<Record<string, unknown>>;

/** How rows come back: objects keyed by column, or arrays of values in SELECT order. */
type RowShape = 'objects' | 'arrays';

/** A statement's text for one engine. */
interface Rendered {
  /** The text as that engine's driver takes it; empty when the statement has nothing to do there. */
  readonly text: string;
  /** PostgreSQL: each `$n`'s parameter name, in order. */
  readonly names: readonly string[];
}

interface StatementOptions {
  shape?: RowShape;
  /**
   * PostgreSQL: planned for its values at every run (sent unnamed), where a named statement's
   * generic plan, not knowing them, would be bad. SQLite prepares it once all the same.
   */
  planEachRun?: boolean;
}

export interface Statement<P extends Params = Params, R = unknown> {
  /** Unique per statement: the engines' caches of prepared statements key on it. */
  readonly key: string;
  readonly shape: RowShape;
  readonly planEachRun: boolean;
  render(dialect: Dialect): Rendered;
  /** Never set: carries the types. */
  readonly types?: { params: P; row: R };
}

let made = 0;

/** Named parameters as PostgreSQL's numbered ones. */
function numbered(text: string): Rendered {
  const names: string[] = [];
  const converted = text.replace(/@([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text: converted, names };
}

/**
 * A statement built from `build` (its text, or a function of the dialect giving it). Text that is
 * empty for an engine makes the statement a no-op there (a lock only PostgreSQL needs, say).
 */
export function statement<P extends Params = Params, R = unknown>(
  build: string | ((dialect: Dialect) => string),
  options: StatementOptions = {},
): Statement<P, R> {
  const rendered: Partial<Record<DialectName, Rendered>> = {};
  made += 1;
  return {
    key: `s${made}`,
    shape: options.shape ?? 'objects',
    planEachRun: options.planEachRun === true,
    render(dialect) {
      let done = rendered[dialect.name];
      if (!done) {
        const text = (typeof build === 'string' ? build : build(dialect)).trim();
        done = dialect.name === 'postgres' ? numbered(text) : { text, names: [] };
        rendered[dialect.name] = done;
      }
      return done;
    },
  };
}

/**
 * Statements made on demand under a name (one per list view, say), each made once: the name is
 * what tells two apart, so it must say everything the text depends on. A number (a view's shape
 * coded) spares a hot path building a string.
 */
export function statementFamily<P extends Params, R>(
  options: StatementOptions = {},
): (
  name: string | number,
  build: () => string | ((dialect: Dialect) => string),
) => Statement<P, R> {
  const family = new Map<string | number, Statement<P, R>>();
  return (name, build) => {
    let found = family.get(name);
    if (!found) {
      found = statement<P, R>(build(), options);
      family.set(name, found);
    }
    return found;
  };
}

/** The values of a PostgreSQL rendering's parameters, in order; a missing one is an error. */
export function valuesOf(rendered: Rendered, params: Params): unknown[] {
  return rendered.names.map((name) => {
    if (!(name in params)) throw new Error(`missing parameter @${name}`);
    return params[name];
  });
}
