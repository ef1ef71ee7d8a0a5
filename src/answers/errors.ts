/**
 * A failure the API answers with its JSON error body: `{"error": message, "status": status}`.
 * An answer, not a fault: made without a stack trace, which no log line or body ever shows and
 * which was most of a 429's own cost under a flood of them.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** Headers the answer needs (Retry-After on a 429). */
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    const traced = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = traced;
    this.status = status;
    this.headers = headers;
  }
}

interface ErrorBody {
  error: string;
  status: number;
}

export function errorBody(status: number, message: string): ErrorBody {
  return { error: message, status };
}

export const MESSAGES = {
  missingKey: 'Missing API key',
  invalidKey: 'Invalid API key',
  forbiddenGuild: 'This API key has no access to this server',
  invalidGuildId: 'Invalid guild id',
  invalidUserId: 'Invalid user id',
  invalidLimit: 'Invalid limit: must be an integer from 1 to 1000',
  invalidAfter: 'Invalid after: not a cursor of this list',
  badRequest: 'Bad request',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  tooManyRequests: 'Too many requests',
  internal: 'Internal server error',
  noPlayer: 'No player found on this server',
  // The spec's wire text, kept to the letter: clients match on it.
  noPoints: 'No house points found on this serve',
  noJob: 'No job found on this server',
  noTerm: 'No term found on this server',
  termWithRange: 'Invalid term: cannot be combined with from or to',
  invalidFrom: 'Invalid from: must be an ISO 8601 date-time',
  invalidTo: 'Invalid to: must be an ISO 8601 date-time',
  invalidStep: 'Invalid step: must be one of hour, day, week',
  fromAfterTo: 'Invalid from: must be before to',
  tooManyEntries: 'Invalid step: more than 1000 points between from and to',
  sortNeedsPeriod: 'Invalid sort: change needs a period',
  periodNeedsChange: 'Invalid period: only sort=change takes a period',
  invalidAt: 'Invalid at: must be an ISO 8601 date-time',
  // One wording for every date a request gives, or that follows from it (a series' start, a
  // period's end): the answer could not write it with four digits of year.
  fromOutsideYears: 'Invalid from: reaches outside the years 0001 to 9999',
  toOutsideYears: 'Invalid to: reaches outside the years 0001 to 9999',
  atOutsideYears: 'Invalid at: reaches outside the years 0001 to 9999',
  atNeedsPeriod: 'Invalid at: only with a period',
} as const;

/** The error text of Fastify's own client errors, by status. */
export const CLIENT_ERRORS: Record<number, string> = {
  404: MESSAGES.notFound,
  405: MESSAGES.methodNotAllowed,
  413: 'Request body too large',
  415: 'Unsupported media type',
  429: MESSAGES.tooManyRequests,
};

/** An error answered with a body of its own instead of the JSON error body. */
export interface ErrorPage {
  type: string;
  body: string | Buffer;
  headers: Record<string, string>;
}

/**
 * Paths whose errors another presenter answers: the public pages are read by browsers, which
 * must get a page for every error under them, whichever part of the server refused the request.
 */
export interface ErrorPages {
  /** `page(status)` answers every error on `prefix` and under it (`/cup`: `/cup`, `/cup/…`). */
  own(prefix: string, page: (status: number) => ErrorPage): void;
}
