import type { ReadService } from '../../read/service.js';
import type { CachedRoutes } from '../answer.js';

/** What the /v1 route modules share. */
export interface RouteContext extends CachedRoutes {
  read: ReadService;
}
