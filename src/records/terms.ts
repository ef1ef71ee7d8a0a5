import { type Field, id, integer, nullable, rowId, text, timestamp } from './field.js';
import { HOUSES, type House } from './houses.js';
import type { Standings } from './points-history.js';
import { defineRecord, type RowOf } from './record.js';

const finalStandings = Object.fromEntries(
  HOUSES.map((house) => [
    house,
    nullable(
      integer(
        `Points of ${house} when the term ended, before any reset; null while it is open or when the guild had no points then`,
      ),
    ),
  ]),
) as Record<House, Field<number, true>>;

/**
 * A term of a guild's house cup (docs/cli-and-data.md, "Terms"): from `started_at` to
 * `ended_at`, null while it runs. At most one term of a guild is open, which the store holds with
 * a partial unique index (migration `terms`). Ending a term writes its final standings into the
 * row, so the hall of cups never depends on the points history, which is pruned.
 */
export const term = defineRecord({
  name: 'Term',
  table: 'terms',
  description: 'A term of a guild’s house cup, and the standings it ended with.',
  fields: {
    guild_id: id('Identifier of the guild'),
    id: rowId('Number of the term, unique within its guild; later terms have larger ones', {
      assigned: 'numbered',
    }),
    name: text('Name of the term', { min: 1, max: 100, notBlank: true }),
    started_at: timestamp('When the term started (UTC, milliseconds)'),
    ended_at: nullable(timestamp('When the term ended (UTC, milliseconds); null while open')),
    ...finalStandings,
  },
  primaryKey: ['guild_id', 'id'],
  indexes: { terms_guild_started: ['guild_id', 'started_at'] },
});

export type TermRow = RowOf<typeof term>;

/** The name of the partial unique index that keeps one open term per guild. */
export const ONE_OPEN_TERM_INDEX = 'terms_one_open';

/** A term as the read service gives it: what the archive, the CLI and Discord show. */
export interface Term {
  id: number;
  name: string;
  /** UTC with milliseconds, `YYYY-MM-DDTHH:MM:SS.sssZ`. */
  startedAt: string;
  /** Null while the term is open. */
  endedAt: string | null;
  /**
   * An ended term's final standings (before any reset); the open term's current points. All
   * four null when the guild had no points.
   */
  standings: Standings;
  /** Every house with the highest points, in the houses' order; none when all four are null. */
  winners: House[];
}

/**
 * The houses with the highest points, in the houses' usual order (ties share the cup); none
 * when all four are null. A null house counts below every number.
 */
export function winnersOf(standings: Standings): House[] {
  let best: number | null = null;
  for (const house of HOUSES) {
    const points = standings[house];
    if (points !== null && (best === null || points > best)) best = points;
  }
  if (best === null) return [];
  return HOUSES.filter((house) => standings[house] === best);
}

/** A term's name as the store takes it: trimmed, one line of 1 to 100 characters. */
export type TermNameCheck = { ok: true; name: string } | { ok: false; problem: string };

const CONTROL = /\p{Cc}/u;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
export const TERM_NAME_MAX = term.fields.name.max ?? 100;

/** `problem` completes "Invalid name: …" (the CLI's words; Discord says it in its language). */
export function checkTermName(given: string): TermNameCheck {
  const name = given.trim();
  if (LONE_SURROGATE.test(name)) {
    return { ok: false, problem: 'must be well-formed Unicode text (it holds a lone surrogate)' };
  }
  const length = [...name].length;
  if (length < 1 || length > TERM_NAME_MAX || CONTROL.test(name)) {
    return { ok: false, problem: `must be one line of 1 to ${TERM_NAME_MAX} characters` };
  }
  return { ok: true, name };
}
