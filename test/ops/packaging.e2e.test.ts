import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { envOf, execForm, only, stage } from '../support/dockerfile.js';
import { until } from '../support/eventually.js';
import { PATIENCE_MS, TEST_CEILING_MS } from '../support/patience.js';
import { serverNodeFlags } from '../support/server-command.js';
import { cleanEnv, type ReplayedBuild, replayBuildStage } from './support/production-tree.js';

/*
 * The production tree, built and installed once for every assertion here: deploy/Dockerfile's
 * build stage replayed in a temp folder, which runs deploy/package.sh and the production
 * `npm ci` (nothing compiled, without Python); then the runtime stage's CMD and HEALTHCHECK run
 * in that tree, with the image's environment.
 */

const COMMANDS = [
  'keys create',
  'keys list',
  'keys revoke',
  'import',
  'export',
  'migrate',
  'copy',
  'register',
  'publish',
  'unpublish',
  'term start',
  'term end',
  'term list',
  'webhook add',
  'webhook list',
  'webhook remove',
  'webhook test',
  'webhook deliveries',
  'award',
  'unaward',
] as const;

const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
};

let root: string;
let replay: ReplayedBuild;
let app: string;
let source: string;
let helpFromSource: string;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: TEST_CEILING_MS });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'housecup-image-'));
  replay = replayBuildStage(root);
  app = replay.folders.get('/app') ?? '';
  source = replay.folders.get('/src') ?? '';
  helpFromSource = run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', '--help'],
    packageRoot,
  ).stdout;
}, 600_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The lines of the help's "Commands:" section. */
function commandLines(help: string): string[] {
  const section = help.split('\nCommands:\n')[1] ?? '';
  return section.split('\n').filter((line) => line.trim() !== '');
}

describe('housecup --help', () => {
  it('lists every command, subcommands included, each on one line', () => {
    const lines = commandLines(helpFromSource);
    // Each line starts a command: a wrapped description would start with more indentation.
    for (const line of lines) expect(line, line).toMatch(/^ {2}\S.* {2,}\S/);
    for (const command of COMMANDS) {
      const matching = lines.filter((line) => line.startsWith(`  ${command} `));
      expect(matching, command).toHaveLength(1);
    }
    // Nothing listed that the list above does not know (besides commander's own `help`).
    expect(lines).toHaveLength(COMMANDS.length + 1);
  });
});

describe('the production tree (the Dockerfile build stage, replayed)', () => {
  it('ships the build, not the sources, and installs without dev dependencies', () => {
    expect(existsSync(join(app, 'dist/src/main.js'))).toBe(true);
    expect(existsSync(join(app, 'dist/commands/points.js'))).toBe(true);
    expect(existsSync(join(app, 'drizzle/sqlite/meta/_journal.json'))).toBe(true);
    expect(existsSync(join(app, 'drizzle/postgres/meta/_journal.json'))).toBe(true);
    expect(existsSync(join(app, 'data/demo.json'))).toBe(true);
    expect(existsSync(join(app, 'src'))).toBe(false);
    expect(existsSync(join(app, 'test'))).toBe(false);
    expect(existsSync(join(app, 'dist/test'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/better-sqlite3'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/typescript'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/vitest'))).toBe(false);
  });

  it('the bin prints the same help and the version, also through npx', () => {
    expect(manifest.bin).toEqual({ housecup: 'bin/housecup.js' });
    const help = run(process.execPath, ['bin/housecup.js', '--help'], app);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toBe(helpFromSource);
    const npx = run('npx', ['--no-install', 'housecup', '--version'], app);
    expect(npx.status, npx.stderr).toBe(0);
    expect(npx.stdout).toBe(`${manifest.version}\n`);
  });

  it('the runtime stage runs as a user, with the database on its volume', () => {
    const runtime = stage(replay.stages, 'runtime');
    expect(only(runtime, 'USER').args).not.toMatch(/^(root|0)(:|$)/);
    expect(only(runtime, 'WORKDIR').args).toBe('/app');
    expect(only(runtime, 'COPY').args).toBe('--from=build /app /app');
    const env = envOf(runtime);
    expect(only(runtime, 'VOLUME').args).toBe(dirname(env.DATABASE_PATH ?? ''));
    expect(only(runtime, 'EXPOSE').args).toBe(env.PORT);
    // node itself as PID 1, no shell or npm in between: it gets the stop signal; with the flags
    // npm start gives it.
    expect(execForm(only(runtime, 'CMD'))).toEqual([
      'node',
      ...serverNodeFlags(),
      'dist/src/main.js',
    ]);
    expect(execForm(only(runtime, 'HEALTHCHECK'))[0]).toBe('node');
  });
});

interface Started {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | string>;
}

function start(command: string[], cwd: string, env: NodeJS.ProcessEnv): Started {
  const [file = '', ...args] = command;
  // Its own process group, so a stop reaches npm's children too (as a service manager's would).
  const child = spawn(file === 'node' ? process.execPath : file, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function waitReady(url: string, process: Started): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) {
      throw new Error(`exited ${process.child.exitCode}: ${process.stderr()}`);
    }
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url}/readyz not 200 after ${PATIENCE_MS} ms: ${process.stderr()}`);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

describe('the image, run as its runtime stage says', () => {
  let env: NodeJS.ProcessEnv;
  let url: string;
  beforeAll(async () => {
    const runtime = envOf(stage(replay.stages, 'runtime'));
    const data = join(root, 'data');
    mkdirSync(data);
    const port = await freePort();
    // The image's environment, its volume mapped to a temp folder and its port to a free one.
    env = cleanEnv({
      ...runtime,
      DATABASE_PATH: (runtime.DATABASE_PATH ?? '').replace(/^\/data\//, `${data}/`),
      PORT: String(port),
    });
    url = `http://127.0.0.1:${port}`;
  });

  it('CMD serves, the HEALTHCHECK passes, Ctrl-C (SIGINT) stops it with exit 0', async () => {
    const runtime = stage(replay.stages, 'runtime');
    const server = start(execForm(only(runtime, 'CMD')), app, env);
    await waitReady(url, server);
    // The first start of a new database prints a key and a curl that reaches it, although the
    // image listens on 0.0.0.0: after its listening line, so /readyz may answer before it shows.
    const curl = await until(
      () => /curl -H 'Authorization: (hc_\S+)' (http:\/\/\S+)\n/.exec(server.stdout()) ?? undefined,
      'the first key on standard output',
    );
    expect(curl?.[2]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/points\/\d+$/);
    const answer = await fetch(curl?.[2] ?? '', { headers: { authorization: curl?.[1] ?? '' } });
    expect(answer.status).toBe(200);

    const [check = '', ...checkArgs] = execForm(only(runtime, 'HEALTHCHECK'));
    const healthy = run(check === 'node' ? process.execPath : check, checkArgs, app, env);
    expect(healthy.status, healthy.stderr).toBe(0);

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
    const unhealthy = run(check === 'node' ? process.execPath : check, checkArgs, app, env);
    expect(unhealthy.status).toBe(1);
    expect(unhealthy.stderr).toMatch(/^housecup healthcheck: http:\/\/127\.0\.0\.1:\d+\/healthz: /);
    expect(unhealthy.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('npm start uses the shipped build: no TypeScript, nothing compiled', async () => {
    const before = statSync(join(app, 'dist/src/main.js')).mtimeMs;
    const server = start(['npm', 'start'], app, env);
    await waitReady(url, server);
    process.kill(-(server.child.pid ?? 0), 'SIGTERM');
    await server.exited;
    expect(server.stderr()).not.toMatch(/compiling|error/i);
    expect(statSync(join(app, 'dist/src/main.js')).mtimeMs).toBe(before);
    // The restart found the database of the previous test: no second first key.
    expect(server.stdout()).not.toContain('hc_');
  });
});

describe('scripts/build.js', () => {
  const stamp = () => statSync(join(source, 'dist/.build-stamp')).mtimeMs;

  it('in a checkout: compiles only when a source changed since the last build', () => {
    expect(manifest.scripts.start).toMatch(
      /^node scripts\/build\.js --if-stale && node (--\S+ )*dist\/src\/main\.js$/,
    );
    const built = stamp();
    const upToDate = run(process.execPath, ['scripts/build.js', '--if-stale'], source);
    expect(upToDate.status, upToDate.stderr).toBe(0);
    expect(upToDate.stderr).toBe('');
    expect(stamp()).toBe(built);

    const later = new Date(Date.now() + 5_000);
    utimesSync(join(source, 'src/main.ts'), later, later);
    const changed = run(process.execPath, ['scripts/build.js', '--if-stale'], source);
    expect(changed.status, changed.stdout + changed.stderr).toBe(0);
    expect(changed.stderr).toBe('housecup: src/main.ts changed since the last build: compiling\n');
    expect(stamp()).toBeGreaterThan(built);
  });

  it('removes what a deleted source compiled to: a command taken out is not loaded from dist/', () => {
    const module = join(source, 'commands/gone.ts');
    writeFileSync(module, 'export const gone = 1;\n');
    const added = run(process.execPath, ['scripts/build.js'], source);
    expect(added.status, added.stdout + added.stderr).toBe(0);
    expect(existsSync(join(source, 'dist/commands/gone.js'))).toBe(true);
    rmSync(module);
    const removed = run(process.execPath, ['scripts/build.js', '--if-stale'], source);
    expect(removed.status, removed.stdout + removed.stderr).toBe(0);
    expect(
      readdirSync(join(source, 'dist/commands')).filter((name) => name.startsWith('gone.')),
    ).toEqual([]);
    expect(existsSync(join(source, 'dist/commands/points.js'))).toBe(true);
  });

  it('without TypeScript and without dist/, says how to build instead of failing obscurely', () => {
    const bare = join(root, 'bare');
    mkdirSync(join(bare, 'scripts'), { recursive: true });
    copyFileSync(join(packageRoot, 'package.json'), join(bare, 'package.json'));
    copyFileSync(join(packageRoot, 'scripts/build.js'), join(bare, 'scripts/build.js'));
    const result = run(process.execPath, ['scripts/build.js', '--if-stale'], bare);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^housecup: dist\/ is missing and TypeScript is not installed/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
