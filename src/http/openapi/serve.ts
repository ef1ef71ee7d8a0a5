import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { packageRoot } from '../../paths.js';
import type { AnyEndpoint } from '../endpoint.js';
import { openApiDocument } from './document.js';

const OPENAPI_PATH = '/v1/openapi.json';

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

/**
 * Serves the OpenAPI document at /v1/openapi.json, without a key. @fastify/swagger holds it in
 * static mode (the document is ours, built from the declarations), so /docs can render it.
 */
export async function serveOpenApi(
  app: FastifyInstance,
  endpoints: readonly AnyEndpoint[],
): Promise<void> {
  const document = openApiDocument(endpoints, packageVersion());
  // @fastify/swagger types its documents as OpenAPI 3.0; this one is 3.1, checked by
  // `redocly lint` in test/ops/openapi.test.ts.
  const specification = { document } as unknown as StaticDocumentSpec;
  await app.register(swagger, { mode: 'static', specification });
  const body = JSON.stringify(document);
  app.get(OPENAPI_PATH, (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
}
