import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { ApiError, MESSAGES } from '../answers/errors.js';
import { integerOfText } from '../answers/integer-text.js';
import { requireGuildAccess } from './auth.js';
import { type AnyEndpoint, type EndpointDeps, type Parameter, parametersOf } from './endpoint.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declared parameters: a malformed one is answered with its own 400 text. */
    parameters?: readonly Parameter[];
  }
}

/** The JSON Schema Fastify's Ajv compiles for one location (path or query) of a request. */
function requestSchema(parameters: readonly Parameter[]) {
  return {
    type: 'object',
    required: parameters
      .filter((parameter) => parameter.required)
      .map((parameter) => parameter.name),
    properties: Object.fromEntries(
      parameters.map((parameter) => [parameter.name, parameter.schema]),
    ),
  };
}

/** Whether a query's every escape decodes (`%zz`, or bytes that are no UTF-8, do not). */
function decodable(url: string): boolean {
  const at = url.indexOf('?');
  if (at === -1 || !url.includes('%', at)) return true;
  try {
    decodeURIComponent(url.slice(at + 1));
    return true;
  } catch {
    return false;
  }
}

/**
 * Before Ajv validates the query of a route that takes one: a query that cannot be decoded is a
 * 400 (the query parser would read its broken escapes as text), then each numeric parameter's
 * text is read by integer-text.ts's rule: a text it reads becomes that number, any other stays
 * text, which Ajv (coercing nothing: app.ts) refuses as no integer, so the parameter gets its own
 * 400, in the order Ajv checks parameters in. A route without query parameters reads no query.
 */
function readParameters(endpoint: AnyEndpoint): preValidationHookHandler | undefined {
  const numeric = parametersOf(endpoint).filter((parameter) => parameter.schema.type === 'integer');
  const query = endpoint.query.length > 0;
  if (numeric.length === 0 && !query) return undefined;
  return (request, _reply, done) => {
    if (query && !decodable(request.url)) {
      done(new ApiError(400, MESSAGES.badRequest));
      return;
    }
    for (const { name, in: location } of numeric) {
      const values = (location === 'path' ? request.params : request.query) as Record<
        string,
        unknown
      >;
      const text = values[name];
      const value = typeof text === 'string' ? integerOfText(text) : undefined;
      if (value !== undefined) values[name] = value;
    }
    done();
  };
}

/** One Fastify route per declared endpoint (Fastify adds HEAD beside every GET). */
export function serveEndpoints(
  app: FastifyInstance,
  endpoints: readonly AnyEndpoint[],
  deps: EndpointDeps,
): void {
  for (const endpoint of endpoints) {
    const preValidation = readParameters(endpoint);
    app.route({
      method: 'GET',
      url: endpoint.path,
      schema: {
        ...(endpoint.params.length > 0 ? { params: requestSchema(endpoint.params) } : {}),
        ...(endpoint.query.length > 0 ? { querystring: requestSchema(endpoint.query) } : {}),
      },
      config: { parameters: parametersOf(endpoint) },
      ...(preValidation ? { preValidation } : {}),
      ...(endpoint.guildScoped ? { preHandler: requireGuildAccess } : {}),
      handler(request, reply) {
        const input = { params: request.params, query: request.query };
        endpoint.handle(deps, input as Parameters<AnyEndpoint['handle']>[1], request, reply);
      },
    });
  }
}

/**
 * The 400 text for a URL that cannot even be decoded (`/v1/players/%zz`): the declared
 * parameter whose segment is broken, in the first endpoint whose path fits the URL.
 */
export function malformedParameter(
  endpoints: readonly AnyEndpoint[],
  url: string,
): Parameter | undefined {
  const segments = (url.split('?')[0] ?? '').replace(/\/$/, '').split('/');
  const broken = segments.findIndex((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
  for (const endpoint of endpoints) {
    const pattern = endpoint.path.split('/');
    if (pattern.length !== segments.length) continue;
    const fits = pattern.every(
      (part, index) => part.startsWith(':') || index === broken || part === segments[index],
    );
    const name = pattern[broken];
    if (fits && name?.startsWith(':')) {
      return parametersOf(endpoint).find((parameter) => parameter.name === name.slice(1));
    }
  }
  return undefined;
}
