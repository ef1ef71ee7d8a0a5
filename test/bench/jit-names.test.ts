import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jitNames, named } from './jit-names.js';

const work = mkdtempSync(join(tmpdir(), 'housecup-jit-names-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A perf map as `node --perf-basic-prof` writes one: `start size name`, hexadecimal, in order. */
function mapOf(lines: string[]): string {
  const file = join(work, `perf-${lines.length}.map`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('jitNames', () => {
  const nameOf = jitNames(
    mapOf([
      '1000 100 JS:*answer file:///a.js:1:1',
      '2000 40 RegExp.< src: "a b"',
      // The memory of `answer` reused later for other code: that code ran last.
      '1000 80 JS:+later file:///b.js:2:2',
    ]),
  );

  it('names an address inside a range, spaces in the name kept', () => {
    expect(nameOf(0x2010)).toBe('RegExp.< src: "a b"');
  });

  it('gives memory listed twice the name listed last, and the first where only it reaches', () => {
    expect(nameOf(0x1010)).toBe('JS:+later file:///b.js:2:2');
    expect(nameOf(0x1090)).toBe('JS:*answer file:///a.js:1:1');
  });

  it('names nothing outside every range', () => {
    expect(nameOf(0xfff)).toBeUndefined();
    expect(nameOf(0x1100)).toBeUndefined();
    expect(nameOf(0x2040)).toBeUndefined();
  });

  it('replaces the addresses callgrind_annotate prints, leaving unknown ones as they are', () => {
    const line = '  1,234 ( 1.00%)  ???:0x0000000000002000 [???] < ???:0x0000000000009000 (3x)';
    expect(named(line, nameOf)).toBe(
      '  1,234 ( 1.00%)  ???:RegExp.< src: "a b" [???] < ???:0x0000000000009000 (3x)',
    );
  });
});
