import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killChildren, startMain } from '../support/child.js';

/*
 * What the server loads to start and answer, read off the real process. undici (Node's fetch)
 * lengthens every start and nothing in housecup uses it: an ES-module import of node:http loads
 * it (src/node-http.ts says why), so a new one is caught here.
 */

const PRELOAD = join(import.meta.dirname, 'support', 'loaded-modules.mjs');

afterEach(killChildren);

describe('the server’s start', () => {
  it('answers without loading undici', async () => {
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
      const loaded = JSON.parse(readFileSync(file, 'utf8')) as string[];
      // The list is read, not merely empty of undici: node:http itself is in it.
      expect(loaded).toContain('NativeModule http');
      expect(loaded.filter((name) => name.includes('undici'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
