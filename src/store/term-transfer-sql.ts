import { columnNames } from '../records/record.js';
import { type TermRow, term } from '../records/terms.js';
import type { StoredTermRow } from '../transfer/terms.js';
import { statement } from './sql/statement.js';

/*
 * The statements an import and an export read and write a file's terms with
 * (src/transfer/terms.ts), a term's row as the record declares it.
 */

type GuildKey = Pick<TermRow, 'guild_id'>;
const COLUMNS = columnNames(term);
const KEY = term.primaryKey ?? [];

/** A guild's terms as StoredTermRow holds them, instants as text, in the order of their ids. */
export const STORED_TERMS = statement<GuildKey, StoredTermRow>((d) => {
  const select = Object.entries(term.fields)
    .filter(([name]) => name !== 'guild_id')
    .map(([name, field]) =>
      field.kind === 'timestamp' ? `${d.instantText(name)} AS ${name}` : name,
    );
  return `SELECT ${select.join(', ')} FROM terms WHERE guild_id = @guild_id ORDER BY id`;
});

/** Writes one term, new or over the stored one with its id. */
export const UPSERT_TERM = statement<TermRow>(
  `INSERT INTO terms (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((name) => `@${name}`).join(', ')})
   ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET ${COLUMNS.filter((name) => !KEY.includes(name))
     .map((name) => `${name} = excluded.${name}`)
     .join(', ')}`,
);

/** Deletes the guild's terms of the ids `@ids` (an array: Dialect.array). */
export const DELETE_TERMS = statement<GuildKey & { ids: unknown }>(
  (d) => `DELETE FROM terms WHERE guild_id = @guild_id
   AND id IN (SELECT i.value FROM ${d.arrayRows('@ids', 'bigint', 'i')})`,
);
