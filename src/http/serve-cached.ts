import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type AnswerCache,
  type Built,
  type CachedAnswer,
  matchesEtag,
} from '../answers/answer-cache.js';
import { ApiError, MESSAGES } from '../answers/errors.js';
import type { RenderBudget, RenderOwner } from '../budgets/render-budget.js';
import { PACED_FROM_BYTES, pacedBody } from './paced-body.js';

/**
 * Sends a serialized answer. A 200 carries its ETag and Cache-Control, and a client that
 * already holds that ETag gets 304 with no body. A body of megabytes goes out paced
 * (paced-body.ts), its length announced as the whole one's.
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
    .header('content-type', answer.type ?? 'application/json; charset=utf-8');
  if (answer.body.length < PACED_FROM_BYTES || request.method === 'HEAD') {
    reply.send(answer.text ?? answer.body);
    return;
  }
  reply.header('content-length', String(answer.body.length)).send(pacedBody(answer.body));
}

/** What cached routes share: the cache, what keeps it true, and the max-age they announce. */
export interface CachedRoutes {
  cache: AnswerCache;
  /** The generation of a guild's data (ReadService.generation). */
  generation(guildId: string): string;
  /** Seconds for `Cache-Control: private, max-age=N`. */
  maxAge: number;
}

/**
 * Asked when a request is about to start a build (a miss that joins no build under way): `go()`
 * lets it build, `go(error)` answers that error instead (callback form, as the budgets answer).
 */
type Admission = (go: (refusal?: ApiError) => void) => void;

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
  cacheKey: string,
  build: () => Promise<Built>,
  admit?: Admission,
): void {
  const current = generation(guildId);
  const hit = cache.peek(cacheKey, current);
  if (hit) {
    sendAnswer(request, reply, hit, maxAge);
    return;
  }
  // Whatever fails — the build or the sending — ends in Fastify's error handling, never as an
  // unhandled rejection.
  const fill = () => {
    cache
      .get(cacheKey, () => generation(guildId), build)
      .then((answer) => sendAnswer(request, reply, answer, maxAge))
      .catch((error: unknown) => reply.send(error));
  };
  if (!admit || cache.isBuilding(cacheKey, current)) {
    fill();
    return;
  }
  admit((refusal) => (refusal ? reply.send(refusal) : fill()));
}

/** Admits a build while `owner` is within its render budget; past it, 429 with Retry-After. */
export function withinRenderBudget(budget: RenderBudget, owner: RenderOwner): Admission {
  return (go) =>
    budget.take(owner, (waitS) =>
      go(
        waitS > 0
          ? new ApiError(429, MESSAGES.tooManyRequests, { 'retry-after': String(waitS) })
          : undefined,
      ),
    );
}
