import type { ReadService } from '../../read/service.js';
import type { BodyCache } from '../body-cache.js';

/** What the /v1 route modules share. */
export interface RouteContext {
  read: ReadService;
  cache: BodyCache;
  /** Seconds for `Cache-Control: private, max-age=N`. */
  maxAge: number;
}
