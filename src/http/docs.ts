import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const DOCS_PATH = '/docs';

/**
 * The API reference at /docs: Swagger UI, every asset served from the npm package itself (no
 * CDN, works offline), rendering the document of openapi/document.ts. Swagger UI suits Node 20, which
 * Scalar's Fastify plugin no longer supports. No key needed to read it; "Authorize" takes one
 * to try the calls.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    theme: { title: 'housecup API' },
    uiConfig: {
      docExpansion: 'list',
      deepLinking: true,
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
    },
    // Swagger UI's online validator badge would call out to a third party: keep it off.
    validatorUrl: false,
  });
}
