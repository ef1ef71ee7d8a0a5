#!/usr/bin/env node
/*
 * Builds dist/ from src/ and commands/ with tsc, or only when needed.
 *
 *   node scripts/build.js             build now (`npm run build`)
 *   node scripts/build.js --if-stale  build only when a source changed since the last build
 *                                     (`npm start`, the test suites' setup, the bench)
 *
 * Why not run tsc every time: a tsc run that finds nothing to do still takes ~4.5 s here, most
 * of a restart. Why a file of its own rather than tsc alone: a production install
 * (`npm ci --omit=dev` on a built tree) has no TypeScript, and must use the dist/ it was given.
 * Plain JavaScript: it runs before anything is compiled, without dev dependencies.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const stamp = join(root, 'dist', '.build-stamp');
const entry = join(root, 'dist', 'src', 'main.js');
// What the build reads: a change to any of these (a file or a folder's list of files) calls
// for a new build.
const INPUTS = ['src', 'commands', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];

/** tsc's path, or null in a production install (no dev dependencies). */
function findTsc() {
  try {
    const manifest = createRequire(join(root, 'package.json')).resolve('typescript/package.json');
    return join(dirname(manifest), 'bin', 'tsc');
  } catch {
    return null;
  }
}

/** The first input newer than the last build, or undefined when the build is up to date. */
function newerInput(builtAt) {
  const walk = (path) => {
    if (!existsSync(path)) return undefined;
    const stats = statSync(path);
    if (stats.mtimeMs > builtAt) return path;
    if (!stats.isDirectory()) return undefined;
    for (const name of readdirSync(path)) {
      const found = walk(join(path, name));
      if (found) return found;
    }
    return undefined;
  };
  for (const input of INPUTS) {
    const found = walk(join(root, input));
    if (found) return found;
  }
  return undefined;
}

function fail(message) {
  process.stderr.write(`housecup: ${message}\n`);
  process.exit(1);
}

// tsc writes what its sources give and never removes an output whose source is gone: a command
// deleted from commands/ would still be loaded from dist/ by `npm start` and `register`.
const OUTPUT = /\.(?:js|js\.map|d\.ts|d\.ts\.map)$/;
const SOURCE_FOLDERS = ['src', 'commands'];

/** Removes outputs under dist/<folder> whose .ts source no longer exists, and emptied folders. */
function removeOrphans(folder) {
  const prune = (outputs, sources) => {
    for (const name of readdirSync(outputs)) {
      const output = join(outputs, name);
      if (statSync(output).isDirectory()) {
        prune(output, join(sources, name));
        if (readdirSync(output).length === 0) rmdirSync(output);
      } else if (OUTPUT.test(name) && !existsSync(join(sources, name.replace(OUTPUT, '.ts')))) {
        rmSync(output);
      }
    }
  };
  const outputs = join(root, 'dist', folder);
  if (existsSync(outputs)) prune(outputs, join(root, folder));
}

function build(tsc) {
  // The stamp takes the time the build started: a file saved while tsc runs counts as newer.
  const startedAt = new Date();
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  for (const folder of SOURCE_FOLDERS) removeOrphans(folder);
  writeFileSync(stamp, 'written by scripts/build.js after each successful build\n');
  utimesSync(stamp, startedAt, startedAt);
}

const onlyIfStale = process.argv.includes('--if-stale');
const tsc = findTsc();
if (!tsc) {
  if (!existsSync(entry)) {
    fail(
      'dist/ is missing and TypeScript is not installed: build where the dev dependencies are ' +
        '(npm ci && npm run build), then install the built tree (docs/deploy.md)',
    );
  }
  // A production install: dist/ is the build, there is nothing to compile it with.
  process.exit(0);
}
if (onlyIfStale) {
  const builtAt = existsSync(stamp) && existsSync(entry) ? statSync(stamp).mtimeMs : -1;
  const changed = builtAt < 0 ? undefined : newerInput(builtAt);
  if (builtAt >= 0 && !changed) process.exit(0);
  process.stderr.write(
    changed
      ? `housecup: ${relative(root, changed)} changed since the last build: compiling\n`
      : 'housecup: no build yet: compiling\n',
  );
}
build(tsc);
