import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../answers/errors.js';
import type { StreamSlot, StreamSlots } from '../budgets/stream-slots.js';
import type { EventHub } from '../events/event-hub.js';
import type { Logger } from '../logger.js';

/** What GET /v1/events/:guildId needs: the node's streams, the per-key slots and their limit. */
export interface EventStreams {
  hub: EventHub;
  slots: StreamSlots;
  /** EVENT_STREAMS_PER_KEY; 0 = no limit. */
  perKey: number;
  logger: Logger;
}

/**
 * A slot frees when one of the key's streams ends, which nothing predicts: a few seconds keeps a
 * client that retries on its own from hammering the server meanwhile.
 */
const RETRY_AFTER_S = '5';

const UNLIMITED: StreamSlot = { release() {} };

const STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  // Nothing on the way may keep a copy or wait for more bytes before passing them on: nginx
  // buffers a proxied answer unless told not to (X-Accel-Buffering).
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

/**
 * Answers an event stream request that passed the key, rate-limit, id and scope checks: takes a
 * slot of the key (429 when it has none left), then keeps the response open for the hub to
 * write to. HEAD answers the stream's headers and ends.
 */
export function openEventStream(
  streams: EventStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  guildId: string,
): void {
  const key = request.apiKey;
  if (!key) throw new Error('event stream without a key: the auth hook must run first');
  if (request.method === 'HEAD') {
    reply.code(200).headers(STREAM_HEADERS).send();
    return;
  }
  const stream = (slot: StreamSlot) => {
    reply.hijack();
    const response = reply.raw;
    // The headers already set (rate limit, CORS) go out with the stream's own.
    for (const [name, value] of Object.entries({ ...reply.getHeaders(), ...STREAM_HEADERS })) {
      if (value !== undefined) response.setHeader(name, value);
    }
    response.writeHead(200);
    response.flushHeaders();
    const since = performance.now();
    const lastEventId = request.headers['last-event-id'];
    const open = streams.hub.add(
      response,
      key.id,
      guildId,
      typeof lastEventId === 'string' ? lastEventId : undefined,
      (reason) => {
        slot.release();
        streams.logger.info(
          {
            reqId: request.id,
            key: key.id,
            reason,
            s: Math.round((performance.now() - since) / 100) / 10,
          },
          'event stream ended',
        );
      },
    );
    response.once('close', () => open.end('client'));
  };
  const started = (slot: StreamSlot | null) => {
    if (!slot) {
      reply.send(new ApiError(429, MESSAGES.tooManyRequests, { 'retry-after': RETRY_AFTER_S }));
      return;
    }
    streams.hub.prepare(guildId, (error) => {
      const socket = reply.raw.socket;
      if (error || !socket || socket.destroyed) {
        slot.release();
        // A read that failed is answered as any other (500); a client that left, not at all.
        if (error && socket && !socket.destroyed) reply.send(error);
        return;
      }
      stream(slot);
    });
  };
  if (streams.perKey === 0) started(UNLIMITED);
  else streams.slots.take(key.id, streams.perKey, started);
}
