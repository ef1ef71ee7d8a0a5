import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../answers/errors.js';
import type { StreamSlots } from '../budgets/stream-slots.js';
import type { EventHub } from '../events/event-hub.js';
import { openStream, STREAM_RETRY_AFTER_S } from '../events/open-stream.js';
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
 * Answers an event stream request that passed the key, rate-limit, id and scope checks: takes a
 * slot of the key (429 when it has none left), waits for the hub's first read of the guild (a
 * failed read is answered as any other, 500), then keeps the response open for the hub to write
 * to. HEAD answers as GET would (its 429 included) with the stream's headers, and ends.
 */
export function openEventStream(
  streams: EventStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  guildId: string,
): void {
  const key = request.apiKey;
  if (!key) throw new Error('event stream without a key: the auth hook must run first');
  // What the stream's closures need of the request, so that they do not hold it for its life.
  const reqId = request.id;
  const lastEventId = request.headers['last-event-id'];
  const opened = openStream(reply, {
    slots: streams.slots,
    owner: key.id,
    limit: streams.perKey,
    refuse: () => {
      reply.send(
        new ApiError(429, MESSAGES.tooManyRequests, { 'retry-after': STREAM_RETRY_AFTER_S }),
      );
    },
    prepare: () =>
      new Promise((resolve, reject) =>
        streams.hub.prepare(guildId, (error) => (error ? reject(error) : resolve())),
      ),
    start: (response, slot) => {
      const since = performance.now();
      const open = streams.hub.add(
        response,
        key.id,
        guildId,
        typeof lastEventId === 'string' ? lastEventId : undefined,
        (reason) => {
          slot.release();
          streams.logger.info(
            {
              reqId,
              key: key.id,
              reason,
              s: Math.round((performance.now() - since) / 100) / 10,
            },
            'event stream ended',
          );
        },
      );
      response.once('close', () => open.end('client'));
    },
  });
  // The handler is not async (Fastify waits for the reply to be sent or hijacked), so a failure
  // is answered here: as any other error while nothing has gone out, logged once the stream has.
  opened.catch((error: unknown) => {
    if (!reply.sent) reply.send(error);
    else streams.logger.error({ err: error, reqId }, 'event stream failed to start');
  });
}
