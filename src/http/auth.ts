import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyIdentity, KeyVerifier } from '../keys/key-verifier.js';
import { failureFrom } from './error-handling.js';
import { ApiError, MESSAGES } from './errors.js';
import type { FailureGuard } from './failure-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request (set by the auth hook of the /v1 routes). */
    apiKey: ApiKeyIdentity | null;
  }
}

/** The key from `Authorization: <key>` or `Authorization: Bearer <key>`. */
export function keyFromHeader(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  const match = /^bearer(?:\s+(.*))?$/i.exec(value);
  const key = (match ? (match[1] ?? '') : value).trim();
  return key ? key : undefined;
}

/** onRequest hook: every /v1 data route is authenticated before anything else happens. */
export function authenticate(verifier: KeyVerifier, guard: FailureGuard) {
  return async function authenticateRequest(request: FastifyRequest): Promise<void> {
    const key = keyFromHeader(request.headers.authorization);
    if (key === undefined) throw failureFrom(guard, request.ip, 401, MESSAGES.missingKey);
    const identity = verifier.verify(key);
    if (!identity) throw failureFrom(guard, request.ip, 401, MESSAGES.invalidKey);
    request.apiKey = identity;
  };
}

/** preHandler hook of the per-guild routes: a scoped key reads only its own guilds. */
export async function requireGuildAccess(request: FastifyRequest, _reply: FastifyReply) {
  const guilds = request.apiKey?.guilds;
  const { guildId } = request.params as { guildId?: string };
  if (guilds && (guildId === undefined || !guilds.has(guildId))) {
    throw new ApiError(403, MESSAGES.forbiddenGuild);
  }
}
