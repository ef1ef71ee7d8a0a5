import type { PointsHistoryReader } from '../read/service.js';
import { HOUSES } from '../records/houses.js';
import type { HistoryEntry, Standings } from '../records/points-history.js';
import { standingsAt } from './stored-points.js';

/*
 * The history series: the standings at `from` (moved down to the start of its step),
 * `from + step`, … before `to`, then at `to` itself; each the last recorded row at or before
 * that instant, the houses null before the guild's first row.
 */

export const STEPS = ['hour', 'day', 'week'] as const;
export type Step = (typeof STEPS)[number];

export const MAX_SERIES_ENTRIES = 1000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEP_MS: Record<Step, number> = { hour: HOUR, day: DAY, week: 7 * DAY };
/** How far back `from` lies by default, per step. */
const DEFAULT_SPAN_MS: Record<Step, number> = {
  hour: 48 * HOUR,
  day: 30 * DAY,
  week: 26 * 7 * DAY,
};

/** `at` as the API writes every instant: `YYYY-MM-DDTHH:MM:SS.sssZ`. */
export const instantText = (ms: number): string => new Date(ms).toISOString();

/** The start of the step holding `ms`, in UTC: the hour, midnight, or Monday 00:00. */
export function stepStart(ms: number, step: Step): number {
  if (step === 'hour') return ms - (((ms % HOUR) + HOUR) % HOUR);
  const midnight = ms - (((ms % DAY) + DAY) % DAY);
  if (step === 'day') return midnight;
  // 1970-01-01 was a Thursday: days since the epoch + 3 is 0 on Mondays.
  const weekday = (Math.floor(midnight / DAY) + 3) % 7;
  return midnight - ((weekday + 7) % 7) * DAY;
}

export interface SeriesRange {
  step: Step;
  /** Already moved down to its step's start. */
  from: number;
  to: number;
}

/**
 * Where a series ends when the asker names no end: the next whole second after `now`. So every
 * change committed before the request is in its last entry (a `to` cut down to the second
 * missed those of the current second), and the instant is the same for a whole second, so its
 * answers can be shared until then.
 */
export function defaultTo(now: number): number {
  return Math.floor(now / 1000) * 1000 + 1000;
}

export function defaultFrom(to: number, step: Step): number {
  return to - DEFAULT_SPAN_MS[step];
}

/** How many entries a range has: the step instants before `to`, then `to`. */
export function entryCount({ step, from, to }: SeriesRange): number {
  return Math.ceil((to - from) / STEP_MS[step]) + 1;
}

const NOTHING: Standings = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };

/** The instants of a range's series: each step from `from` before `to`, then `to` itself. */
export function seriesInstants(range: SeriesRange): number[] {
  const instants: number[] = [];
  for (let at = range.from; at < range.to; at += STEP_MS[range.step]) instants.push(at);
  instants.push(range.to);
  return instants;
}

/**
 * How many entries termSeriesInstants makes, counted without making them: a term the game started
 * centuries ago holds millions of hours.
 */
export function termEntryCount(from: number, to: number, step: Step): number {
  const boundaries = Math.max(0, Math.ceil((to - stepStart(from, step)) / STEP_MS[step]) - 1);
  return (from < to ? 1 : 0) + boundaries + 1;
}

/**
 * The instants of a term's series: its start itself (not moved down: the series is the term's),
 * each step boundary after it before `to`, then `to` (the term's end, or now).
 */
export function termSeriesInstants(from: number, to: number, step: Step): number[] {
  const instants = from < to ? [from] : [];
  for (let at = stepStart(from, step) + STEP_MS[step]; at < to; at += STEP_MS[step]) {
    instants.push(at);
  }
  instants.push(to);
  return instants;
}

/** The series of a guild over `range`, read as one lookup per instant. */
export async function readSeries(
  history: PointsHistoryReader,
  guildId: string,
  range: SeriesRange,
): Promise<HistoryEntry[]> {
  return readSeriesAt(history, guildId, seriesInstants(range));
}

/** The standings at each of `times` (epoch ms), as series entries. */
export async function readSeriesAt(
  history: PointsHistoryReader,
  guildId: string,
  times: readonly number[],
): Promise<HistoryEntry[]> {
  const instants = times.map(instantText);
  const standings = await standingsAt(history, guildId, instants);
  return instants.map((at, i) => {
    const found = standings[i] ?? NOTHING;
    const entry: HistoryEntry = { at, ...NOTHING };
    for (const house of HOUSES) entry[house] = found[house];
    return entry;
  });
}
