import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { etagOf } from '../answers/answer-cache.js';
import { packageRoot } from '../paths.js';

/** A file of public/ as served: read once at start, with its type and ETag. */
export interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The public pages' style sheet, script and mark, by file name. */
export function loadAssets(folder = join(packageRoot, 'public')): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(folder)) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const body = readFileSync(join(folder, name));
    assets.set(name, { body, type, etag: etagOf(body) });
  }
  return assets;
}
