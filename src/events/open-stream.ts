import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { SlotOwner, StreamSlot, StreamSlots } from '../budgets/stream-slots.js';

/*
 * How an event stream opens, the API's (GET /v1/events/:guildId) and the public pages' (GET
 * /cup/:guildId/events) alike: first a slot of its owner, then the stream's headers. With
 * REDIS_URL the slot is Redis' answer and comes later, so the route waits for openStream's
 * promise: a route that returned first would be answered (an empty 200) by Fastify, and the
 * stream's own headers would then throw ERR_HTTP_HEADERS_SENT from inside the Redis callback,
 * which ends the process. A client that leaves while its slot is pending gets nothing written
 * and keeps no slot.
 */

/**
 * A slot frees when one of the owner's streams ends, which nothing predicts: a few seconds keeps
 * a client that retries on its own from hammering the server meanwhile.
 */
export const STREAM_RETRY_AFTER_S = '5';

const STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  // Nothing on the way may keep a copy or wait for more bytes before passing them on: nginx
  // buffers a proxied answer unless told not to (X-Accel-Buffering).
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

const UNLIMITED: StreamSlot = { release() {} };

interface StreamOpening {
  slots: StreamSlots;
  owner: SlotOwner;
  /** The owner's most open streams; 0 = no limit. */
  limit: number;
  /** Answers a request that got no slot; nothing has been written yet. */
  refuse(): void;
  /** What must be ready before the first byte, once the slot is held (the API's first read). */
  prepare?(): Promise<void>;
  /** Sends the stream on `response`, whose headers have gone; releases `slot` when it ends. */
  start(response: ServerResponse, slot: StreamSlot): void;
}

/**
 * Opens an event stream on `reply` once a slot is held, with the headers already set on `reply`
 * (rate limit, CORS, security) and the stream's own. HEAD gets the headers alone, or the
 * refusal a GET would get when no slot is free, holding none. Resolves once the request is
 * answered, or needs no answer (the client left). Rejects when `prepare` fails, with the slot
 * given back and nothing written: the route answers it as any other error.
 */
export async function openStream(reply: FastifyReply, opening: StreamOpening): Promise<void> {
  const slot =
    opening.limit > 0 ? await take(opening.slots, opening.owner, opening.limit) : UNLIMITED;
  if (!slot) {
    if (!clientLeft(reply)) opening.refuse();
    return;
  }
  // HEAD is answered as GET would be, 429 included, and keeps nothing open.
  if (reply.request.method === 'HEAD') {
    slot.release();
    reply.code(200).headers(STREAM_HEADERS).send();
    return;
  }
  try {
    await opening.prepare?.();
  } catch (error) {
    slot.release();
    if (clientLeft(reply)) return;
    throw error;
  }
  // Nothing waits from this check to start(), which listens for the response's close: a client
  // that leaves now is seen there, one that left before is seen here.
  if (clientLeft(reply)) {
    slot.release();
    return;
  }
  reply.hijack();
  const response = reply.raw;
  for (const [name, value] of Object.entries({ ...reply.getHeaders(), ...STREAM_HEADERS })) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(200);
  response.flushHeaders();
  try {
    opening.start(response, slot);
  } catch (error) {
    // The slot's release runs once, whichever of this and the stream's end calls it first.
    slot.release();
    response.destroy();
    throw error;
  }
}

function take(slots: StreamSlots, owner: SlotOwner, limit: number): Promise<StreamSlot | null> {
  return new Promise((resolve) => slots.take(owner, limit, resolve));
}

/** Whether the connection is gone or going: nothing written to it would be read. */
function clientLeft(reply: FastifyReply): boolean {
  const socket = reply.raw.socket;
  return reply.raw.destroyed || !socket || socket.destroyed || !socket.writable;
}
