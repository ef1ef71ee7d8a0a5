import { en } from './i18n/en.js';

/**
 * Thrown by a handler when the guild has nothing to show (no profile, no points, no job…).
 * The dispatcher answers with the message, ephemerally; it is not logged as an error.
 */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** What the bot says in English when there is nothing to show; each language's in i18n/. */
export const NOT_FOUND = en.notFound;
