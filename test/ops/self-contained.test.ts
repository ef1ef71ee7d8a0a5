import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';

/*
 * The repository explains itself: no file in it sends a reader to a document outside it (the
 * brief and the specification the project began from are not part of a clone; docs/ states the
 * contract in its own words), and a comment that points into docs/ by heading names a heading the
 * page has. The patterns below are written so that this file does not match them itself.
 */

// Not drizzle/: a migration applied in the field is never edited, comments included.
const ROOTS = [
  'src',
  'commands',
  'test',
  'docs',
  'scripts',
  'deploy',
  'bin',
  '.ci',
  'README.md',
  'SECURITY.md',
  '.env.example',
];

const OUTSIDE: readonly RegExp[] = [
  /\bD[E]SIGN\b/,
  /\.\.\/shared\b/,
  /\bspec\/api-v1\b/,
  /\bshared\sfolder\b/i,
  /\bclosing\snotes?\sof\sthe\sproject\b/i,
];

/** The tracked files under ROOTS; without git (an unpacked tarball), every file there. */
function trackedFiles(): string[] {
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--', ...ROOTS], {
      cwd: packageRoot,
      encoding: 'utf8',
    });
    const files = listed.split('\0').filter(Boolean);
    if (files.length > 0) return files;
  } catch {
    // Not a git checkout: walk the folders instead.
  }
  const walk = (path: string): string[] => {
    try {
      return readdirSync(join(packageRoot, path), { withFileTypes: true }).flatMap((entry) =>
        entry.name === 'node_modules' ? [] : walk(`${path}/${entry.name}`),
      );
    } catch {
      return [path];
    }
  };
  return ROOTS.flatMap(walk);
}

/** A file's text, or undefined for a binary file (a picture, a font). */
function textOf(file: string): string | undefined {
  const text = readFileSync(join(packageRoot, file), 'utf8');
  return text.includes('\u0000') ? undefined : text;
}

const FILES = trackedFiles();

describe('the repository stands alone', () => {
  it('has files to check', () => {
    expect(FILES.length).toBeGreaterThan(100);
  });

  it('sends no reader to a document outside it', () => {
    const problems: string[] = [];
    for (const file of FILES) {
      const lines = textOf(file)?.split('\n') ?? [];
      lines.forEach((line, index) => {
        if (OUTSIDE.some((pattern) => pattern.test(line))) {
          problems.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('points from code into docs/ only by headings the pages have', () => {
    const headings = new Map<string, Set<string>>();
    const headingsOf = (page: string) => {
      let found = headings.get(page);
      if (!found) {
        const text = textOf(page) ?? '';
        found = new Set(
          [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]?.trim() ?? ''),
        );
        headings.set(page, found);
      }
      return found;
    };
    const problems: string[] = [];
    for (const file of FILES.filter((name) => /\.(ts|js|mjs|cjs)$/.test(name))) {
      // A comment's lines joined, so that a pointer broken over two lines is read whole.
      const text = (textOf(file) ?? '').replace(/\n\s*(?:\*|\/\/)\s?/g, ' ');
      for (const match of text.matchAll(/\b(docs\/[\w-]+\.md)(?:,\s*|\s*\()"([^"]+)"/g)) {
        const [, page = '', heading = ''] = match;
        if (!FILES.includes(page) || !headingsOf(page).has(heading)) {
          problems.push(`${file}: ${page}, "${heading}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
