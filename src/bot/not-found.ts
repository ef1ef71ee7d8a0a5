/**
 * Thrown by a handler when the guild has nothing to show (no profile, no points, no job…).
 * The dispatcher answers with the message, ephemerally; it is not logged as an error.
 */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** What the bot says when there is nothing to show, in one place. */
export const NOT_FOUND = {
  players: 'No player found on this server.',
  /** /players with a house that none of the server's profiles is in. */
  house: 'No player of this server is in that house.',
  member: 'That member has no profile on this server.',
  points: 'No house points found on this server yet.',
  jobs: 'No job found on this server.',
  key: 'No active API key with that number belongs to this server.',
} as const;
