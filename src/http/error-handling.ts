import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, MESSAGES } from './errors.js';

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
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        return reply.code(error.status).send(errorBody(error.status, error.message));
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
      request.log.error(
        { err: { type: error.name, code: error.code, message: error.message } },
        'request failed',
      );
      return reply.code(500).send(errorBody(500, MESSAGES.internal));
    },
  );

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send(errorBody(404, MESSAGES.notFound)),
  );
}

const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/** Answers 405 with `Allow` for the methods a read-only path does not take (Fastify says 404). */
export function refuseOtherMethods(app: FastifyInstance, paths: readonly string[]): void {
  for (const url of paths) {
    app.route({
      method: [...OTHER_METHODS],
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
