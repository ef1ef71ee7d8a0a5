import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parametersOf } from '../../src/http/endpoint.js';
import { DEMO_EXPIRED_GUILD, DEMO_GUILD, DEMO_MEMBER } from '../../src/http/endpoints/demo-ids.js';
import { ENDPOINTS } from '../../src/http/endpoints/index.js';
import { openApiPath } from '../../src/http/openapi/document.js';
import { profile } from '../../src/records/profile.js';
import { listen } from '../support/app.js';
import { openEventStream } from '../support/event-stream.js';
import { buildDemoApp, type DemoApp } from './support/demo-app.js';

/*
 * The served OpenAPI document against the real app over the demo data: every path and every
 * answer it documents is requested for real, and each body must validate against the schema
 * the document gives for that path and status. A schema that drifts from the code fails here.
 */

interface Media {
  schema: object;
  examples?: Record<string, { summary?: string; value: unknown; 'x-varies'?: string[] }>;
}
interface Response {
  $ref?: string;
  description: string;
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}
interface OperationDoc {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: { name?: string; in?: string; $ref?: string }[];
  responses: Record<string, Response>;
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    responses: Record<string, Response>;
    parameters: Record<string, { name: string; in: string }>;
    headers: Record<string, unknown>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

const G = DEMO_GUILD;
const DATA_PATHS = ENDPOINTS.map((endpoint) => endpoint.path);
const EVENTS = '/v1/events/:guildId';
const CHART = '/v1/points/:guildId/chart.png';
const RANK = '/v1/players/:guildId/:userId/rank';
/** The paths answering JSON, with ETags: all but the event stream and the picture. */
const JSON_PATHS = DATA_PATHS.filter((path) => path !== EVENTS && path !== CHART);

let demo: DemoApp;
/** The same demo, with the rate limiter on. */
let limited: DemoApp;
/** The same demo, its database closed under it. */
let broken: DemoApp;
let doc: OpenApiDoc;
let keys: { scoped: string; revoked: string };

// OpenAPI 3.1 schemas are JSON Schema 2020-12. The document's schemas are added as one schema
// whose $defs they are, so their references to one another resolve.
const ajv = new Ajv2020({ strict: true, allErrors: true });
// A CommonJS module: under NodeNext its function is the default export's `default`.
formats.default(ajv);
const validators = new Map<string, ValidateFunction>();
function validatorOf(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  const known = validators.get(key);
  if (known) return known;
  const validate = ajv.compile(JSON.parse(key.replaceAll('#/components/schemas/', 'doc#/$defs/')));
  validators.set(key, validate);
  return validate;
}

/** A response, or the shared one its `$ref` names. */
function resolved(response: Response | undefined): Response | undefined {
  if (!response?.$ref) return response;
  return doc.components.responses[response.$ref.replace('#/components/responses/', '')];
}

function documentedResponse(pattern: string, status: number, method = 'get') {
  return resolved(doc.paths[openApiPath(pattern)]?.[method]?.responses[String(status)]);
}

beforeAll(async () => {
  demo = await buildDemoApp();
  limited = await buildDemoApp({ config: { rateLimitPerMinute: 1000 } });
  broken = await buildDemoApp();
  const revoked = await demo.keyStore.create({ name: 'gone' });
  await demo.keyStore.revoke(revoked.id);
  keys = {
    // Scoped to the other demo guild, so it may not read DEMO_GUILD.
    scoped: (await demo.keyStore.create({ name: 'scoped', guilds: [DEMO_EXPIRED_GUILD] })).key,
    revoked: revoked.key,
  };
  await broken.store.close();

  const served = await demo.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('application/json; charset=utf-8');
  doc = served.json() as OpenApiDoc;
  const defs = JSON.parse(
    JSON.stringify(doc.components.schemas).replaceAll('#/components/schemas/', 'doc#/$defs/'),
  );
  ajv.addSchema({ $id: 'doc', $defs: defs });
});
afterAll(async () => {
  await demo?.close();
  await limited?.close();
  await broken?.close();
});

/** `value` with the values of the fields named `names`, at any depth, replaced by a mark. */
function masked(value: unknown, names: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => masked(item, names));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      names.includes(key) ? '(varies)' : masked(field, names),
    ]),
  );
}

/** Every (path, status) a real answer was validated for. */
const seen = new Set<string>();

async function check(
  app: DemoApp,
  pattern: string,
  url: string,
  key: string | null,
  status: number,
): Promise<unknown> {
  const headers: Record<string, string> = key === null ? {} : { authorization: key };
  const response = await app.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  const documented = documentedResponse(pattern, status);
  expect(documented, `${pattern} documents no ${status}`).toBeDefined();
  const media = documented?.content?.['application/json'];
  expect(media, `${pattern} ${status} documents no JSON body`).toBeDefined();
  const body = response.json();
  const validate = validatorOf(media?.schema ?? {});
  expect(validate(body), `${url} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  for (const name of Object.keys(documented?.headers ?? {})) {
    // Rate-limit headers come only with a limited key; every other documented header is sent.
    if (!name.startsWith('X-RateLimit')) {
      expect(response.headers[name.toLowerCase()], `${url} ${status} ${name}`).toBeDefined();
    }
  }
  seen.add(`${pattern} ${status}`);
  return body;
}

describe('the served document', () => {
  it('is OpenAPI 3.1: every declared endpoint, as GET and HEAD, behind the Authorization key', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('housecup API');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(doc.paths)).toEqual(DATA_PATHS.map(openApiPath));
    expect(Object.keys(doc.paths)).toHaveLength(15);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(Object.keys(item), path).toEqual(['get', 'head']);
      for (const operation of Object.values(item)) {
        expect(operation.security, path).toEqual([{ apiKey: [] }]);
        expect(doc.tags.map((t) => t.name)).toContain(operation.tags[0]);
        expect(operation.operationId, path).toMatch(/^[a-z][A-Za-z]+$/);
        operationIds.add(operation.operationId);
        const conditional = expect(operation.parameters);
        (path === openApiPath(EVENTS) ? conditional.not : conditional).toContainEqual({
          $ref: '#/components/parameters/IfNoneMatch',
        });
      }
    }
    expect(operationIds.size).toBe(30);
    expect(doc.paths[openApiPath(EVENTS)]?.get?.tags).toEqual(['events']);
  });

  it('names the schemas clients get as types, the records among them field for field', () => {
    const { schemas } = doc.components;
    for (const name of [
      'Profile',
      'Job',
      'HousePoints',
      'Premium',
      'PremiumActive',
      'PremiumInactive',
      'Error',
      'ProfileList',
      'JobList',
      'AreaDescription',
    ]) {
      expect(schemas[name], name).toBeDefined();
    }
    expect(schemas.Profile?.required).toEqual(Object.keys(profile.fields));
    expect(documentedResponse('/v1/players/:guildId', 200)?.content?.['application/json']).toEqual(
      expect.objectContaining({ schema: { $ref: '#/components/schemas/ProfileList' } }),
    );
    // Premium's two answers are two schemas: true with 200, false with 404.
    const premium = (status: number) =>
      documentedResponse('/v1/premium/:guildId', status)?.content?.['application/json']?.schema;
    expect(premium(200)).toEqual({ $ref: '#/components/schemas/PremiumActive' });
    expect(premium(404)).toEqual({ $ref: '#/components/schemas/PremiumInactive' });
    const active = validatorOf({ $ref: '#/components/schemas/PremiumActive' });
    expect(active({ guildId: G, premium: true, status: 200 })).toBe(true);
    expect(active({ guildId: G, premium: false, status: 200 })).toBe(false);
    const inactive = validatorOf({ $ref: '#/components/schemas/PremiumInactive' });
    expect(inactive({ guildId: G, premium: false, status: 404 })).toBe(true);
    expect(inactive({ guildId: G, premium: false, status: 200 })).toBe(false);
  });

  it('gives the items of every list a named schema, never an inline object', () => {
    const inline: string[] = [];
    const walk = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      const items = node.items as Record<string, unknown> | undefined;
      if (items && !('$ref' in items) && (items.type === 'object' || 'allOf' in items)) {
        inline.push(where);
      }
      for (const [key, value] of Object.entries(node)) walk(value, `${where}.${key}`);
    };
    walk(doc.components.schemas, 'components.schemas');
    walk(doc.paths, 'paths');
    expect(inline).toEqual([]);
    expect(
      ((doc.components.schemas.ProfileList?.properties ?? {}) as Record<string, unknown>).results,
    ).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/ListedProfile' },
    });
  });

  it('fixes the status of every error answer to its code', () => {
    let count = 0;
    for (const item of Object.values(doc.paths)) {
      for (const [status, response] of Object.entries(item.get?.responses ?? {})) {
        const code = Number(status);
        const schema = resolved(response)?.content?.['application/json']?.schema;
        if (code < 400 || !schema || status === '404') continue;
        const validate = validatorOf(schema);
        expect(validate({ error: 'x', status: code }), `${status}`).toBe(true);
        expect(validate({ error: 'x', status: code === 400 ? 401 : 400 }), `${status}`).toBe(false);
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(30);
  });

  it("lists, in each endpoint's 400, only the texts of its own parameters and refusals", () => {
    for (const endpoint of ENDPOINTS) {
      const examples = documentedResponse(endpoint.path, 400)?.content?.['application/json']
        ?.examples;
      const texts = Object.values(examples ?? {}).map(
        (example) => (example.value as { error: string }).error,
      );
      expect(texts, endpoint.path).toEqual([
        ...new Set([...parametersOf(endpoint).map((p) => p.invalid), ...(endpoint.refusals ?? [])]),
      ]);
    }
    expect(
      Object.values(
        documentedResponse('/v1/points/:guildId', 400)?.content?.['application/json']?.examples ??
          {},
      ).map((example) => (example.value as { error: string }).error),
    ).toEqual(['Invalid guild id']);
  });

  it('documents 304 with ETag, 401 with its challenge, 429 with Retry-After, and 405 with Allow', () => {
    const ok = documentedResponse('/v1/points/:guildId', 200);
    expect(Object.keys(ok?.headers ?? {})).toEqual(
      expect.arrayContaining(['ETag', 'Cache-Control', 'X-RateLimit-Limit']),
    );
    expect(Object.keys(documentedResponse('/v1/points/:guildId', 304)?.headers ?? {})).toContain(
      'ETag',
    );
    expect(doc.components.parameters.IfNoneMatch).toMatchObject({
      name: 'If-None-Match',
      in: 'header',
    });
    expect(Object.keys(documentedResponse('/v1/points/:guildId', 401)?.headers ?? {})).toEqual([
      'WWW-Authenticate',
    ]);
    expect(Object.keys(documentedResponse('/v1/points/:guildId', 429)?.headers ?? {})).toContain(
      'Retry-After',
    );
    expect(documentedResponse('/v1/points/:guildId', 429)?.description).toMatch(/address/);
    expect(Object.keys(doc.components.responses.MethodNotAllowed?.headers ?? {})).toEqual([
      'Allow',
    ]);
  });

  it('passes redocly lint (recommended rules) without an error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: '/openapi.json',
      config,
    });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });

  it('is served without a key, outside the rate limit, and the docs page reads the same', async () => {
    const again = await limited.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-ratelimit-limit']).toBeUndefined();
    const forDocs = await demo.app.inject({ method: 'GET', url: '/docs/json' });
    expect(forDocs.json()).toEqual(doc);
  });

  it('every example validates against its schema and is the live answer of its URL', async () => {
    let count = 0;
    for (const item of Object.values(doc.paths)) {
      for (const response of Object.values(item.get?.responses ?? {})) {
        const media = resolved(response)?.content?.['application/json'];
        for (const example of Object.values(media?.examples ?? {})) {
          const validate = validatorOf(media?.schema ?? {});
          expect(validate(example.value), ajv.errorsText(validate.errors)).toBe(true);
          count += 1;
          const url = /^GET (\S+)$/.exec(example.summary ?? '')?.[1];
          if (!url) continue;
          const live = await demo.app.inject({ url, headers: { authorization: demo.key } });
          // What the example says varies (when the demo data was loaded) is compared by presence.
          const varies = example['x-varies'] ?? [];
          expect(masked(live.json(), varies), url).toEqual(masked(example.value, varies));
        }
      }
    }
    expect(count).toBeGreaterThan(40);
  });
});

const HISTORY = '/v1/points/:guildId/history';
const TERMS = '/v1/points/:guildId/terms';
const LOG = '/v1/points/:guildId/log';

/**
 * A request, then the same with the first answer's ETag: the second's status. A history asked no
 * `to` ends at the next whole second, so a pair that straddles one is two answers: that 200 must
 * carry the later end, and the pair is asked again.
 */
async function revalidated(pattern: string, url: string): Promise<number> {
  for (let tries = 0; ; tries++) {
    const first = await demo.app.inject({ url, headers: { authorization: demo.key } });
    const again = await demo.app.inject({
      url,
      headers: { authorization: demo.key, 'if-none-match': String(first.headers.etag) },
    });
    if (again.statusCode !== 200 || pattern !== HISTORY || tries === 4) return again.statusCode;
    expect(Date.parse(again.json().to), url).toBeGreaterThan(Date.parse(first.json().to));
  }
}

describe('the parameters’ examples', () => {
  it('are answered together on their endpoint, as "Try it out" sends them, over the demo data', async () => {
    type Param = { name: string; in: string; example?: unknown };
    const resolve = (param: OperationDoc['parameters'][number]) =>
      (param.$ref
        ? doc.components.parameters[param.$ref.replace('#/components/parameters/', '')]
        : param) as Param;
    let count = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path.includes('events') || !item.get) continue;
      const params = item.get.parameters.map(resolve);
      let url = path;
      for (const param of params.filter((p) => p.in === 'path')) {
        url = url.replace(`{${param.name}}`, encodeURIComponent(String(param.example)));
      }
      const query = params
        .filter((p) => p.in === 'query' && p.example !== undefined)
        .map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`);
      count += query.length;
      const sent = query.length > 0 ? `${url}?${query.join('&')}` : url;
      const response = await demo.app.inject({ url: sent, headers: { authorization: demo.key } });
      // Swagger UI fills every example in at once: the answer is the endpoint's, not a 400.
      expect(response.statusCode, `${sent}: ${response.body.slice(0, 200)}`).toBe(200);
      // A cursor of the list the other examples name: a page after it, not the list's start.
      if (query.some((each) => each.startsWith('after='))) {
        const { results } = response.json() as { results: unknown[] };
        expect(results.length, sent).toBeGreaterThan(0);
      }
    }
    expect(count).toBeGreaterThan(20);
  });

  it('304 and HEAD: an unchanged answer, and headers without a body', async () => {
    for (const pattern of JSON_PATHS) {
      const url = pattern.replace(':guildId', G).replace(':userId', DEMO_MEMBER);
      expect(await revalidated(pattern, url), url).toBe(304);
      expect(documentedResponse(pattern, 304), pattern).toBeDefined();
      const head = await demo.app.inject({
        method: 'HEAD',
        url,
        headers: { authorization: demo.key },
      });
      expect(head.statusCode, url).toBe(200);
      expect(head.body).toBe('');
      expect(doc.paths[openApiPath(pattern)]?.head?.responses['200'], pattern).toBeDefined();
      seen.add(`${pattern} 304`);
    }
  });

  it('404: each data endpoint, premium included', async () => {
    const nobody = '999999999999999999';
    await check(demo, '/v1/players/:guildId', `/v1/players/${nobody}`, demo.key, 404);
    await check(demo, '/v1/players/:guildId/:userId', `/v1/players/${G}/${nobody}`, demo.key, 404);
    await check(demo, RANK, `/v1/players/${G}/${nobody}/rank`, demo.key, 404);
    await check(demo, '/v1/points/:guildId', `/v1/points/${nobody}`, demo.key, 404);
    await check(demo, HISTORY, `/v1/points/${nobody}/history`, demo.key, 404);
    await check(demo, CHART, `/v1/points/${nobody}/chart.png`, demo.key, 404);
    await check(demo, '/v1/jobs/:guildId', `/v1/jobs/${nobody}`, demo.key, 404);
    await check(demo, '/v1/premium/:guildId', `/v1/premium/${DEMO_EXPIRED_GUILD}`, demo.key, 404);
  });

  it('400: a malformed id, limit or after', async () => {
    await check(demo, '/v1/players/:guildId', '/v1/players/bad.id', demo.key, 400);
    await check(demo, '/v1/players/:guildId', `/v1/players/${G}?limit=0`, demo.key, 400);
    await check(demo, '/v1/players/:guildId', `/v1/players/${G}?after=nope`, demo.key, 400);
    await check(demo, '/v1/players/:guildId/:userId', `/v1/players/${G}/bad.id`, demo.key, 400);
    await check(demo, RANK, `/v1/players/${G}/${DEMO_MEMBER}/rank?sort=change`, demo.key, 400);
    await check(
      demo,
      '/v1/players/:guildId',
      `/v1/players/${G}?period=term&sort=name`,
      demo.key,
      400,
    );
    await check(demo, '/v1/points/:guildId', '/v1/points/bad.id', demo.key, 400);
    await check(demo, HISTORY, '/v1/points/bad.id/history', demo.key, 400);
    await check(demo, HISTORY, `/v1/points/${G}/history?step=month`, demo.key, 400);
    await check(
      demo,
      HISTORY,
      `/v1/points/${G}/history?term=1&to=2026-11-01T00:00:00Z`,
      demo.key,
      400,
    );
    await check(demo, TERMS, `/v1/points/${G}/terms?limit=0`, demo.key, 400);
    await check(demo, LOG, `/v1/points/${G}/log?source=magic`, demo.key, 400);
    await check(demo, CHART, `/v1/points/${G}/chart.png?width=10`, demo.key, 400);
    await check(demo, '/v1/jobs/:guildId', `/v1/jobs/${G}?limit=5000`, demo.key, 400);
    await check(demo, '/v1/premium/:guildId', '/v1/premium/bad.id', demo.key, 400);
    await check(demo, EVENTS, '/v1/events/bad.id', demo.key, 400);
  });

  it('401 and 403: no key, a wrong or revoked key, a key for other guilds', async () => {
    for (const pattern of DATA_PATHS) {
      const url = pattern.replace(':guildId', G).replace(':userId', DEMO_MEMBER);
      await check(demo, pattern, url, null, 401);
      await check(demo, pattern, url, 'hc_not-a-key', 401);
      await check(demo, pattern, url, keys.revoked, 401);
      if (pattern.includes(':guildId')) await check(demo, pattern, url, keys.scoped, 403);
    }
  });

  it('429: a key over its own limit, with Retry-After', async () => {
    for (const pattern of JSON_PATHS) {
      const url = pattern.replace(':guildId', G).replace(':userId', DEMO_MEMBER);
      // The limit counts a key's requests across paths: one fresh key per path.
      const { key } = await limited.keyStore.create({ name: 'one a minute', rateLimit: 1 });
      await check(limited, pattern, url, key, 200);
      await check(limited, pattern, url, key, 429);
    }
  });

  it('the picture: 200 image/png as documented, 304 to its ETag, then 429 past the limit', async () => {
    const documented = documentedResponse(CHART, 200);
    expect(Object.keys(documented?.content ?? {})).toEqual(['image/png']);
    const { key } = await limited.keyStore.create({ name: 'one a minute', rateLimit: 1 });
    const url = `/v1/points/${G}/chart.png?width=400&height=200`;
    const first = await limited.app.inject({ url, headers: { authorization: key } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const again = await demo.app.inject({
      url,
      headers: { authorization: demo.key, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await check(limited, CHART, url, key, 429);
    seen.add(`${CHART} 200`);
    seen.add(`${CHART} 304`);
  });

  it('the event stream: 200 text/event-stream with the documented example, then 429 past the limit', async () => {
    const { url } = await listen(limited.app);
    const { key } = await limited.keyStore.create({ name: 'one a minute', rateLimit: 1 });
    const documented = doc.paths[openApiPath(EVENTS)]?.get?.responses['200'] as unknown as {
      content: Record<string, { example: string }>;
    };
    const example = documented.content['text/event-stream']?.example ?? '';
    const stream = await openEventStream(`${url}/v1/events/${G}`, { authorization: key });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    // The example is what the demo data really sends first (its ids included).
    const events = await stream.waitForEvents(4);
    const text = events.map((e) => `id: ${e.id}\nevent: ${e.event}\ndata: ${e.data}\n\n`);
    expect(example.startsWith(text.join(''))).toBe(true);
    stream.close();
    seen.add(`${EVENTS} 200`);
    const over = await openEventStream(`${url}/v1/events/${G}`, { authorization: key });
    expect(over.status).toBe(429);
    const schema = documentedResponse(EVENTS, 429)?.content?.['application/json']?.schema ?? {};
    expect(validatorOf(schema)(JSON.parse(over.body))).toBe(true);
    seen.add(`${EVENTS} 429`);
  });

  it('500: the database gone, with nothing about it in the body', async () => {
    for (const pattern of DATA_PATHS) {
      const url = pattern.replace(':guildId', G).replace(':userId', DEMO_MEMBER);
      const body = await check(broken, pattern, url, broken.key, 500);
      expect(body).toEqual({ error: 'Internal server error', status: 500 });
    }
  });

  it('405 and an unknown path answer the documented error shapes', async () => {
    const notAllowed = validatorOf(
      doc.components.responses.MethodNotAllowed?.content?.['application/json']?.schema ?? {},
    );
    for (const [method, url] of [
      ['POST', `/v1/points/${G}`],
      ['DELETE', '/v1/players'],
      ['TRACE', '/v1/jobs'],
      ['PROPFIND', '/v1/openapi.json'],
    ] as const) {
      const response = await demo.app.inject({ method, url, headers: { authorization: demo.key } });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(notAllowed(response.json()), ajv.errorsText(notAllowed.errors)).toBe(true);
    }
    const unknown = await demo.app.inject({ url: '/v1/nothing-here' });
    expect(unknown.json()).toEqual({ error: 'Not found', status: 404 });
  });

  it('every answer the document lists was met for real above', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item.get?.responses ?? {}).map((status) => `${path} ${status}`),
    );
    const met = [...seen].map((entry) => openApiPath(entry));
    expect(documented.filter((entry) => !met.includes(entry))).toEqual([]);
  });
});
