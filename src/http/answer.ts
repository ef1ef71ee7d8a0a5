import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SerializedList } from '../read/json-list.js';
import {
  type BodyCache,
  type Built,
  type CachedAnswer,
  etagOf,
  matchesEtag,
} from './body-cache.js';
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
export function listAnswer<C>(list: SerializedList<C>, next?: string | null): Built {
  const paging = next === undefined ? '' : `,"next":${JSON.stringify(next)}`;
  const tail = Buffer.from(`,"count":${list.count}${paging},"status":200}`);
  return { status: 200, body: Buffer.concat([RESULTS, ...list.json, tail]) };
}

/** An answer that never changes (the area descriptions), serialized once. */
export function staticAnswer(value: unknown): CachedAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { status: 200, body, etag: etagOf(body) };
}

/**
 * Sends a serialized answer. A 200 carries its ETag and Cache-Control, and a client that
 * already holds that ETag gets 304 with no body.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  maxAge: number,
): void {
  if (answer.etag) {
    reply.header('etag', answer.etag).header('cache-control', `private, max-age=${maxAge}`);
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
      reply.code(304).send();
      return;
    }
  }
  reply
    .code(answer.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(answer.body);
}

/**
 * One answer as the cache holds it: its cache key and how it is built on a miss. Declared once
 * beside its endpoint, so the event stream (events/) sends the very bytes that endpoint answers.
 */
export interface CacheableAnswer {
  key: string;
  build(): Promise<Built>;
}

/** What cached routes share: the cache, what keeps it true, and the max-age they announce. */
export interface CachedRoutes {
  cache: BodyCache;
  /** The generation of a guild's data (ReadService.generation). */
  generation(guildId: string): string;
  /** Seconds for `Cache-Control: private, max-age=N`. */
  maxAge: number;
}

/**
 * Answers from the cache, building the answer on a miss. Route handlers call it and return
 * nothing (Fastify's callback style): a hit is then answered with no promise at all, and a
 * miss never returns `reply` from a promise — Reply is a thenable, and adopting it waits on
 * the response stream's end with listeners of its own, which cost more than the whole hit.
 */
export function serveCached(
  { cache, maxAge, generation }: CachedRoutes,
  request: FastifyRequest,
  reply: FastifyReply,
  guildId: string,
  key: string,
  build: () => Promise<Built>,
): void {
  const hit = cache.peek(key, generation(guildId));
  if (hit) {
    sendAnswer(request, reply, hit, maxAge);
    return;
  }
  // Whatever fails — the build or the sending — ends in Fastify's error handling, never as an
  // unhandled rejection.
  cache
    .get(key, () => generation(guildId), build)
    .then((answer) => sendAnswer(request, reply, answer, maxAge))
    .catch((error: unknown) => reply.send(error));
}
