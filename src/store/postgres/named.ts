/*
 * Statements written with named parameters (`@guild`, `@sortKey`, as better-sqlite3 reads them, so
 * both stores share one text: src/store/profile-lists.ts) turned into pg's numbered ones.
 */

interface NamedStatement {
  /** The text with `$1`, `$2`, … in place of the names. */
  text: string;
  /** The name of each number, in order. */
  names: readonly string[];
}

export function numbered(text: string): NamedStatement {
  const names: string[] = [];
  const converted = text.replace(/@([A-Za-z]+)/g, (_match, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text: converted, names };
}

/** The values of `statement`'s parameters, in its order; a missing one is an error, not a null. */
function valuesFor(
  statement: NamedStatement,
  values: Readonly<Record<string, unknown>>,
): unknown[] {
  return statement.names.map((name) => {
    if (!(name in values)) throw new Error(`missing parameter @${name}`);
    return values[name];
  });
}
