import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { OUTSIDE, type OutsideFound, type OutsideName } from '../support/outside.js';

/*
 * Vitest's global setup: finds the outside dependencies once for the whole run, and at the end
 * prints, loudly, every suite that did not run for want of one.
 */

function executable(path: string | undefined): string | null {
  if (!path) return null;
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return null;
  }
}

const finders: Record<OutsideName, () => string | null> = {
  chromium: () =>
    executable(process.env.CHROMIUM_PATH) ??
    executable('/usr/bin/chromium') ??
    executable('/usr/bin/chromium-browser'),
  'systemd-analyze': () =>
    executable(process.env.SYSTEMD_ANALYZE_PATH) ??
    executable('/usr/bin/systemd-analyze') ??
    executable('/bin/systemd-analyze'),
};

export default function setup(project: TestProject) {
  const found = Object.fromEntries(
    Object.entries(finders).map(([name, find]) => [name, find()]),
  ) as OutsideFound;
  const missing = Object.values(OUTSIDE).filter((dependency) => found[dependency.name] === null);
  if (process.env.CI === 'true' && missing.length > 0) {
    throw new Error(
      `CI=true and these test dependencies are missing: ${missing
        .map((dependency) => `${dependency.label} (${dependency.install})`)
        .join('; ')}. .ci/run installs them.`,
    );
  }
  const notes = mkdtempSync(join(tmpdir(), 'housecup-not-run-'));
  project.provide('outside', found);
  project.provide('outsideNotes', notes);

  return () => {
    const lines = readdirSync(notes).map((file) => {
      const [name, suite] = readFileSync(join(notes, file), 'utf8').split('\n');
      const dependency = OUTSIDE[name as OutsideName];
      return `  NOT RUN: ${suite} (needs ${dependency.label}; install: ${dependency.install})`;
    });
    rmSync(notes, { recursive: true, force: true });
    if (lines.length === 0) return;
    const rule = '!'.repeat(78);
    process.stdout.write(
      `\n${rule}\n${lines.length} suite(s) did not run: something outside npm is missing.\n` +
        `${lines.join('\n')}\nUnder CI=true these fail the run instead.\n${rule}\n`,
    );
  };
}
