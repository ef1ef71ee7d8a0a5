import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killChildren, startMain } from '../support/child.js';

/*
 * What the server loads to start and answer, read off the real process; what it need not load
 * lengthens every start (docs/performance.md, "What a start loads"). undici (Node's fetch): an
 * ES-module import of node:http loads it (src/node-http.ts says why), and nothing in housecup
 * uses it. zod: the import files' checks are written with it, and a start that imports nothing
 * need not load it (60 ms and 4.5 MiB); so a new import of either is caught here.
 */

const PRELOAD = join(import.meta.dirname, 'support', 'loaded-modules.mjs');

afterEach(killChildren);

describe('the server’s start', () => {
  it('answers without loading undici or zod', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'housecup-loads-'));
    try {
      const file = join(dir, 'loaded.json');
      const { child, url } = await startMain({
        DATABASE_PATH: join(dir, 'housecup.db'),
        // Quoted: a checkout's path may hold spaces. After the caller's own options, if any.
        NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import "${PRELOAD}"`].filter(Boolean).join(' '),
        LOADED_MODULES_FILE: file,
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      const loaded = JSON.parse(readFileSync(file, 'utf8')) as {
        builtins: string[];
        files: string[] | null;
      };
      // The lists are read, not merely empty of undici and zod: node:http itself is in one, the
      // server's own entry point and Fastify in the other.
      expect(loaded.builtins).toContain('NativeModule http');
      expect(loaded.builtins.filter((name) => name.includes('undici'))).toEqual([]);
      if (loaded.files === null) {
        console.warn(
          'NOT CHECKED: zod at start, as this Node has no module.registerHooks (22.15+)',
        );
        return;
      }
      expect(loaded.files.some((url) => url.endsWith('/dist/src/main.js'))).toBe(true);
      expect(loaded.files.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
      expect(loaded.files.filter((url) => url.includes('/node_modules/zod/'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
