import type { AnswerCache } from '../../src/answers/answer-cache.js';
import { buildApp, type Mount } from '../../src/http/app.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { registerPublicPages } from '../../src/pages/routes.js';
import type { Store } from '../../src/store/store.js';
import { listen } from '../support/app.js';

export interface PageLimits {
  limitPerMinute?: number;
  streamsPerAddress?: number;
  /** The node's logger; silent when absent. */
  logger?: Logger;
  /** The node's answer cache; its own when absent. */
  cache?: AnswerCache;
}

/** The public pages as start.ts mounts them, over `store` (a node of its own). */
export function publicPages(store: Store, limits: PageLimits = {}): Mount {
  return (app, { cache, budgets, errorPages, renders }) =>
    registerPublicPages(app, {
      read: store.read,
      cache,
      generation: store.read.generation,
      budgets,
      renders,
      limitPerMinute: limits.limitPerMinute ?? 0,
      streamsPerAddress: limits.streamsPerAddress ?? 0,
      errorPages,
      logger: limits.logger ?? createLogger({ level: 'silent' }),
    }).then(() => undefined);
}

/** A node serving the public pages of `store` on a loopback port. */
export async function startPageNode(store: Store, limits: PageLimits = {}) {
  const keyVerifier = createKeyVerifier(store.keyTable);
  await keyVerifier.load();
  const app = await buildApp({
    read: store.read,
    keyVerifier,
    logger: limits.logger ?? createLogger({ level: 'silent' }),
    config: { rateLimitPerMinute: 0 },
    ...(limits.cache ? { cache: limits.cache } : {}),
    mounts: [publicPages(store, limits)],
  });
  const { url } = await listen(app);
  return { app, url, close: () => app.close() };
}
