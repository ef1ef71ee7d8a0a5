import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorPage, type ErrorPages, errorBody } from '../answers/errors.js';

/**
 * The error pages mounted route modules own (the public pages' HTML), looked up by path wherever
 * this server answers an error: the error handler, the not-found handler, the 405s, and the
 * URLs Fastify cannot even decode (which reach no route, so only the path tells whose they are).
 */
export class PathErrorPages implements ErrorPages {
  private readonly owned: { prefix: string; page: (status: number) => ErrorPage }[] = [];

  own(prefix: string, page: (status: number) => ErrorPage): void {
    this.owned.push({ prefix, page });
  }

  /** The page for an error on `url`, when a module owns its path. */
  pageFor(url: string, status: number): ErrorPage | undefined {
    const path = url.split('?')[0] ?? '';
    const owner = this.owned.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
    return owner?.page(status);
  }
}

/** Answers `status` with the page owning the request's path, or with the JSON error body. */
export function sendError(
  pages: PathErrorPages,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): FastifyReply {
  reply.code(status).headers(headers);
  const page = pages.pageFor(request.url, status);
  if (!page) return reply.send(errorBody(status, message));
  return reply.headers(page.headers).header('content-type', page.type).send(page.body);
}
