/**
 * The public page's number, list and date formats, English as the page is. Made on the first
 * page: a process's first Intl formatter loads its locale data, which a node's start and its
 * first answer need not wait for (docs/performance.md, "What a start loads").
 */
interface EnglishFormats {
  numbers: Intl.NumberFormat;
  /** `+12`, `−3`, `0`. */
  gains: Intl.NumberFormat;
  /** `Gryffindor, Slytherin and Ravenclaw`. */
  names: Intl.ListFormat;
  /** `Nov 28, 2026`. */
  days: Intl.DateTimeFormat;
  /** `Nov 28`. */
  daysInYear: Intl.DateTimeFormat;
}

let formats: EnglishFormats | undefined;

export function english(): EnglishFormats {
  formats ??= {
    numbers: new Intl.NumberFormat('en'),
    gains: new Intl.NumberFormat('en', { signDisplay: 'exceptZero' }),
    names: new Intl.ListFormat('en', { type: 'conjunction' }),
    days: new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }),
    daysInYear: new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  };
  return formats;
}
