import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError, MESSAGES } from '../answers/errors.js';
import { failureFrom } from '../answers/failures.js';
import type { FailureGuard } from '../budgets/failure-guard.js';
import type { ApiKeyIdentity, KeyVerifier } from '../keys/key-verifier.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request (set by the auth hook of the /v1 routes). */
    apiKey: ApiKeyIdentity | null;
  }
}

/** The key from `Authorization: <key>` or `Authorization: Bearer <key>`. */
function keyFromHeader(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  const match = /^bearer(?:\s+(.*))?$/i.exec(value);
  const key = (match ? (match[1] ?? '') : value).trim();
  return key ? key : undefined;
}

/** RFC 9110 asks every 401 to say how to authenticate. */
const CHALLENGE = { 'www-authenticate': 'Bearer realm="housecup"' };

/*
 * Both hooks run on every request, so they take Fastify's callback form: an async hook costs a
 * promise per request, which shows at tens of thousands of requests a second.
 */

/** onRequest hook: every /v1 data route is authenticated before anything else happens. */
export function authenticate(verifier: KeyVerifier, guard: FailureGuard) {
  return function authenticateRequest(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const key = keyFromHeader(request.headers.authorization);
    const identity = key === undefined ? null : verifier.verify(key, request.raw.socket);
    if (identity) {
      request.apiKey = identity;
      done();
    } else {
      const message = key === undefined ? MESSAGES.missingKey : MESSAGES.invalidKey;
      failureFrom(guard, request.ip, 401, message, done, CHALLENGE);
    }
  };
}

/** preHandler hook of the per-guild routes: a scoped key reads only its own guilds. */
export function requireGuildAccess(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const guilds = request.apiKey?.guilds;
  const { guildId } = request.params as { guildId?: string };
  const allowed = !guilds || (guildId !== undefined && guilds.has(guildId));
  done(allowed ? undefined : new ApiError(403, MESSAGES.forbiddenGuild));
}
