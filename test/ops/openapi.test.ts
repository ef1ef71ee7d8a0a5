import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V1_PATHS } from '../../src/http/app.js';
import {
  DEMO_EXPIRED_GUILD,
  DEMO_GUILD,
  DEMO_MEMBER,
  jobsExample,
  memberProfilesExample,
  pointsExample,
  premiumActiveExample,
  premiumExpiredExample,
} from '../../src/http/examples.js';
import { buildDemoApp, type DemoApp } from './demo-app.js';

/*
 * The served OpenAPI document against the real app over the demo data: every path and every
 * answer it documents is requested for real, and each body must validate against the schema
 * the document gives for that path and status. A schema that drifts from the code fails here.
 */

interface Media {
  schema: object;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Response {
  description: string;
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}
interface OperationDoc {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  components: { securitySchemes: Record<string, Record<string, string>> };
}

const toOpenApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');
const G = DEMO_GUILD;

let demo: DemoApp;
/** The same demo, with the rate limiter on. */
let limited: DemoApp;
/** The same demo, its database closed under it. */
let broken: DemoApp;
let doc: OpenApiDoc;
let keys: { scoped: string; revoked: string };

// OpenAPI 3.1 schemas are JSON Schema 2020-12 plus a few annotation keywords of its own.
const ajv = new Ajv2020({ strict: true, allErrors: true });
// A CommonJS module: under NodeNext its function is the default export's `default`.
formats.default(ajv);
ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
const validators = new Map<object, ValidateFunction>();
function validatorOf(schema: object): ValidateFunction {
  const known = validators.get(schema);
  if (known) return known;
  const validate = ajv.compile(schema);
  validators.set(schema, validate);
  return validate;
}

beforeAll(async () => {
  demo = await buildDemoApp();
  limited = await buildDemoApp({ config: { rateLimitPerMinute: 1000 } });
  broken = await buildDemoApp();
  const revoked = demo.keyStore.create({ name: 'gone' });
  demo.keyStore.revoke(revoked.id);
  keys = {
    // Scoped to the other demo guild, so it may not read DEMO_GUILD.
    scoped: demo.keyStore.create({ name: 'scoped', guilds: [DEMO_EXPIRED_GUILD] }).key,
    revoked: revoked.key,
  };
  broken.db.close();

  const served = await demo.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('application/json; charset=utf-8');
  doc = served.json() as OpenApiDoc;
});
afterAll(async () => {
  await demo?.close();
  await limited?.close();
  await broken?.close();
});

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
  const documented = doc.paths[toOpenApiPath(pattern)]?.get?.responses[String(status)];
  expect(documented, `${pattern} documents no ${status}`).toBeDefined();
  const media = documented?.content?.['application/json'];
  expect(media, `${pattern} ${status} documents no JSON body`).toBeDefined();
  const body = response.json();
  const validate = validatorOf(media?.schema ?? {});
  expect(validate(body), `${url} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  seen.add(`${pattern} ${status}`);
  return body;
}

describe('the served document', () => {
  it('is OpenAPI 3.1 with all nine paths, each a GET behind the Authorization key', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('housecup API');
    expect(Object.keys(doc.paths).sort()).toEqual(V1_PATHS.map(toOpenApiPath).sort());
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(Object.keys(item), path).toEqual(['get']);
      const get = item.get as OperationDoc;
      expect(get.security, path).toEqual([{ apiKey: [] }]);
      expect(get.tags?.length, path).toBe(1);
      expect(doc.tags.map((t) => t.name)).toContain(get.tags?.[0]);
      expect(get.operationId, path).toMatch(/^[a-z][A-Za-z]+$/);
      operationIds.add(get.operationId ?? '');
      for (const [status, response] of Object.entries(get.responses)) {
        expect(response.description, `${path} ${status}`).not.toBe('Default Response');
        expect(response.content?.['application/json']?.schema, `${path} ${status}`).toBeDefined();
      }
    }
    expect(operationIds.size).toBe(9);
  });

  it('is served without a key, outside the rate limit, and the docs page reads the same', async () => {
    const again = await limited.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-ratelimit-limit']).toBeUndefined();
    const forDocs = await demo.app.inject({ method: 'GET', url: '/docs/json' });
    expect(forDocs.json()).toEqual(doc);
  });

  it('every example in it validates against its own schema', () => {
    let count = 0;
    for (const item of Object.values(doc.paths)) {
      for (const response of Object.values(item.get?.responses ?? {})) {
        const media = response.content?.['application/json'];
        if (!media) continue;
        const examples = [
          ...(media.example === undefined ? [] : [media.example]),
          ...Object.values(media.examples ?? {}).map((e) => e.value),
        ];
        for (const example of examples) {
          const validate = validatorOf(media.schema);
          expect(validate(example), ajv.errorsText(validate.errors)).toBe(true);
          count += 1;
        }
      }
    }
    // 9 success answers, 6 not-found answers, and the shared error answers.
    expect(count).toBeGreaterThan(30);
  });
});

describe('real answers over the demo data match the document', () => {
  it('200: every endpoint, and the examples are the live answers', async () => {
    for (const area of ['players', 'points', 'jobs', 'premium']) {
      const body = await check(demo, `/v1/${area}`, `/v1/${area}`, demo.key, 200);
      const media = doc.paths[`/v1/${area}`]?.get?.responses['200']?.content?.['application/json'];
      expect(media?.example).toEqual(body);
    }
    await check(demo, '/v1/players/:guildId', `/v1/players/${G}`, demo.key, 200);
    await check(demo, '/v1/players/:guildId', `/v1/players/${G}?limit=2`, demo.key, 200);
    expect(
      await check(
        demo,
        '/v1/players/:guildId/:userId',
        `/v1/players/${G}/${DEMO_MEMBER}`,
        demo.key,
        200,
      ),
    ).toEqual(memberProfilesExample);
    expect(await check(demo, '/v1/points/:guildId', `/v1/points/${G}`, demo.key, 200)).toEqual(
      pointsExample,
    );
    expect(await check(demo, '/v1/jobs/:guildId', `/v1/jobs/${G}`, demo.key, 200)).toEqual(
      jobsExample,
    );
    await check(demo, '/v1/jobs/:guildId', `/v1/jobs/${G}?limit=1`, demo.key, 200);
    expect(await check(demo, '/v1/premium/:guildId', `/v1/premium/${G}`, demo.key, 200)).toEqual(
      premiumActiveExample,
    );
  });

  it('404: each data endpoint, premium included', async () => {
    const nobody = '999999999999999999';
    await check(demo, '/v1/players/:guildId', `/v1/players/${nobody}`, demo.key, 404);
    await check(demo, '/v1/players/:guildId/:userId', `/v1/players/${G}/${nobody}`, demo.key, 404);
    await check(demo, '/v1/points/:guildId', `/v1/points/${nobody}`, demo.key, 404);
    await check(demo, '/v1/jobs/:guildId', `/v1/jobs/${nobody}`, demo.key, 404);
    expect(
      await check(demo, '/v1/premium/:guildId', `/v1/premium/${DEMO_EXPIRED_GUILD}`, demo.key, 404),
    ).toEqual(premiumExpiredExample);
  });

  it('400: a malformed id, limit or after', async () => {
    await check(demo, '/v1/players/:guildId', '/v1/players/bad.id', demo.key, 400);
    await check(demo, '/v1/players/:guildId', `/v1/players/${G}?limit=0`, demo.key, 400);
    await check(demo, '/v1/players/:guildId', `/v1/players/${G}?after=nope`, demo.key, 400);
    await check(demo, '/v1/players/:guildId/:userId', `/v1/players/${G}/bad.id`, demo.key, 400);
    await check(demo, '/v1/points/:guildId', '/v1/points/bad.id', demo.key, 400);
    await check(demo, '/v1/jobs/:guildId', `/v1/jobs/${G}?limit=5000`, demo.key, 400);
    await check(demo, '/v1/premium/:guildId', '/v1/premium/bad.id', demo.key, 400);
  });

  it('401 and 403: no key, a wrong or revoked key, a key for other guilds', async () => {
    for (const pattern of V1_PATHS) {
      const url = pattern.replace(':guildId', G).replace(':userId', DEMO_MEMBER);
      await check(demo, pattern, url, null, 401);
      await check(demo, pattern, url, 'hc_not-a-key', 401);
      await check(demo, pattern, url, keys.revoked, 401);
      if (pattern.includes(':guildId')) await check(demo, pattern, url, keys.scoped, 403);
    }
  });

  it('429: a key over its own limit, with Retry-After', async () => {
    for (const pattern of V1_PATHS) {
      const url = pattern.replace(':guildId', G).replace(':userId', DEMO_MEMBER);
      // The limit counts a key's requests across paths: one fresh key per path.
      const { key } = limited.keyStore.create({ name: 'one a minute', rateLimit: 1 });
      await check(limited, pattern, url, key, 200);
      await check(limited, pattern, url, key, 429);
      const again = await limited.app.inject({ url, headers: { authorization: key } });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('500: the database gone, with nothing about it in the body', async () => {
    for (const pattern of V1_PATHS) {
      const url = pattern.replace(':guildId', G).replace(':userId', DEMO_MEMBER);
      const body = await check(broken, pattern, url, broken.key, 500);
      expect(body).toEqual({ error: 'Internal server error', status: 500 });
    }
  });

  it('405 and an unknown path answer the documented error shape', async () => {
    const errorMedia = doc.paths['/v1/players']?.get?.responses['401']?.content?.[
      'application/json'
    ] as Media;
    const validate = validatorOf(errorMedia.schema);
    for (const [method, url, status] of [
      ['POST', `/v1/points/${G}`, 405],
      ['DELETE', '/v1/players', 405],
      ['GET', '/v1/nothing-here', 404],
    ] as const) {
      const response = await demo.app.inject({ method, url, headers: { authorization: demo.key } });
      expect(response.statusCode).toBe(status);
      expect(validate(response.json()), ajv.errorsText(validate.errors)).toBe(true);
    }
  });

  it('every answer the document lists was met for real above', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item.get?.responses ?? {}).map((status) => `${path} ${status}`),
    );
    const met = [...seen].map((entry) => toOpenApiPath(entry));
    expect(documented.filter((entry) => !met.includes(entry))).toEqual([]);
  });
});
