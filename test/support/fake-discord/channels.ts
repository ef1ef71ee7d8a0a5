/*
 * The channels' messages the bot posts with its token (`POST /channels/{c}/messages`) and edits
 * (`PATCH /channels/{c}/messages/{m}`), as the fake holds them: the live scoreboards. A test
 * reads what each message shows now (its embed, its picture's PNG bytes), deletes a message as a
 * member would, or makes the next edits fail as Discord can (404, 403, 429, 500, no answer).
 */
import type { Json } from './types.js';

/** A message in a channel, as the fake holds it now. */
export interface ChannelMessage {
  id: string;
  channelId: string;
  /** The message object, after its last edit. */
  message: Json;
  /** The PNG of its picture (the last upload), when it has one. */
  png: Buffer | null;
  /** How many edits it had. */
  edits: number;
}

/**
 * How the fake answers the next message edit(s) instead of accepting them: a status, or `hang`,
 * never answering (a channel whose edits Discord leaves hanging).
 */
export interface EditFault {
  status: 403 | 404 | 429 | 500 | 'hang';
  /** For 429: seconds, in the body's `retry_after` and the `retry-after` header. */
  retryAfter?: number;
}

/** One edit the fake accepted, in order. */
export interface AcceptedEdit {
  channelId: string;
  messageId: string;
  body: Json;
  png: Buffer | null;
  receivedAt: number;
}

/** The first uploaded file's bytes of a multipart body (`files[0]`), or null. */
export function firstFileOf(raw: Buffer, type: string | undefined): Buffer | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type ?? '');
  const name = boundary?.[1] ?? boundary?.[2];
  if (!name) return null;
  const header = raw.indexOf('name="files[0]"');
  if (header < 0) return null;
  const start = raw.indexOf('\r\n\r\n', header);
  if (start < 0) return null;
  const end = raw.indexOf(`\r\n--${name}`, start + 4);
  return end < 0 ? null : Buffer.from(raw.subarray(start + 4, end));
}

/** Discord's answer to a message that no longer exists (or a channel it cannot see). */
export const UNKNOWN_MESSAGE = { message: 'Unknown Message', code: 10008 };
export const MISSING_ACCESS = { message: 'Missing Access', code: 50001 };
