import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, CLIENT_ERRORS, MESSAGES } from '../answers/errors.js';
import { failureOf } from '../answers/failures.js';
import type { FailureGuard } from '../budgets/failure-guard.js';
import type { OnceSet } from '../budgets/once-set.js';
import type { Answerer } from './answerer.js';
import type { InteractionsDependencies } from './options.js';
import { isPing, parseInteraction } from './payload.js';
import { createSignatureCheck, REPLAY_WINDOW_S, type SignatureCheck } from './signature.js';

/*
 * `POST /interactions`: Discord's Interactions Endpoint URL (docs/discord.md). Outside /v1: no API
 * key and no key budget, since Discord signs every request instead; but every refused request
 * (a bad or stale signature, a wrong content type, an oversized or unreadable body) counts
 * against the sender's per-address failure budget, so a flood of forgeries ends in 429s.
 */

const INTERACTIONS_PATH = '/interactions';
const INVALID_SIGNATURE = 'Invalid request signature';
const ALREADY_HANDLED = 'This interaction was already handled';
/**
 * How long a handled id is remembered: as long as its signed request is accepted (a timestamp
 * up to REPLAY_WINDOW_S old, or as far ahead), with a minute to spare for clocks.
 */
const REPLAY_WINDOW_MS = (2 * REPLAY_WINDOW_S + 60) * 1000;
/** Discord's interaction payloads are a few KiB; anything far larger is not from Discord. */
export const MAX_INTERACTION_BYTES = 64 * 1024;

const NO_BODY = Buffer.alloc(0);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Resolves once the response has gone out (or the connection is gone): edits may follow. */
function whenSent(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    reply.raw.once('finish', resolve);
    reply.raw.once('close', resolve);
  });
}

/** A body of another type than JSON: refused (415), once its signature has been checked. */
class NotJson {
  constructor(readonly bytes: Buffer) {}
}

/**
 * Keeps each body as the bytes Discord signed, never parsed before the signature is checked (of
 * any type: an unsigned request is a 401 whatever it sends), and counts Fastify's own refusals
 * here (413, an unreadable body) as failures too; the app's error handler, which this one hands
 * them to, writes the JSON error body.
 */
function takeSignedBodies(scope: FastifyInstance, guard: FailureGuard): void {
  scope.removeAllContentTypeParsers();
  const limits = { parseAs: 'buffer', bodyLimit: MAX_INTERACTION_BYTES } as const;
  scope.addContentTypeParser('application/json', limits, (_request, body, done) =>
    done(null, body),
  );
  scope.addContentTypeParser('*', limits, (_request, body: Buffer, done) =>
    done(null, new NotJson(body)),
  );
  scope.setErrorHandler(async (error: FastifyError | ApiError, request) => {
    if (error instanceof ApiError) throw error;
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    throw await failureOf(guard, request.ip, status, CLIENT_ERRORS[status] ?? MESSAGES.badRequest);
  });
}

/** The JSON a request carries, once its signature is Discord's; a counted failure otherwise. */
async function signedPayload(
  request: FastifyRequest,
  checkSignature: SignatureCheck,
  guard: FailureGuard,
): Promise<unknown> {
  const given = request.body;
  const body = given instanceof NotJson ? given.bytes : Buffer.isBuffer(given) ? given : NO_BODY;
  const timestamp = header(request, 'x-signature-timestamp');
  const signature = header(request, 'x-signature-ed25519');
  if (!checkSignature(timestamp, signature, body)) {
    throw await failureOf(guard, request.ip, 401, INVALID_SIGNATURE);
  }
  if (given instanceof NotJson) {
    throw await failureOf(guard, request.ip, 415, CLIENT_ERRORS[415] ?? MESSAGES.badRequest);
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw await failureOf(guard, request.ip, 400, MESSAGES.badRequest);
  }
}

export async function registerInteractions(
  app: FastifyInstance,
  deps: InteractionsDependencies,
  guard: FailureGuard,
  /** The interaction ids already handled, on every node with REDIS_URL. */
  handled: OnceSet,
): Promise<void> {
  const checkSignature = createSignatureCheck(deps.publicKey);
  const logger = deps.logger.child({ component: 'interactions' });
  let answerer: Promise<Answerer> | undefined;
  const loadAnswerer = () => {
    // A load that failed (a file the system could not read just then) is tried again by the
    // next interaction: kept, it would fail every interaction until a restart.
    answerer ??= import('./answerer.js')
      .then(({ createAnswerer }) => createAnswerer({ ...deps, logger }))
      .catch((error: unknown) => {
        answerer = undefined;
        throw error;
      });
    return answerer;
  };

  await app.register(async (scope) => {
    takeSignedBodies(scope, guard);
    scope.post(INTERACTIONS_PATH, { schema: { hide: true } }, async (request, reply) => {
      const payload = await signedPayload(request, checkSignature, guard);
      // Discord checks the endpoint with a PING when its URL is saved, and from time to time.
      if (isPing(payload)) return reply.send({ type: 1 });
      const interaction = parseInteraction(payload);
      if (!interaction) throw await failureOf(guard, request.ip, 400, MESSAGES.badRequest);
      // Each interaction is handled once, on whichever node: a replayed signed request (valid
      // for as long as its timestamp is) never runs the command again nor gets its answer.
      const fresh = await new Promise<boolean>((resolve) =>
        handled.claim(interaction.request.id, REPLAY_WINDOW_MS, resolve),
      );
      if (!fresh) throw await failureOf(guard, request.ip, 409, ALREADY_HANDLED);
      const first = await (await loadAnswerer()).answer(interaction, whenSent(reply));
      return reply.send(first);
    });
    // Any other method is answered 405 with `Allow: POST` by other-methods.ts, as every path is.
  });

  // Loaded once the API listens, not on the first interaction's 3 s clock (nor before listen).
  app.addHook('onListen', (done) => {
    loadAnswerer().catch((error: unknown) => {
      logger.error({ err: error }, 'the Discord commands could not be loaded for /interactions');
    });
    done();
  });
}
