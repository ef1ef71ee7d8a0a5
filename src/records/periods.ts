import type { HouseFilter, SortOrder } from './profile-order.js';

/*
 * The periods a member's galleons change is kept for (docs/http-api.md will name them): the UTC
 * week from Monday 00:00 and the UTC calendar month. A period is named by its kind and its
 * start; the store's triggers compute the same starts from the database's clock
 * (src/store/*\/triggers.ts), so a period written by any writer is found by `periodAt`.
 * Terms (records/terms.ts) are the third kind, whose bounds are stored rather than computed: a
 * term's period starts at its start and ends at its end (none while it is open).
 */

/** The calendar periods: computed from an instant, rolling over on their own. */
export const PERIOD_KINDS = ['week', 'month'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** Every kind of period profile_changes keeps: the calendar ones and terms. */
export const CHANGE_KINDS = [...PERIOD_KINDS, 'term'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export function isPeriodKind(value: unknown): value is PeriodKind {
  return (PERIOD_KINDS as readonly unknown[]).includes(value);
}

/**
 * One period: its kind and its bounds, `from` inclusive, `to` exclusive (ISO 8601, UTC, ms); an
 * open term's `to` is null.
 */
export interface Period {
  kind: ChangeKind;
  from: string;
  to: string | null;
}

/** A week or a month: bounded both ways. */
interface CalendarPeriod extends Period {
  kind: PeriodKind;
  to: string;
}

const DAY_MS = 86_400_000;

/** Midnight UTC of a day; Date.UTC would read a year below 100 as 1900 + year. */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date;
}

/** The period of `kind` that contains the instant `at`. */
export function periodAt(kind: PeriodKind, at: Date): CalendarPeriod {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  if (kind === 'month') {
    return {
      kind,
      from: utcDay(year, month, 1).toISOString(),
      to: utcDay(year, month + 1, 1).toISOString(),
    };
  }
  // getUTCDay: Sunday 0 … Saturday 6; the week starts on Monday.
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  const start = utcDay(year, month, at.getUTCDate()).getTime() - sinceMonday * DAY_MS;
  return {
    kind,
    from: new Date(start).toISOString(),
    to: new Date(start + 7 * DAY_MS).toISOString(),
  };
}

/** One word per period, for cache keys: `week.2026-11-23T00:00:00.000Z`. */
function periodKey(period: Period): string {
  return `${period.kind}.${period.from}`;
}

/**
 * A list of profiles by their galleons change in one period: largest first by default
 * (`asc` for the biggest losers), ties by user_id then id (reversed too by `desc`), with the
 * house filter of the other lists. A profile without a change in the period counts as 0.
 */
export interface ChangeView<P extends Period = Period> {
  sort: 'change';
  order: SortOrder;
  house: HouseFilter | null;
  period: P;
}

/** A week's or a month's list: what rolls over on its own. */
export type CalendarChangeView = ChangeView<CalendarPeriod>;

/** The change list a request names; `at` (default: now) picks the period of `kind`. */
export function changeView(
  kind: PeriodKind,
  at: Date,
  order: SortOrder | undefined,
  house: HouseFilter | undefined,
): CalendarChangeView {
  return {
    sort: 'change',
    order: order ?? 'desc',
    house: house ?? null,
    period: periodAt(kind, at),
  };
}

/** A term's list by change: its period runs from its start to its end (null while open). */
export function termChangeView(
  term: { startedAt: string; endedAt: string | null },
  order: SortOrder | undefined,
  house: HouseFilter | undefined,
): ChangeView {
  return {
    sort: 'change',
    order: order ?? 'desc',
    house: house ?? null,
    period: { kind: 'term', from: term.startedAt, to: term.endedAt },
  };
}

/**
 * One word per change list, for cache keys and statement names. It holds the period's start:
 * the list of "this week" is another list once the week rolls over, without any write, so an
 * answer cached under the old week's key is never served for the new one.
 */
export function changeViewKey(view: ChangeView): string {
  return `change.${view.order}.${view.house ?? 'all'}.${periodKey(view.period)}`;
}
