import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { ENDED_LINES, OLDEST_NODE } from '../../src/supported-node.js';

/*
 * On a Node.js housecup does not support, the service and the CLI say so in one line and stop.
 * The Node running the suite poses as another version (process.versions, set before the entry
 * point loads), so the check is shown without an old Node on the machine.
 */

const engines = (
  JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;

/** Runs a built entry point as if on Node `version`. */
function runAs(version: string, entry: string, args: string[]) {
  const source = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(version)} } });
await import(${JSON.stringify(join(packageRoot, entry))});`;
  return spawnSync(
    process.execPath, // argv[1] as a script's path would be, for the CLI's parser.
    ['--input-type=module', '-e', source, '--', join(packageRoot, entry), ...args],
    {
      cwd: packageRoot,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_PATH: ':memory:', PORT: '0', LOG_LEVEL: 'silent' },
    },
  );
}

describe('supported Node.js', () => {
  it("package.json's engines start at the version the entry points check", () => {
    expect(engines.split('||')[0]?.trim()).toBe(`^${OLDEST_NODE.major}.${OLDEST_NODE.minor}.0`);
    // Every supported LTS line is allowed.
    for (const major of [22, 24, 26]) expect(engines).toContain(`${major}`);
  });

  it('the lines the start warns of are those no range of engines allows', () => {
    const allows = (range: string, major: number) => {
      const [, operator, from] = /^(\^|>=)(\d+)\./.exec(range.trim()) ?? [];
      return operator === '^' ? Number(from) === major : major >= Number(from);
    };
    const ranges = engines.split('||');
    for (const major of ENDED_LINES) {
      expect(ranges.filter((range) => allows(range, major))).toEqual([]);
    }
    for (const major of [22, 24, 26, 27]) {
      expect(ranges.some((range) => allows(range, major))).toBe(true);
    }
  });

  it.each([
    ['the service', 'dist/src/main.js', []],
    ['the CLI', 'dist/src/cli/main.js', ['keys', 'list']],
  ])('%s on Node 22.13 says which Node it needs, in one line, and stops', (_name, entry, args) => {
    const run = runAs('22.13.1', entry, args);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'housecup: needs Node.js 22.14 or later (the LTS lines 22, 24 and 26); this is Node.js 22.13.1\n',
    );
  });

  it('on Node 25, past its end of life, the CLI says so in one line and runs', () => {
    const run = runAs('25.2.1', 'dist/src/cli/main.js', ['--version']);
    expect(run.stderr).toBe(
      'housecup: Node.js 25.2.1 is past its end of life and not supported (the LTS lines 22, 24 and 26); running anyway\n',
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('the CLI runs on the oldest supported version', () => {
    const run = runAs(`${OLDEST_NODE.major}.${OLDEST_NODE.minor}.0`, 'dist/src/cli/main.js', [
      '--version',
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
