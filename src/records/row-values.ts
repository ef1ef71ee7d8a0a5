import type { Field } from './field.js';
import type { RecordDefinition } from './record.js';

/** What fills the fields an entry leaves out. */
export interface Given {
  guild_id: string;
  /** For a field assigned 'numbered'. */
  id?: number;
  /** For a field assigned 'now' (ISO 8601). */
  now: string;
}

/**
 * A record's column values, in field order, from an entry that may leave fields out: the guild's
 * id, assigned values, then defaults, then null. Instants are stored in one form (toISOString),
 * so an export after an import is byte-stable.
 */
export function rowOf(
  record: RecordDefinition,
  entry: Readonly<Record<string, unknown>>,
  given: Given,
): unknown[] {
  return Object.entries(record.fields).map(([name, field]: [string, Field]) => {
    if (name === 'guild_id') return given.guild_id;
    const value = entry[name];
    if (value === undefined) {
      if (field.assigned === 'numbered') return given.id;
      if (field.assigned === 'now') return given.now;
      return field.defaultValue ?? null;
    }
    if (field.kind === 'instant' && typeof value === 'string') return new Date(value).toISOString();
    return value;
  });
}
