import { hash } from 'node:crypto';
import { EVENT_NAMES } from '../records/events.js';

/*
 * An event's `id:` says what the client holds once it has that event: for each event
 * (EVENT_NAMES order), a short digest of the data it last received, or nothing when it has not
 * received that event yet: `<points>.<premium>.<players>.<jobs>`, then `.<term>` once the guild
 * has a term and `.<award>` once it has an award (`.` and an empty term's part before it when it
 * has none): a guild without either keeps the ids of before, and an id of before still parses.
 *
 * So a `Last-Event-ID` is understood by any node, after any restart, however long ago it was
 * sent: the areas whose data differs from the digests are the ones that changed since, and
 * nothing needs to be remembered per client. An id that does not parse gets all four events.
 */

/** What a client holds: one digest per event, '' for one it has not received. */
export type Held = readonly string[];

const DIGEST_CHARS = 8;
/** The events every id names; those after them only when held. */
export const ALWAYS_NAMED = 4;
/** The ids of this version and of every one before it: the always named events, then the others. */
const PART = `[A-Za-z0-9_-]{0,${DIGEST_CHARS}}`;
const SHAPE = new RegExp(`^${PART}(\\.${PART}){${ALWAYS_NAMED - 1},${EVENT_NAMES.length - 1}}$`);

export const NOTHING_HELD: Held = EVENT_NAMES.map(() => '');

/** 48 bits of SHA-1: a change of one area's data is never mistaken for no change in practice. */
export function digestOf(data: Buffer): string {
  return hash('sha1', data, 'base64url').slice(0, DIGEST_CHARS);
}

export function formatEventId(held: Held): string {
  // Past the always named, up to the last event held: a guild with terms and no award yet keeps
  // the ids it had before awards were events.
  let end = held.length;
  while (end > ALWAYS_NAMED && held[end - 1] === '') end -= 1;
  return held.slice(0, end).join('.');
}

/** The digests a `Last-Event-ID` names; nothing held when it is absent or not one of ours. */
export function parseEventId(header: string | undefined): Held {
  const id = header?.trim();
  if (!id || !SHAPE.test(id)) return NOTHING_HELD;
  const held = id.split('.');
  while (held.length < EVENT_NAMES.length) held.push('');
  return held;
}
