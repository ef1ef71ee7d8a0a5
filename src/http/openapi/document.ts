import { MESSAGES } from '../../answers/errors.js';
import { AREA_NAMES, AREAS, EVENTS_TAG } from '../areas.js';
import {
  type AnyEndpoint,
  type EventStreamDoc,
  type Parameter,
  type PictureDoc,
  parametersOf,
  type ResponseDoc,
} from '../endpoint.js';
import { type JsonSchema, SCHEMAS, type SchemaName, schemaRef } from './schemas.js';

/*
 * The OpenAPI 3.1 document, built from the endpoint declarations and the schemas of the records:
 * nothing in it is written twice, and nothing is keyed on a URL.
 */

const SECURITY_SCHEME = 'apiKey';

const DESCRIPTION = `Read-only guild data of a Harry-Potter-style Discord role-play community.

Every request needs an API key in the \`Authorization\` header, as \`<key>\` or \`Bearer <key>\`
(use **Authorize** above to try the calls here). Every answer is JSON whose \`status\` field
equals the HTTP status code; errors are \`{"error": "…", "status": …}\`. Lists page only when
asked: \`?limit=N\`, then \`?after=<next>\`. Data answers carry an \`ETag\`: send it back in
\`If-None-Match\` and an unchanged answer is \`304\` with no body. \`HEAD\` works wherever \`GET\`
does; any other method on a known path answers \`405\` with \`Allow: GET, HEAD\`; an unknown path
answers \`404 {"error":"Not found","status":404}\`.

**Live updates**: \`GET /v1/events/{guildId}\` is a server-sent event stream (\`text/event-stream\`)
of the guild's points, premium, players and jobs. A browser's \`EventSource\` cannot send the
\`Authorization\` header, so read it with \`fetch\` (keys are never accepted in the URL: URLs end
up in logs, proxies and browser history):

\`\`\`js
const response = await fetch(\`\${base}/v1/events/\${guildId}\`, { headers: { Authorization: key } });
const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
let buffer = '';
for (;;) {
  const { value, done } = await reader.read();
  if (done) break; // ended (shutdown, revoked key): reconnect with Last-Event-ID
  buffer += value;
  let end;
  while ((end = buffer.indexOf('\\n\\n')) >= 0) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const field = (name) => block.match(new RegExp(\`^\${name}: (.*)$\`, 'm'))?.[1];
    if (field('event')) show(field('event'), JSON.parse(field('data')), field('id'));
  }
}
\`\`\``;

const header = (description: string, type: 'string' | 'integer' = 'string') => ({
  description,
  schema: { type },
});

const HEADERS = {
  ETag: header(
    'Strong validator of this answer: send it in `If-None-Match` to get 304 while it holds',
  ),
  CacheControl: header("`private, max-age=N` (N from the server's CACHE_MAX_AGE)"),
  RateLimitLimit: header(
    'Requests allowed per minute for this key (only for a limited key)',
    'integer',
  ),
  RateLimitRemaining: header(
    'Requests left in the current minute (only for a limited key)',
    'integer',
  ),
  RateLimitReset: header('Seconds until the minute restarts (only for a limited key)', 'integer'),
  RetryAfter: header('Seconds to wait before retrying', 'integer'),
  WWWAuthenticate: header('`Bearer realm="housecup"`: how to authenticate'),
  Allow: header('The methods the path takes: `GET, HEAD`'),
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });
const rateLimitHeaders = {
  'X-RateLimit-Limit': headerRef('RateLimitLimit'),
  'X-RateLimit-Remaining': headerRef('RateLimitRemaining'),
  'X-RateLimit-Reset': headerRef('RateLimitReset'),
};

function json(schema: SchemaName, examples: Record<string, { summary: string; value: unknown }>) {
  return { 'application/json': { schema: schemaRef(schema), examples } };
}

function errorExamples(status: number, messages: readonly string[]) {
  return Object.fromEntries(
    messages.map((message, index) => [
      `e${index + 1}`,
      { summary: message, value: { error: message, status } },
    ]),
  );
}

/** Shared answers, referenced by every operation that can give them. */
const RESPONSES = {
  NotModified: {
    description: 'The answer has not changed since the ETag sent in `If-None-Match`: no body',
    headers: { ETag: headerRef('ETag'), 'Cache-Control': headerRef('CacheControl') },
  },
  Unauthorized: {
    description: 'No API key, or one that is unknown or revoked',
    headers: { 'WWW-Authenticate': headerRef('WWWAuthenticate') },
    content: json(
      'UnauthorizedError',
      errorExamples(401, [MESSAGES.missingKey, MESSAGES.invalidKey]),
    ),
  },
  TooManyRequests: {
    description:
      'Too many requests: the key spent its budget for this minute (on chart.png: its renders for this minute, or every render slot of the node is taken), or this address sent too many failed requests (missing or wrong key, unknown path). Retry after `Retry-After` seconds.',
    headers: { 'Retry-After': headerRef('RetryAfter'), ...rateLimitHeaders },
    content: json('TooManyRequestsError', errorExamples(429, [MESSAGES.tooManyRequests])),
  },
  InternalServerError: {
    description: 'An unexpected failure; nothing about it is disclosed',
    content: json('InternalServerError', errorExamples(500, [MESSAGES.internal])),
  },
  MethodNotAllowed: {
    description:
      'Any method but GET and HEAD on a known path (not listed per path: OpenAPI describes the methods a path takes)',
    headers: { Allow: headerRef('Allow') },
    content: json('MethodNotAllowedError', errorExamples(405, [MESSAGES.methodNotAllowed])),
  },
};

function documented(response: ResponseDoc, status: number, head: boolean) {
  const exampleOf = ({ url, body, varies }: ResponseDoc['example']) => ({
    summary: `GET ${url}`,
    value: body,
    ...(varies
      ? {
          description: `Every ${varies.map((name) => `\`${name}\``).join(', ')} is when the demo data was loaded: yours differ.`,
          'x-varies': [...varies],
        }
      : {}),
  });
  const examples = {
    demo: exampleOf(response.example),
    ...Object.fromEntries(
      Object.entries(response.moreExamples ?? {}).map(([name, more]) => [name, exampleOf(more)]),
    ),
  };
  return {
    description: response.description,
    ...(status === 200
      ? {
          headers: {
            ETag: headerRef('ETag'),
            'Cache-Control': headerRef('CacheControl'),
            ...rateLimitHeaders,
          },
        }
      : {}),
    ...(head ? {} : { content: json(response.schema, examples) }),
  };
}

/** The 200 of the event stream: text, not JSON, and neither ETag nor 304. */
function streamed(response: EventStreamDoc, head: boolean) {
  return {
    description: response.description,
    headers: { 'Cache-Control': header('`no-cache`'), ...rateLimitHeaders },
    ...(head
      ? {}
      : {
          content: {
            [response.mediaType]: { schema: { type: 'string' }, example: response.example },
          },
        }),
  };
}

/** The 200 of a picture: PNG bytes, with ETag and Cache-Control as the JSON answers. */
function pictured(response: PictureDoc, head: boolean) {
  return {
    description: response.description,
    headers: {
      ETag: headerRef('ETag'),
      'Cache-Control': headerRef('CacheControl'),
      ...rateLimitHeaders,
    },
    ...(head
      ? {}
      : {
          content: {
            [response.mediaType]: {
              schema: { type: 'string', contentMediaType: response.mediaType },
            },
          },
        }),
  };
}

/** Without a body: what HEAD answers where GET answers `response`. */
function bodiless(response: { description: string; headers?: object }) {
  return {
    description: response.description,
    ...(response.headers ? { headers: response.headers } : {}),
  };
}

/** Every answer the operation can give, by status: GET's, or HEAD's without the bodies. */
function responsesOf(endpoint: AnyEndpoint, parameters: readonly Parameter[], head: boolean) {
  const invalid = [
    ...new Set([...parameters.map((parameter) => parameter.invalid), ...(endpoint.refusals ?? [])]),
  ];
  const { ok } = endpoint;
  const responses: Record<string, unknown> = !('mediaType' in ok)
    ? { 200: documented(ok, 200, head), 304: responseRef('NotModified') }
    : ok.mediaType === 'image/png'
      ? { 200: pictured(ok, head), 304: responseRef('NotModified') }
      : { 200: streamed(ok, head) };
  if (invalid.length > 0) {
    const names = parameters.map((parameter) => `\`${parameter.name}\``).join(', ');
    const bad = {
      description: endpoint.refusals
        ? `A malformed ${names}, or parameters that do not go together`
        : `A malformed ${names}`,
      content: json('BadRequestError', errorExamples(400, invalid)),
    };
    responses[400] = head ? bodiless(bad) : bad;
  }
  responses[401] = head ? bodiless(RESPONSES.Unauthorized) : responseRef('Unauthorized');
  if (endpoint.guildScoped) {
    const forbidden = {
      description: 'The API key is limited to other guilds',
      content: json('ForbiddenError', errorExamples(403, [MESSAGES.forbiddenGuild])),
    };
    responses[403] = head ? bodiless(forbidden) : forbidden;
  }
  if (endpoint.notFound) responses[404] = documented(endpoint.notFound, 404, head);
  responses[429] = head ? bodiless(RESPONSES.TooManyRequests) : responseRef('TooManyRequests');
  responses[500] = head
    ? bodiless(RESPONSES.InternalServerError)
    : responseRef('InternalServerError');
  return responses;
}

/** The operation's path and query parameters, the headers it reads, and If-None-Match. */
function parametersDoc(endpoint: AnyEndpoint, parameters: readonly Parameter[]) {
  const { ok } = endpoint;
  // Every answer but the event stream has an ETag, and 304 for a client that holds it.
  const cached = !('mediaType' in ok) || ok.mediaType === 'image/png';
  return [
    ...parameters.map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
      description: parameter.description,
      schema: parameter.schema,
      example: parameter.example,
    })),
    ...(endpoint.headers ?? []).map((header) => ({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: { type: 'string' },
      example: header.example,
    })),
    ...(cached ? [{ $ref: '#/components/parameters/IfNoneMatch' }] : []),
  ];
}

function operation(endpoint: AnyEndpoint, head: boolean) {
  const parameters = parametersOf(endpoint);
  return {
    operationId: head ? `${endpoint.operationId}Head` : endpoint.operationId,
    summary: head ? `${endpoint.summary} (headers only)` : endpoint.summary,
    description: head ? `As \`GET ${endpoint.path}\`, without a body.` : endpoint.description,
    tags: [endpoint.area],
    security: [{ [SECURITY_SCHEME]: [] }],
    parameters: parametersDoc(endpoint, parameters),
    responses: responsesOf(endpoint, parameters, head),
  };
}

/** `/v1/players/:guildId` → `/v1/players/{guildId}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

export function openApiDocument(endpoints: readonly AnyEndpoint[], version: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'housecup API',
      version,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'The server this document is served from' }],
    tags: [
      ...AREA_NAMES.map((name) => ({ name, description: AREAS[name].description })),
      EVENTS_TAG,
    ],
    paths: Object.fromEntries(
      endpoints.map((endpoint) => [
        openApiPath(endpoint.path),
        { get: operation(endpoint, false), head: operation(endpoint, true) },
      ]),
    ),
    components: {
      schemas: SCHEMAS as Record<SchemaName, JsonSchema>,
      responses: RESPONSES,
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'The ETag of an answer you hold: if it still holds, the answer is 304',
          schema: { type: 'string' },
        },
      },
      headers: HEADERS,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'An API key from `housecup keys create`, as `<key>` or `Bearer <key>`',
        },
      },
    },
  };
}
