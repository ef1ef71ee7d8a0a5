import type { ChartPoint } from './chart-input.js';

const DAY_MS = 86_400_000;

/**
 * How the dates under a race are written, by the PNG and the page alike, in UTC as the series'
 * steps are. A race of two days or less (a young guild's runs from its first record) writes the
 * hour, or its dates would repeat one day; a race over 300 days writes the year instead of the
 * day, once a year's dates could repeat.
 */
export function raceDateFormat(series: readonly ChartPoint[], locale: string): Intl.DateTimeFormat {
  const first = Date.parse(series[0]?.at ?? '');
  const last = Date.parse(series[series.length - 1]?.at ?? '');
  const span = last - first;
  if (span <= 2 * DAY_MS) {
    return new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
  }
  const long = span > 300 * DAY_MS;
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    month: 'short',
    ...(long ? { year: 'numeric' } : { day: 'numeric' }),
  });
}
