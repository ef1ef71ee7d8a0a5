import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../src/transfer/decode.js';
import { checkTransferFile } from '../../src/transfer/format.js';
import { runCli } from '../support/cli.js';

/* Issue 20.4, docs/cli-and-data.md: ill-formed text is refused with its JSON path, never stored. */

const PROBLEM = /guilds\[0\]\.players\[0\]\.name: must be well-formed Unicode text/;
const file = (name: string) => `{"guilds":[{"id":"g","players":[{"user_id":"1","name":${name}}]}]}`;

describe('ill-formed text in an import file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-utf8-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a lone surrogate escaped in JSON, with its path', () => {
    expect(() => checkTransferFile(JSON.parse(file('"Luna \\ud800"')))).toThrow(PROBLEM);
  });

  it('refuses a surrogate written as bytes (ED A0 80), instead of three U+FFFD', () => {
    const raw = Buffer.concat([
      Buffer.from(file('"Luna XYZ"').split('XYZ')[0] ?? ''),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(file('"Luna XYZ"').split('XYZ')[1] ?? ''),
    ]);
    const text = decodeUtf8(raw);
    expect(text).not.toContain('\uFFFD');
    expect(() => checkTransferFile(JSON.parse(text))).toThrow(PROBLEM);
  });

  it('keeps well-formed text as it is: emoji, accents, a real U+FFFD', () => {
    const name = 'Lünä 🦁 \uFFFD';
    const decoded = decodeUtf8(Buffer.from(file(JSON.stringify(name))));
    const parsed = checkTransferFile(JSON.parse(decoded));
    expect(parsed.guilds[0]?.players?.[0]?.name).toBe(name);
  });

  it('makes the CLI exit 1 naming the path, writing nothing', () => {
    const path = join(dir, 'bad.json');
    const [before, after] = file('"Luna XYZ"').split('XYZ');
    writeFileSync(
      path,
      Buffer.concat([
        Buffer.from(before ?? ''),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from(after ?? ''),
      ]),
    );
    const result = runCli(['import', path], join(dir, 'housecup.db'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(PROBLEM);
    // Nothing written: not even a database made for it.
    expect(existsSync(join(dir, 'housecup.db'))).toBe(false);
  });
});
