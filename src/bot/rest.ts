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
function rejectHopelessCallback(limit: RateLimitData): boolean {
  return limit.route === CALLBACK_ROUTE && limit.retryAfter >= INTERACTION_DEADLINE_MS;
}

/**
 * The bucket of an edit of a channel's message (`PATCH /channels/{c}/messages/{m}`): ids of 17
 * to 19 digits read `:id` in it, any other id as itself.
 */
const MESSAGE_ROUTE = /^\/channels\/[^/]+\/messages\/[^/]+$/;

/**
 * A live scoreboard's edit is not waited out inside @discordjs/rest: a channel told to wait a
 * minute would hold one of the node's few edit places, and a stop, that long. The live service
 * takes the 429 (RateLimitError) and edits that message again once the wait is over.
 */
function rejectLiveEdit(limit: RateLimitData): boolean {
  return limit.method.toUpperCase() === 'PATCH' && MESSAGE_ROUTE.test(limit.route);
}

/**
 * The REST settings of both transports; otherwise @discordjs/rest's defaults: 3 retries of a
 * 5xx or network error, 15 s timeout. `restUrl` is DISCORD_REST_URL (the version is appended).
 */
export function restOptions(
  restUrl: string,
  reject: (limit: RateLimitData) => boolean = rejectHopelessCallback,
): Partial<RESTOptions> {
  return { api: restUrl, rejectOnRateLimit: reject };
}

/** A client for interaction webhooks only: they authenticate by token, so it needs no bot token. */
export function webhookRest(restUrl: string): REST {
  return new REST(restOptions(restUrl));
}

/**
 * A client with the bot token: the live scoreboards' channel messages, in both Discord modes.
 * Their edits' 429s come back to the live service rather than being waited out here.
 */
export function botRest(restUrl: string, token: string): REST {
  const reject = (limit: RateLimitData) => rejectHopelessCallback(limit) || rejectLiveEdit(limit);
  return new REST(restOptions(restUrl, reject)).setToken(token);
}
