import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';

/*
 * `housecup --help` lists every command, one line each; and the `bin` works from a clone:
 * built as `npm install` builds it (the `prepare` script), run as `npx housecup`.
 */

const COMMANDS = [
  'keys create',
  'keys list',
  'keys revoke',
  'import',
  'export',
  'migrate',
  'register',
] as const;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, {
    cwd: packageRoot,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The lines of the help's "Commands:" section. */
function commandLines(help: string): string[] {
  const section = help.split('\nCommands:\n')[1] ?? '';
  return section.split('\n').filter((line) => line.trim() !== '');
}

let fromSource: ReturnType<typeof run>;
beforeAll(() => {
  fromSource = run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', '--help']);
});

describe('housecup --help', () => {
  it('lists every command, subcommands included, each on one line', () => {
    expect(fromSource.status, fromSource.stderr).toBe(0);
    const lines = commandLines(fromSource.stdout);
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

describe('the bin', () => {
  it('package.json points `housecup` at bin/housecup.js', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ housecup: 'bin/housecup.js' });
    expect(manifest.scripts.prepare).toBe('npm run build');
  });

  it('built as npm install builds it, `npx housecup --help` prints the same help', () => {
    const build = run(process.execPath, [
      join(packageRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'tsconfig.build.json',
    ]);
    expect(build.status, build.stdout + build.stderr).toBe(0);

    const bin = run(process.execPath, ['bin/housecup.js', '--help']);
    expect(bin.status, bin.stderr).toBe(0);
    expect(bin.stdout).toBe(fromSource.stdout);

    const npx = run('npx', ['--no-install', 'housecup', '--help']);
    expect(npx.status, npx.stderr).toBe(0);
    expect(npx.stdout).toBe(fromSource.stdout);
  }, 180_000); // a full tsc build, then npx: slow on a busy CI machine
});
