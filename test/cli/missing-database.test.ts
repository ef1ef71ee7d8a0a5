import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

/* Issue 20.9: a command other than migrate and import does not make a database where none is. */

describe('the CLI where DATABASE_PATH names no file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-missing-'));
  const path = join(dir, 'housecup.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([['keys', 'list'], ['keys', 'create'], ['export'], ['publish', '123']])(
    '%s says that no database is there, and makes none',
    (...args) => {
      const result = runCli(args, path);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        `housecup: No database at ${path}: set DATABASE_PATH to the service's file, or create one with \`housecup migrate\` or \`housecup import\`\n`,
      );
      expect(existsSync(path)).toBe(false);
    },
  );

  it('an import of a file with problems says them and makes none', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ guilds: [{ id: 'g1', points: { gryffindor: 'x' } }] }));
    const result = runCli(['import', file], path);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^housecup: \d+ problems in the file; nothing was written: /);
    expect(existsSync(path)).toBe(false);
  });

  it('migrate creates it; then the others work', () => {
    expect(runCli(['migrate'], path).status).toBe(0);
    expect(existsSync(path)).toBe(true);
    const list = runCli(['keys', 'list'], path);
    expect(list.status, list.stderr).toBe(0);
  });
});
