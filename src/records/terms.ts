import { type Field, id, integer, nullable, rowId, text, timestamp } from './field.js';
import { HOUSES, type House } from './houses.js';
import type { Standings } from './points-history.js';
import { defineRecord, type RowOf } from './record.js';
import { checkLine } from './text-line.js';

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

/** The column keeping a house's points when its term started. */
export type StartColumn = `start_${House}`;
export const startColumn = (house: House): StartColumn => `start_${house}`;

const startPoints = Object.fromEntries(
  HOUSES.map((house) => [
    startColumn(house),
    nullable(
      integer(
        `Points of ${house} when the term started; null when the store does not know them (a term from before they were kept, or written without them): its cup then counts from the history`,
      ),
    ),
  ]),
) as Record<StartColumn, Field<number, true>>;

/**
 * A term of a guild's house cup (docs/cli-and-data.md, "Terms"): from `started_at` to
 * `ended_at`, null while it runs. At most one term of a guild is open, which the store holds with
 * a partial unique index (migration `terms`). Its cup is what the houses gained in it, so the row
 * keeps the points it started from and, once ended, the points it ended with: the hall of cups
 * never depends on the points history, which is pruned.
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
    ...startPoints,
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
   * What each house gained in the term: its points at the end (now, while open) minus its points
   * when the term started (termGains). Null for a house without points at the end.
   */
  standings: Standings;
  /** The points at the end, before any reset; the open term's current points. */
  totals: Standings;
  /**
   * Once the term has ended, every house with the highest gain (leadersOf); null while it is
   * open, whose leaders are not winners yet.
   */
  winners: House[] | null;
}

/**
 * What each house gained from `start` to `end`. A house whose start the store does not know
 * (null) counts from nothing, so its gain is its total: only a term from before the starts were
 * kept, whose start the history no longer held (the store reads an unknown start from the
 * history first: src/store/term-rows.ts).
 */
export function termGains(end: Standings, start: Standings): Standings {
  const gains = {} as Standings;
  for (const house of HOUSES) {
    const points = end[house];
    gains[house] = points === null ? null : points - (start[house] ?? 0);
  }
  return gains;
}

/**
 * The houses with the highest number, in the houses' usual order (ties share the cup); none
 * when all four are null. A null house counts below every number.
 */
export function leadersOf(standings: Standings): House[] {
  let best: number | null = null;
  for (const house of HOUSES) {
    const points = standings[house];
    if (points !== null && (best === null || points > best)) best = points;
  }
  if (best === null) return [];
  return HOUSES.filter((house) => standings[house] === best);
}

/**
 * An open term's leaders so far: the houses with the highest gain, when that is ahead of another
 * house's; none while every house with points has gained alike (a term just begun, all at 0),
 * which is "no house leads yet" rather than "all four lead".
 */
export function openLeadersOf(gained: Standings): House[] {
  const leaders = leadersOf(gained);
  return leaders.length < HOUSES.filter((house) => gained[house] !== null).length ? leaders : [];
}

/** Whether any house has points in `standings`. */
export function anyPoints(standings: Standings): boolean {
  return HOUSES.some((house) => standings[house] !== null);
}

/** A term's name as the store takes it: trimmed, one line of 1 to 100 characters. */
type TermNameCheck = { ok: true; name: string } | { ok: false; problem: string };

export const TERM_NAME_MAX = term.fields.name.max ?? 100;

/** `problem` completes "Invalid name: …" (the CLI's words; Discord says it in its language). */
export function checkTermName(given: string): TermNameCheck {
  const checked = checkLine(given, TERM_NAME_MAX);
  return checked.ok ? { ok: true, name: checked.text } : checked;
}
