import type { SerializedList } from '../read/json-list.js';
import { type Built, type CachedAnswer, etagOf } from './answer-cache.js';
import { errorBody } from './errors.js';

export function jsonAnswer(status: number, value: unknown): Built {
  return { status, body: JSON.stringify(value) };
}

export function errorAnswer(status: number, message: string): Built {
  return jsonAnswer(status, errorBody(status, message));
}

const RESULTS = Buffer.from('{"results":');

/**
 * The list envelope around a store-serialized array; `next` only when the client paged. Built
 * as bytes: the array can be megabytes, and a round trip through a JS string would cost two
 * more copies of it (a 50,000-profile list is 9.8 MB) and block the event loop meanwhile.
 */
export function listAnswer<C>(
  list: SerializedList<C>,
  next?: string | null,
  /** More of the envelope, after `next` (a period's list names its period). */
  more: Record<string, unknown> = {},
): Built {
  const paging = next === undefined ? '' : `,"next":${JSON.stringify(next)}`;
  const fields = Object.entries(more)
    .map(([name, value]) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`)
    .join('');
  const tail = Buffer.from(`,"count":${list.count}${paging}${fields},"status":200}`);
  return { status: 200, body: Buffer.concat([RESULTS, ...list.json, tail]) };
}

/** An answer that never changes (the area descriptions), serialized once. */
export function staticAnswer(value: unknown): CachedAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { status: 200, body, etag: etagOf(body) };
}

/**
 * One answer as the cache holds it: its cache key and how it is built on a miss. Declared once
 * in this folder, so the event stream (events/) sends the very bytes that endpoint answers.
 */
export interface CacheableAnswer {
  cacheKey: string;
  build(): Promise<Built>;
}
