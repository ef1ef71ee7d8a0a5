import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, CLIENT_ERRORS, errorBody, MESSAGES } from '../answers/errors.js';
import { failureFrom } from '../answers/failures.js';
import type { FailureGuard } from '../budgets/failure-guard.js';
import type { AnyEndpoint } from './endpoint.js';
import { malformedParameter } from './serve-endpoints.js';

/** The 400 message for a request that failed validation: the declared text of its parameter. */
function validationMessage(error: FastifyError, request: FastifyRequest): string {
  const issue = error.validation?.[0];
  const field =
    issue?.instancePath.replace(/^\//, '') || String(issue?.params?.missingProperty ?? '');
  const parameter = request.routeOptions.config.parameters?.find((p) => p.name === field);
  return parameter?.invalid ?? MESSAGES.badRequest;
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
        return reply.code(400).send(errorBody(400, validationMessage(error, request)));
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
 * Errors Fastify raises before routing (an undecodable URL, `%zz`), in the contract's error body:
 * the broken parameter's own 400 text when the path shows which. This runs before routing and so
 * before authentication: there is no route to authenticate for.
 */
export function answerFrameworkError(endpoints: readonly AnyEndpoint[]) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 400;
    const message =
      error.code === 'FST_ERR_BAD_URL'
        ? (malformedParameter(endpoints, request.url)?.invalid ?? MESSAGES.badRequest)
        : MESSAGES.badRequest;
    return reply.code(status).send(errorBody(status, message));
  };
}
