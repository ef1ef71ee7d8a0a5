import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SerializedList } from '../read/json-list.js';
import { type Built, type CachedAnswer, etagOf, matchesEtag } from './body-cache.js';
import { errorBody } from './errors.js';

export function jsonAnswer(status: number, value: unknown): Built {
  return { status, body: JSON.stringify(value) };
}

export function errorAnswer(status: number, message: string): Built {
  return jsonAnswer(status, errorBody(status, message));
}

/** The list envelope around a store-serialized array; `next` only when the client paged. */
export function listAnswer<C>(list: SerializedList<C>, next?: string | null): Built {
  const paging = next === undefined ? '' : `,"next":${JSON.stringify(next)}`;
  return {
    status: 200,
    body: `{"results":${list.json},"count":${list.count}${paging},"status":200}`,
  };
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
): FastifyReply {
  if (answer.etag) {
    reply.header('etag', answer.etag).header('cache-control', `private, max-age=${maxAge}`);
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  }
  return reply
    .code(answer.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(answer.body);
}
