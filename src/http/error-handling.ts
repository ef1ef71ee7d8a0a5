import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FailureGuard } from '../budgets/failure-guard.js';
import { ApiError, errorBody, MESSAGES } from './errors.js';

/**
 * Hands `then` the error for a failed request, or a 429 once its address has failed too often
 * (at once with budgets in memory, when Redis answers with shared ones).
 */
export function failureFrom(
  guard: FailureGuard,
  address: string,
  status: number,
  message: string,
  then: (error: ApiError) => void,
): void {
  guard.fail(address, (wait) => {
    then(
      wait === 0
        ? new ApiError(status, message)
        : new ApiError(429, MESSAGES.tooManyRequests, { 'retry-after': String(wait) }),
    );
  });
}

const CLIENT_ERRORS: Record<number, string> = {
  404: MESSAGES.notFound,
  405: MESSAGES.methodNotAllowed,
  413: 'Request body too large',
  415: 'Unsupported media type',
  429: MESSAGES.tooManyRequests,
};

/** The 400 message for a request that failed schema validation, naming what was wrong. */
function validationMessage(error: FastifyError): string {
  const issue = error.validation?.[0];
  const field =
    issue?.instancePath.replace(/^\//, '') || String(issue?.params?.missingProperty ?? '');
  if (error.validationContext === 'params') {
    return field === 'userId' ? MESSAGES.invalidUserId : MESSAGES.invalidGuildId;
  }
  if (error.validationContext === 'querystring') {
    if (field === 'limit') return MESSAGES.invalidLimit;
    if (field === 'after') return MESSAGES.invalidAfter;
  }
  return MESSAGES.badRequest;
}

/**
 * Every error leaves as the contract's JSON error body with a matching status code. Only
 * messages written for clients go out; anything unexpected is logged and answered with a
 * generic 500, so no stack trace, SQL or key ever reaches a response.
 */
export function installErrorHandling(app: FastifyInstance, guard: FailureGuard): void {
  app.setErrorHandler(
    (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        return reply
          .code(error.status)
          .headers(error.headers)
          .send(errorBody(error.status, error.message));
      }
      if (error.validation) {
        return reply.code(400).send(errorBody(400, validationMessage(error)));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (a malformed URL, an unparsable body, ...).
        return reply
          .code(status)
          .send(errorBody(status, CLIENT_ERRORS[status] ?? MESSAGES.badRequest));
      }
      // The logger's `err` serializer keeps the kind, code and message: never the stack.
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody(500, MESSAGES.internal));
    },
  );

  // A flood of unknown paths from one address is refused like a flood of bad keys. (Not async:
  // the answer is sent when the guard has counted, through the error handler above.)
  app.setNotFoundHandler((request, reply) => {
    failureFrom(guard, request.ip, 404, MESSAGES.notFound, (error) => reply.send(error));
  });
}

/**
 * The message for a URL Fastify cannot decode (`%zz`): the id it broke, when the path shows which.
 * This runs before routing and so before authentication: there is no route to authenticate for.
 */
function malformedUrlMessage(url: string): string {
  const segments = (url.split('?')[0] ?? '').split('/');
  const broken = segments.findIndex((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
  if (segments[1] === 'v1' && broken === 3) return MESSAGES.invalidGuildId;
  if (segments[1] === 'v1' && segments[2] === 'players' && broken === 4)
    return MESSAGES.invalidUserId;
  return MESSAGES.badRequest;
}

/** Errors Fastify raises before routing (an undecodable URL), in the contract's error body. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_BAD_URL' ? malformedUrlMessage(request.url) : MESSAGES.badRequest;
  return reply.code(status).send(errorBody(status, message));
}

const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT'] as const;

/** Answers 405 with `Allow` for the methods a read-only path does not take (Fastify says 404). */
export function refuseOtherMethods(
  app: FastifyInstance,
  paths: readonly string[],
  corsOn: boolean,
): void {
  const methods = corsOn ? [...OTHER_METHODS] : [...OTHER_METHODS, 'OPTIONS' as const];
  for (const url of paths) {
    app.route({
      method: methods,
      url,
      // Answered before any body is read, so whatever a client sends, the answer is 405.
      onRequest: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'GET, HEAD')
          .send(errorBody(405, MESSAGES.methodNotAllowed)),
      handler: async () => undefined,
    });
  }
}
