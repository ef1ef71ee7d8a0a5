import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageRoot } from '../../../src/paths.js';
import { readDockerfile, type Stage, stage } from '../../support/dockerfile.js';

/*
 * deploy/Dockerfile's build stage, replayed as plain shell steps in a temp folder (no Docker
 * engine on the machines that run the tests). Each WORKDIR is a folder under `root`; `COPY . .`
 * copies the repository's files (git's list: what .dockerignore leaves too); every RUN runs as
 * written, its absolute folders mapped. Two steps stand in for something else:
 * - an apt-get line, should one come back: the machine's own packages;
 * - the dev install (`npm ci --ignore-scripts`): a link to this checkout's node_modules, installed
 *   from the same lockfile (a second install would add minutes and test npm, not housecup).
 * The production install (`npm ci --omit=dev …`) runs for real: that is the step under test.
 * An instruction the replay does not know fails it, so a changed Dockerfile cannot go unreplayed.
 */

export const DOCKERFILE = join(packageRoot, 'deploy', 'Dockerfile');

export interface ReplayedBuild {
  /** The Dockerfile's folders (`/src`, `/app`) and where they are in this replay. */
  folders: Map<string, string>;
  stages: Stage[];
  /** Log of the steps run, for a failing assertion's message. */
  log: string[];
}

/** The environment of the test process without npm's and vitest's own variables. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|NODE_OPTIONS$|NODE_ENV$)/i.test(name)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

/** The repository's files as git lists them (tracked, and new ones not ignored): a fresh clone's. */
export function repositoryFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: packageRoot,
      encoding: 'utf8',
    },
  );
  return listed.split('\0').filter((file) => file && existsSync(join(packageRoot, file)));
}

/** Copies `files` (paths relative to the checkout) into `to`, folders made as needed. */
export function copyFiles(files: string[], to: string): void {
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(packageRoot, file), join(to, file));
  }
}

/** Replaces the Dockerfile's absolute folders by their place in the replay. */
function mapFolders(text: string, folders: Map<string, string>): string {
  let mapped = text;
  for (const [from, to] of folders) {
    mapped = mapped.replace(new RegExp(`(^|[\\s=])${from}(?=/|\\s|$)`, 'g'), `$1${to}`);
  }
  return mapped;
}

export function replayBuildStage(root: string): ReplayedBuild {
  const stages = readDockerfile(DOCKERFILE);
  const build = stage(stages, 'build');
  const folders = new Map<string, string>();
  const log: string[] = [];
  // Every WORKDIR is known before the first RUN: a RUN may name a folder (`/app`) that a later
  // WORKDIR enters, and must write to its replay, never to the machine's own /app.
  for (const { keyword, args } of build.instructions) {
    if (keyword === 'WORKDIR') folders.set(args, join(root, args.replace(/^\//, '')));
  }
  let cwd = '';
  // The image has no Python: node-gyp, should an install ever run it, fails here as it would there.
  const env = cleanEnv({
    npm_config_prefer_offline: 'true',
    NODE_GYP_FORCE_PYTHON: join(root, 'no-python'),
  });
  for (const { keyword, args } of build.instructions) {
    if (keyword === 'WORKDIR') {
      cwd = folders.get(args) ?? '';
      mkdirSync(cwd, { recursive: true });
    } else if (keyword === 'COPY') {
      const [sources, destination] = [args.split(/\s+/).slice(0, -1), args.split(/\s+/).at(-1)];
      if (destination !== '.' && destination !== './') throw new Error(`COPY to ${destination}`);
      copyFiles(sources.includes('.') ? repositoryFiles() : sources, cwd);
      log.push(`COPY ${args}`);
    } else if (keyword === 'RUN' && args.startsWith('apt-get ')) {
      log.push(`(host toolchain) ${args}`);
    } else if (keyword === 'RUN' && /^npm ci --ignore-scripts\b/.test(args)) {
      symlinkSync(join(packageRoot, 'node_modules'), join(cwd, 'node_modules'), 'dir');
      log.push(`(linked node_modules) ${args}`);
    } else if (keyword === 'RUN') {
      const command = mapFolders(args, folders);
      for (const [, path = ''] of args.matchAll(/(?:^|\s)(\/\S*)/g)) {
        const mapped = [...folders.keys()].some(
          (from) => path === from || path.startsWith(`${from}/`),
        );
        if (!mapped) throw new Error(`RUN ${args}: ${path} is in no WORKDIR of the stage`);
      }
      const run = spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8' });
      log.push(`RUN ${command} -> ${run.status}`);
      if (run.status !== 0) {
        throw new Error(`RUN ${command} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
      }
    } else {
      throw new Error(`the replay does not know ${keyword} ${args}`);
    }
  }
  return { folders, stages, log };
}
