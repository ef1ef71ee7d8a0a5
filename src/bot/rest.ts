import { type RateLimitData, REST, type RESTOptions } from 'discord.js';

/** The bucket @discordjs/rest gives every `POST /interactions/:id/:token/callback`. */
const CALLBACK_ROUTE = '/interactions/:id/:token/callback';
/** Discord drops an interaction not acknowledged within this long after it was created. */
const INTERACTION_DEADLINE_MS = 3_000;

/**
 * @discordjs/rest waits out every 429 and retries. For an interaction's first answer a wait
 * as long as the whole deadline cannot end in success (the token is dead by then), so such a
 * 429 fails the answer at once, for the dispatcher to log; shorter waits are still retried.
 * Everything else (edits, follow-ups: tokens live 15 minutes) keeps the default waiting.
 */
export function rejectHopelessCallback(limit: RateLimitData): boolean {
  return limit.route === CALLBACK_ROUTE && limit.retryAfter >= INTERACTION_DEADLINE_MS;
}

/**
 * The REST settings of both transports; otherwise @discordjs/rest's defaults: 3 retries of a
 * 5xx or network error, 15 s timeout. `restUrl` is DISCORD_REST_URL (the version is appended).
 */
export function restOptions(restUrl: string): Partial<RESTOptions> {
  return { api: restUrl, rejectOnRateLimit: rejectHopelessCallback };
}

/** A client for interaction webhooks only: they authenticate by token, so it needs no bot token. */
export function webhookRest(restUrl: string): REST {
  return new REST(restOptions(restUrl));
}

/** A client with the bot token: the live scoreboards' channel messages, in both Discord modes. */
export function botRest(restUrl: string, token: string): REST {
  return new REST(restOptions(restUrl)).setToken(token);
}
