import { DiscordAPIError, RateLimitError, type REST, Routes } from 'discord.js';
import type { Answer } from '../command.js';
import { filesOf, messageData } from '../delivery.js';

/*
 * A channel's messages, through Discord's REST API with the bot token (`POST
 * /channels/{c}/messages`, `PATCH /channels/{c}/messages/{m}`), multipart when the message
 * carries the picture. @discordjs/rest retries a 5xx three times, and waits out a 429 itself but
 * for an edit's (botRest): that one comes back as a RateLimitError, for the live service to edit
 * the message again once the channel's wait is over (rateLimitOf).
 */

/** Posts `answer` in the channel; the new message's id. */
export async function postMessage(rest: REST, channelId: string, answer: Answer): Promise<string> {
  const message = (await rest.post(Routes.channelMessages(channelId), {
    body: messageData(answer, false),
    ...filesOf(answer.files),
  })) as { id?: unknown };
  if (typeof message.id !== 'string') throw new Error('Discord answered a post without an id');
  return message.id;
}

/** Rewrites the message: its embed, and its picture in place of the one it had. */
export async function editMessage(
  rest: REST,
  channelId: string,
  messageId: string,
  answer: Answer,
  signal?: AbortSignal,
): Promise<void> {
  await rest.patch(Routes.channelMessage(channelId, messageId), {
    body: messageData(answer, false),
    ...filesOf(answer.files),
    ...(signal ? { signal } : {}),
  });
}

export async function deleteMessage(
  rest: REST,
  channelId: string,
  messageId: string,
): Promise<void> {
  await rest.delete(Routes.channelMessage(channelId, messageId));
}

/**
 * Discord's status when it refused for good: 404 (the message or the channel is gone) or 403
 * (the bot may no longer see or write there). Null for anything else (a 5xx after its retries,
 * the network): worth another try later.
 */
export function refusalOf(error: unknown): 403 | 404 | null {
  if (error instanceof DiscordAPIError && (error.status === 403 || error.status === 404)) {
    return error.status;
  }
  return null;
}

/**
 * How long Discord asked to wait before the next edit in that channel (ms), when it answered a
 * 429 (or @discordjs/rest knew the channel's bucket spent); null for any other failure.
 */
export function rateLimitOf(error: unknown): number | null {
  if (!(error instanceof RateLimitError)) return null;
  return Math.max(error.retryAfter, error.timeToReset, 0);
}
