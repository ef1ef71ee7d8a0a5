import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../src/paths.js';

/*
 * Vitest's global setup: builds dist/ once (only if a source changed), so that suites run the
 * CLI and the service as users do, `node dist/...`, rather than compiling TypeScript through
 * tsx in every child process (that alone made the CLI suite take two minutes).
 */
export default function setup(): void {
  const build = spawnSync(process.execPath, [join(packageRoot, 'scripts/build.js'), '--if-stale'], {
    cwd: packageRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
}
