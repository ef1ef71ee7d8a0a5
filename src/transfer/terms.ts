import { HOUSES } from '../records/houses.js';
import type { Standings } from '../records/points-history.js';
import { checkTermName } from '../records/terms.js';

/*
 * A file's `terms` (src/records/terms.ts): a guild's terms, as GET /v1/points/:guildId/terms
 * shows them but for the winners, which follow from the standings. Present, they replace the
 * guild's terms, writing only the rows that differ (the same file again writes nothing); absent,
 * the guild's terms are kept. An open term (no `endedAt`) has no standings of its own: its
 * standings are the guild's points.
 */

/** One term as a file holds it. */
export interface TermEntry {
  id: number;
  name: string;
  startedAt: string;
  endedAt?: string | null | undefined;
  /** An ended term's final standings; absent or null for an open one. */
  standings?: Standings | null | undefined;
}

/** A term's row as the import compares it: instants as `YYYY-MM-DDTHH:MM:SS.sssZ`. */
export interface StoredTermRow extends Standings {
  id: number;
  name: string;
  started_at: string;
  ended_at: string | null;
}

export interface TermWrites {
  deletes: number[];
  /** Rows to insert, or to set to these values: ended ones first, so that one stays open. */
  upserts: StoredTermRow[];
}

const NULLS: Standings = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };

export function termRowOf(entry: TermEntry): StoredTermRow {
  const ended = entry.endedAt ?? null;
  return {
    id: entry.id,
    name: entry.name.trim(),
    started_at: new Date(entry.startedAt).toISOString(),
    ended_at: ended === null ? null : new Date(ended).toISOString(),
    ...(ended === null ? NULLS : (entry.standings ?? NULLS)),
  };
}

/** A stored term as a file holds it. */
export function termEntryOf(row: StoredTermRow): TermEntry {
  const standings = {} as Standings;
  for (const house of HOUSES) standings[house] = row[house] === null ? null : Number(row[house]);
  return {
    id: Number(row.id),
    name: row.name,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    ...(row.ended_at === null ? {} : { standings }),
  };
}

const same = (a: StoredTermRow, b: StoredTermRow) =>
  a.name === b.name &&
  a.started_at === b.started_at &&
  a.ended_at === b.ended_at &&
  HOUSES.every((house) => (a[house] === null ? null : Number(a[house])) === b[house]);

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

/** The problems of a guild's terms: each with its path under `terms` and its message. */
export function termProblems(
  terms: readonly TermEntry[],
  now: Date,
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
    if (ended === null) {
      if (open !== null) {
        problems.push({
          path: [index, 'endedAt'],
          message: `a second open term (term ${open} is open): at most one is`,
        });
      }
      open = entry.id;
      if (entry.standings) {
        problems.push({
          path: [index, 'standings'],
          message: 'an open term has none: its standings are the guild’s points',
        });
      }
    } else if (Date.parse(ended) < started) {
      problems.push({ path: [index, 'endedAt'], message: 'must not be before startedAt' });
    }
  });
  return problems;
}
