import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../answers/errors.js';
import { type PathErrorPages, sendError } from './error-pages.js';

interface KnownPath {
  pattern: RegExp;
  methods: string[];
}

/** find-my-way's path syntax (`:name` a segment, `*` the rest) as a RegExp; a trailing slash is ignored. */
function compile(url: string): RegExp {
  const source = url
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * Answers 405 with `Allow` for any method a known path does not take — TRACE, PROPFIND, LOCK or
 * any other that Node's parser accepts — where Fastify would answer 404. The known paths and their
 * methods are collected from the routes as they are added (call this before adding any), so no
 * path is listed here. Answered in onRequest, before any body is read, whatever the client sends.
 * OPTIONS routes (the CORS preflight's `*`) name no resource, so they make nothing known.
 */
export function answerOtherMethods(app: FastifyInstance, pages: PathErrorPages): void {
  const known: KnownPath[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((method) => method !== 'OPTIONS');
    if (methods.length === 0) return;
    const existing = known.find((path) => path.pattern.source === compile(route.url).source);
    const entry = existing ?? { pattern: compile(route.url), methods: [] };
    if (!existing) known.push(entry);
    for (const method of methods) if (!entry.methods.includes(method)) entry.methods.push(method);
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) {
      done();
      return;
    }
    const path = request.url.split('?')[0] ?? '';
    const match = known.find((entry) => entry.pattern.test(path));
    if (!match) {
      done();
      return;
    }
    sendError(pages, request, reply, 405, MESSAGES.methodNotAllowed, {
      allow: match.methods.join(', '),
    });
  });
}
