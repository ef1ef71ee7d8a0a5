import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root, found by walking up from this module: the same code runs from `src/`
 * (tsx, vitest) and from `dist/src/` (npm start), so a fixed relative path would be wrong
 * in one of them.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('housecup: package.json not found above the code');
    dir = parent;
  }
}

export const packageRoot = findPackageRoot();
/** drizzle-kit's migrations of one store: `drizzle/sqlite` or `drizzle/postgres`. */
export const migrationsFolderOf = (store: 'sqlite' | 'postgres') =>
  join(packageRoot, 'drizzle', store);
export const demoDataFile = join(packageRoot, 'data', 'demo.json');
