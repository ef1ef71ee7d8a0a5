import { SAFE_INTEGER } from '../records/field.js';
import { HOUSES, type House } from '../records/houses.js';
import type { Standings } from '../records/points-history.js';
import { checkTermName, type StartColumn, startColumn } from '../records/terms.js';

/*
 * A file's `terms` (src/records/terms.ts): a guild's terms with the points each started from
 * (`start`) and, once ended, the points each ended with (`totals`), from which the cup and its
 * winners follow, as GET /v1/points/:guildId/terms shows them. Present, they replace the guild's
 * terms, writing only the rows that differ (the same file again writes nothing); absent, the
 * guild's terms are kept. An open term (no `endedAt`) has no totals of its own: they are the
 * guild's points. A file from before the starts were kept has no `start` (the store then reads
 * each term's start from the points history) and names the totals `standings`.
 */

/** One term as a file holds it. */
export interface TermEntry {
  id: number;
  name: string;
  startedAt: string;
  endedAt?: string | null | undefined;
  /** The points the term started from; absent or null when not known. */
  start?: Standings | null | undefined;
  /** An ended term's points at its end, before any reset; absent or null for an open one. */
  totals?: Standings | null | undefined;
  /** A file from before: `totals` by the name it had then. */
  standings?: Standings | null | undefined;
}

/** A term's row as the import compares it: instants as `YYYY-MM-DDTHH:MM:SS.sssZ`. */
export interface StoredTermRow extends Standings, Record<StartColumn, number | null> {
  id: number;
  name: string;
  started_at: string;
  ended_at: string | null;
}

interface TermWrites {
  deletes: number[];
  /** Rows to insert, or to set to these values: ended ones first, so that one stays open. */
  upserts: StoredTermRow[];
}

const NULLS: Standings = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };
const number = (value: number | string | null) => (value === null ? null : Number(value));

function startColumnsOf(start: Standings): Record<StartColumn, number | null> {
  const columns = {} as Record<StartColumn, number | null>;
  for (const house of HOUSES) columns[startColumn(house)] = start[house];
  return columns;
}

function termRowOf(entry: TermEntry): StoredTermRow {
  const ended = entry.endedAt ?? null;
  return {
    id: entry.id,
    name: entry.name.trim(),
    started_at: new Date(entry.startedAt).toISOString(),
    ended_at: ended === null ? null : new Date(ended).toISOString(),
    ...(ended === null ? NULLS : (entry.totals ?? entry.standings ?? NULLS)),
    ...startColumnsOf(entry.start ?? NULLS),
  };
}

/** A stored term as a file holds it: its start when known, its totals once ended. */
export function termEntryOf(row: StoredTermRow): TermEntry {
  const totals = {} as Standings;
  const start = {} as Standings;
  for (const house of HOUSES) {
    totals[house] = number(row[house]);
    start[house] = number(row[startColumn(house)]);
  }
  return {
    id: Number(row.id),
    name: row.name,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    ...(HOUSES.some((house) => start[house] !== null) ? { start } : {}),
    ...(row.ended_at === null ? {} : { totals }),
  };
}

const same = (a: StoredTermRow, b: StoredTermRow) =>
  a.name === b.name &&
  a.started_at === b.started_at &&
  a.ended_at === b.ended_at &&
  [...HOUSES, ...HOUSES.map(startColumn)].every((column) => number(a[column]) === b[column]);

/** The writes making `stored` the file's terms; null when the file says nothing of them. */
export function termWrites(
  terms: readonly TermEntry[] | undefined,
  stored: readonly StoredTermRow[],
): TermWrites | null {
  if (!terms) return null;
  const wanted = terms.map(termRowOf);
  const held = new Map(stored.map((row) => [Number(row.id), row]));
  const ids = new Set(wanted.map((row) => row.id));
  // The open term written last: the store keeps at most one open at every step.
  const upserts = wanted
    .filter((row) => {
      const old = held.get(row.id);
      return !old || !same(old, row);
    })
    .sort((a, b) => Number(a.ended_at === null) - Number(b.ended_at === null));
  return {
    deletes: stored.map((row) => Number(row.id)).filter((id) => !ids.has(id)),
    upserts,
  };
}

/**
 * The first house whose gain from `start` to `end` is not a safe integer (points may be
 * negative), which the term's cup would serve; none when both are safe apart.
 */
function houseBeyondSafeGain(start: Standings, end: Partial<Record<House, number | null>>) {
  return HOUSES.find((house) => {
    const [from, to] = [start[house], end[house]];
    return from != null && to != null && Math.abs(to - from) > SAFE_INTEGER;
  });
}

/**
 * The problems of a guild's terms, given its `points` in the file: each with its path under
 * `terms` and its message.
 */
export function termProblems(
  terms: readonly TermEntry[],
  now: Date,
  points?: Partial<Record<House, number | null>>,
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<number>();
  let open: number | null = null;
  terms.forEach((entry, index) => {
    if (seen.has(entry.id)) {
      problems.push({ path: [index, 'id'], message: `a second term with id ${entry.id}` });
    }
    seen.add(entry.id);
    const name = checkTermName(entry.name);
    if (!name.ok) problems.push({ path: [index, 'name'], message: name.problem });
    const started = Date.parse(entry.startedAt);
    if (started > now.getTime()) {
      problems.push({ path: [index, 'startedAt'], message: 'must not be in the future' });
    }
    const ended = entry.endedAt ?? null;
    const end = ended === null ? points : (entry.totals ?? entry.standings);
    const beyond = entry.start && end && houseBeyondSafeGain(entry.start, end);
    if (beyond) {
      problems.push({
        path: [index, 'start', beyond],
        message: `the term’s gain, from these points to ${ended === null ? 'the guild’s points' : 'its totals'}, must be within ${SAFE_INTEGER}`,
      });
    }
    if (ended === null) {
      if (open !== null) {
        problems.push({
          path: [index, 'endedAt'],
          message: `a second open term (term ${open} is open): at most one is`,
        });
      }
      open = entry.id;
      for (const field of ['totals', 'standings'] as const) {
        if (entry[field]) {
          problems.push({
            path: [index, field],
            message: `an open term has none: its ${field} are the guild’s points`,
          });
        }
      }
    } else {
      if (Date.parse(ended) < started) {
        problems.push({ path: [index, 'endedAt'], message: 'must not be before startedAt' });
      }
      if (entry.totals && entry.standings) {
        problems.push({
          path: [index, 'standings'],
          message: 'the name a file from before gives totals: give totals only',
        });
      }
    }
  });
  return problems;
}
