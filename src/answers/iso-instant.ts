import { withinYears } from '../records/field.js';
import { ApiError } from './errors.js';

// A date, or a date-time with an optional zone (UTC when none); what Date.parse reads alike
// on every Node.
const ISO_8601 =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Date.parse reads `2026-02-31` as March 3rd: a day its month lacks is no date. */
function isCalendarDay(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.slice(0, 10).split('-').map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * Epoch ms of an ISO 8601 date or date-time, or the 400 `invalid` names; `outside` names the 400
 * of one outside the years 0001 to 9999 (`0000-01-01`, or `0001-01-01T00:00+01:00`, which is in
 * year 0 in UTC).
 */
export function parseInstant(text: string, invalid: string, outside: string): number {
  // Four digits of year, so never past what a Date holds (±275760): no RangeError further on.
  if (!ISO_8601.test(text) || !isCalendarDay(text)) throw new ApiError(400, invalid);
  const zoned = /T|\s/.test(text) && !/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? `${text}Z` : text;
  const ms = Date.parse(zoned.replace(' ', 'T'));
  if (Number.isNaN(ms)) throw new ApiError(400, invalid);
  if (!withinYears(ms)) throw new ApiError(400, outside);
  return ms;
}
