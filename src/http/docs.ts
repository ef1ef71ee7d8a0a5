import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { packageRoot } from '../paths.js';

const DOCS_PATH = '/docs';

/**
 * The API reference at /docs: Swagger UI, every asset served from the npm package itself (no
 * CDN, works offline), rendering the document of openapi/document.ts. Swagger UI was chosen
 * while housecup still ran on Node 20, which Scalar's Fastify plugin had dropped. No key needed
 * to read it; "Authorize" takes one to try the calls.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // housecup's own name and mark in the top bar and the tab (public/, as the public pages).
    theme: {
      title: 'housecup API',
      favicon: [
        {
          filename: 'housecup.svg',
          rel: 'icon',
          type: 'image/svg+xml',
          sizes: 'any',
          content: readFileSync(join(packageRoot, 'public/housecup.svg')),
        },
      ],
    },
    logo: {
      type: 'image/svg+xml',
      content: readFileSync(join(packageRoot, 'public/housecup-wordmark.svg')),
      href: DOCS_PATH,
      target: '_self',
    },
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
