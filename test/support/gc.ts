import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full collection on demand, for tests that a finished object lets go of what it held (vitest's
 * workers do not run with --expose-gc): the flag set now is seen by a fresh context's `gc`.
 */
export const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
