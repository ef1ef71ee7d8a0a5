/**
 * Thrown by a handler when the guild has nothing to show: the Discord side of the HTTP 404s.
 * The dispatcher answers with the message, ephemerally; it is not logged as an error.
 */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** The friendly sentences for the HTTP API's 404s, in one place. */
export const NOT_FOUND = {
  players: 'No player found on this server.',
  member: 'That member has no profile on this server.',
  points: 'No house points found on this server yet.',
  jobs: 'No job found on this server.',
  key: 'No active API key with that number belongs to this server.',
} as const;
