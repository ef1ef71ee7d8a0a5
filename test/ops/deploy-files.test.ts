import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';
import { packageRoot } from '../../src/paths.js';
import { envOf, readDockerfile, stage } from '../support/dockerfile.js';
import { needOutside } from '../support/outside.js';
import { serverNodeFlags } from '../support/server-command.js';

/*
 * The service files of deploy/, checked without a service manager or a Docker engine: the unit
 * by systemd-analyze, the compose file and the environment files against .env.example and the
 * configuration's own validation. (The Dockerfile's build and run: packaging.test.ts.)
 */

const deploy = (file: string) => join(packageRoot, 'deploy', file);
const read = (path: string) => readFileSync(path, 'utf8');

/** KEY=VALUE lines of an environment file (.env.example, EnvironmentFile=), comments skipped. */
function envFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) env[match[1]] = match[2] ?? '';
  }
  return env;
}

const example = envFile(read(join(packageRoot, '.env.example')));

/** `Key=value` lines of a unit file, every value of a key in order. */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^(\w+)=(.*)$/.exec(line.trim());
    if (!match?.[1]) continue;
    settings.set(match[1], [...(settings.get(match[1]) ?? []), match[2] ?? '']);
  }
  return settings;
}

describe('.env.example', () => {
  it('shows every default: loading it gives the configuration of an empty environment', () => {
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });

  it('is what a user copies to .env: the quick start and the configuration page say how', () => {
    // A shell block holding the very command, where someone wanting their own settings looks.
    const copy = /```sh\n(?:[^`]*\n)?cp \.env\.example \.env\n[^`]*```/;
    expect(read(join(packageRoot, 'README.md'))).toMatch(copy);
    expect(read(join(packageRoot, 'docs/configuration.md'))).toMatch(copy);
  });

  it('lists the same variables as the configuration page', () => {
    const page = read(join(packageRoot, 'docs/configuration.md'));
    const documented = [...page.matchAll(/^\| `([A-Z_]+)` /gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(example).sort());
  });
});

describe('deploy/housecup.service', () => {
  const unit = read(deploy('housecup.service'));
  const settings = unitSettings(unit);
  const one = (key: string) => {
    const values = settings.get(key) ?? [];
    expect(values, key).toHaveLength(1);
    return values[0] ?? '';
  };

  it('starts node itself, as a user, with the database in its state directory', () => {
    // No npm or shell between systemd and node: the stop signal reaches the graceful shutdown.
    // The flags are npm start's.
    const [node, ...rest] = one('ExecStart').split(' ');
    expect(node).toMatch(/^(node|\/\S*\/node)$/);
    expect(rest).toEqual([...serverNodeFlags(), '/opt/housecup/dist/src/main.js']);
    expect(one('User')).not.toMatch(/^(root|0)$/);
    expect(one('WorkingDirectory')).toBe('/opt/housecup');
    expect(one('Restart')).toBe('on-failure');
    const environment = Object.fromEntries(
      (settings.get('Environment') ?? []).map((pair) => pair.split('=') as [string, string]),
    );
    expect(dirname(environment.DATABASE_PATH ?? '')).toBe(`/var/lib/${one('StateDirectory')}`);
    expect(one('EnvironmentFile')).toBe('-/etc/housecup/housecup.env');
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
    ] as const) {
      expect(one(key), key).toBe(value);
    }
    // The graceful shutdown's 10 s fit in the stop timeout.
    expect(Number.parseInt(one('TimeoutStopSec'), 10)).toBeGreaterThan(10);
  });

  it('deploy/housecup.env, over the unit, is a valid configuration of documented variables', () => {
    const unitEnv = Object.fromEntries(
      (settings.get('Environment') ?? []).map((pair) => pair.split('=') as [string, string]),
    );
    const file = envFile(read(deploy('housecup.env')));
    for (const name of Object.keys(file)) expect(Object.keys(example), name).toContain(name);
    const config = loadConfig({ ...unitEnv, ...file });
    expect(config.databasePath).toBe('/var/lib/housecup/housecup.db');
    expect(config.autoFirstKey).toBe(false);
    // nginx (deploy/nginx.conf) proxies to this address, from loopback, which is trusted.
    const nginx = read(deploy('nginx.conf'));
    expect(nginx).toContain(`server ${config.host}:${config.port};`);
    expect(config.trustProxy).toContain('127.0.0.1');
  });

  const systemdAnalyze = needOutside('systemd-analyze', import.meta.filename);
  describe.skipIf(!systemdAnalyze)('systemd-analyze verify', () => {
    const dir = mkdtempSync(join(tmpdir(), 'housecup-unit-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** systemd-analyze's verdict on `text` as a unit file: exit status and what it printed. */
    function verify(text: string) {
      const file = join(dir, 'housecup.service');
      writeFileSync(file, text);
      const result = spawnSync(systemdAnalyze ?? '', ['verify', '--man=no', file], {
        encoding: 'utf8',
      });
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    }

    // systemd finds a bare `node` in /usr/local/bin, /usr/bin, … (its fixed search path); a
    // machine whose node lives elsewhere (nvm) gets its own path in the copy verified here.
    const searched = [
      '/usr/local/sbin',
      '/usr/local/bin',
      '/usr/sbin',
      '/usr/bin',
      '/sbin',
      '/bin',
    ];
    const nodeFound = searched.some((folder) => existsSync(join(folder, 'node')));
    const verifiable = nodeFound
      ? unit
      : unit.replace(/^ExecStart=node /m, `ExecStart=${resolve(process.execPath)} `);

    it('accepts the unit without a single warning', () => {
      expect(verify(verifiable)).toEqual({ status: 0, output: '' });
    });

    it('(control) reports a misspelt setting, so the check above can fail', () => {
      const broken = verify(verifiable.replace('ProtectSystem=strict', 'ProtectSystem=stricter'));
      expect(broken.output).toContain('stricter');
    });
  });
});

describe('deploy/compose.yaml', () => {
  interface Service {
    profiles: string[];
    build: { context: string; dockerfile: string };
    environment: Record<string, string>;
    ports: string[];
    volumes: string[];
    command: string[];
    depends_on: Record<string, unknown> | string[];
  }
  const compose = parse(read(deploy('compose.yaml'))) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const housecup = compose.services.housecup as Service;
  const image = envOf(stage(readDockerfile(deploy('Dockerfile')), 'runtime'));

  /** `${NAME:-default}` as compose reads it with NAME unset. */
  const unset = (value: string) =>
    String(value).replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_, fallback?: string) => fallback ?? '');

  it('builds the Dockerfile of this folder from the repository root', () => {
    const context = join(packageRoot, 'deploy', housecup.build.context);
    expect(context).toBe(packageRoot.replace(/\/$/, ''));
    expect(existsSync(join(context, housecup.build.dockerfile))).toBe(true);
  });

  it('sets only documented variables, into a valid configuration with the image’s', () => {
    for (const name of Object.keys(housecup.environment)) {
      expect(Object.keys(example), name).toContain(name);
    }
    for (const name of Object.keys(image)) {
      if (name !== 'NODE_ENV') expect(Object.keys(example), name).toContain(name);
    }
    const environment = Object.fromEntries(
      Object.entries(housecup.environment).map(([name, value]) => [name, unset(value)]),
    );
    const config = loadConfig({ ...image, ...environment });
    expect(config.autoFirstKey).toBe(false);
    expect(config.host).toBe('0.0.0.0');

    // The database is on the named volume; the published port is the one the server listens on.
    const [volume, target] = (housecup.volumes[0] ?? '').split(':');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(target).toBe(dirname(config.databasePath));
    expect(housecup.ports).toEqual([`127.0.0.1:${config.port}:${config.port}`]);
  });

  describe('the cluster profile', () => {
    const services = compose.services;
    const node = services.node as Service;
    const postgres = services.postgres as Service;
    const cluster = Object.entries(services)
      .filter(([, service]) => service.profiles.includes('cluster'))
      .map(([name]) => name);
    const config = loadConfig({
      ...image,
      ...Object.fromEntries(
        Object.entries(node.environment).map(([name, value]) => [name, unset(value)]),
      ),
    });

    it('has a load balancer, nodes, PostgreSQL and Redis, and leaves the single node out', () => {
      expect(cluster.sort()).toEqual(['node', 'postgres', 'proxy', 'redis']);
      expect(housecup.profiles).toEqual(['single']);
      expect(node.build).toEqual(housecup.build);
      // Stateless: nothing of a node is on a volume or reachable but through the proxy.
      expect(node.volumes).toBeUndefined();
      expect(node.ports).toBeUndefined();
      expect((services.proxy as Service).ports).toEqual(['127.0.0.1:3000:80']);
    });

    it('configures the nodes with documented variables naming the postgres and redis services', () => {
      for (const name of Object.keys(node.environment)) {
        expect(Object.keys(example), name).toContain(name);
      }
      const database = new URL(config.databaseUrl ?? '');
      expect(database.hostname).toBe('postgres');
      expect(database.username).toBe(unset(postgres.environment.POSTGRES_USER ?? ''));
      expect(database.password).toBe(unset(postgres.environment.POSTGRES_PASSWORD ?? ''));
      expect(database.pathname).toBe(`/${unset(postgres.environment.POSTGRES_DB ?? '')}`);
      expect(new URL(config.redisUrl ?? '').hostname).toBe('redis');
      expect(Object.keys(node.depends_on)).toEqual(['postgres', 'redis']);
      // Redis holds budgets of a minute: it keeps nothing on disk.
      expect((services.redis as Service).command).toEqual(
        expect.arrayContaining(['--save', '', '--appendonly', 'no']),
      );
    });

    it('balances over the nodes on the port they listen on, with the proxy trusted', () => {
      const nginx = read(deploy('nginx-compose.conf'));
      expect(nginx).toContain(`server node:${config.port}`);
      expect(config.trustProxy).toContain('uniquelocal');
    });
  });
});
