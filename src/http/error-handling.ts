import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, CLIENT_ERRORS, MESSAGES } from '../answers/errors.js';
import { failureFrom } from '../answers/failures.js';
import type { FailureGuard } from '../budgets/failure-guard.js';
import type { AnyEndpoint } from './endpoint.js';
import { type PathErrorPages, sendError } from './error-pages.js';
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
 * Every error leaves as the contract's JSON error body with a matching status code (or, on a
 * path a mounted module owns, as its page). Only messages written for clients go out; anything
 * unexpected is logged and answered with a generic 500, so no stack trace, SQL or key ever
 * reaches a response.
 */
export function installErrorHandling(
  app: FastifyInstance,
  guard: FailureGuard,
  pages: PathErrorPages,
): void {
  app.setErrorHandler(
    (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        return sendError(pages, request, reply, error.status, error.message, error.headers);
      }
      if (error.validation) {
        return sendError(pages, request, reply, 400, validationMessage(error, request));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (a malformed URL, an unparsable body, ...).
        const message = CLIENT_ERRORS[status] ?? MESSAGES.badRequest;
        return sendError(pages, request, reply, status, message);
      }
      // The logger's `err` serializer keeps the kind, code and message: never the stack.
      request.log.error({ err: error }, 'request failed');
      return sendError(pages, request, reply, 500, MESSAGES.internal);
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
 * the broken parameter's own 400 text when the path shows which, or the page of the module that
 * owns the path. This runs before routing and so before authentication: there is no route to
 * authenticate for. It counts against the address's failures as an unknown path does, and, since
 * Fastify runs no hook for such a request, `answered` writes what the hooks would (its access
 * line, its count).
 */
export function answerFrameworkError(
  endpoints: readonly AnyEndpoint[],
  pages: PathErrorPages,
  guard: FailureGuard,
  answered: (request: FastifyRequest, reply: FastifyReply) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 400;
    const message =
      error.code === 'FST_ERR_BAD_URL'
        ? (malformedParameter(endpoints, request.url)?.invalid ?? MESSAGES.badRequest)
        : MESSAGES.badRequest;
    failureFrom(guard, request.ip, status, message, (refusal) => {
      sendError(pages, request, reply, refusal.status, refusal.message, refusal.headers);
      answered(request, reply);
    });
  };
}
