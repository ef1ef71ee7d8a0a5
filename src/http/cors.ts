import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * CORS for browser dashboards, off unless origins are listed: a key in a browser page is
 * visible to its users, so serving browsers is an explicit operator choice.
 */
export async function installCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: [...origins],
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['Authorization', 'If-None-Match'],
    exposedHeaders: [
      'ETag',
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ],
    maxAge: 600,
  });
}
