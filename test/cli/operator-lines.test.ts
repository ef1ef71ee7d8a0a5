import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTransferFile, ImportError } from '../../src/transfer/format.js';
import { type CliResult, runCli } from '../support/cli.js';

/*
 * What the CLI prints, as docs/cli-and-data.md promises it: a command that succeeds prints its
 * one line on stdout and nothing on stderr (a scheduled job sends stdout to /dev/null and is
 * mailed only on failure); one that fails exits 1 with one line on stderr and nothing on stdout.
 */

const GUILD = '1133557799224466880';
const MAX = Number.MAX_SAFE_INTEGER;

let dir: string;
let database: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-lines-'));
  database = join(dir, 'housecup.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args, database);

/** Writes `data` as a JSON file (or as given, when text) and returns its path. */
function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}

function succeeded(result: CliResult, line: RegExp | string): void {
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  if (typeof line === 'string') expect(result.stdout).toBe(`${line}\n`);
  else expect(result.stdout).toMatch(line);
  expect(result.stdout.split('\n')).toHaveLength(2);
}

function failed(result: CliResult, line: RegExp | string): void {
  expect(result.stdout).toBe('');
  expect(result.status).toBe(1);
  if (typeof line === 'string') expect(result.stderr).toBe(`housecup: ${line}\n`);
  else expect(result.stderr).toMatch(line);
  expect(result.stderr.split('\n')).toHaveLength(2);
}

const guildWith = (player: Record<string, unknown>, points?: Record<string, unknown>) => ({
  guilds: [
    {
      id: GUILD,
      ...(points ? { points } : {}),
      players: [{ user_id: '200000000000000001', name: 'Harry', ...player }],
    },
  ],
});

describe('a command that succeeds prints one line on stdout, nothing on stderr', () => {
  it('migrate, import, keys create, keys revoke, publish, unpublish, copy', () => {
    succeeded(cli('migrate'), `Database ${database} is up to date.`);
    succeeded(
      cli(
        'import',
        file(
          'one.json',
          guildWith(
            { house: 'gryffindor' },
            { gryffindor: 5, slytherin: 4, ravenclaw: 3, hufflepuff: 2 },
          ),
        ),
      ),
      'Imported 1 guild(s): 1 profile(s), 0 job(s).',
    );
    const created = cli('keys', 'create', '--name', 'cron');
    succeeded(created, /^hc_[A-Za-z0-9_-]{32}\n$/);
    succeeded(cli('keys', 'revoke', '1'), 'Key 1 revoked.');
    succeeded(cli('publish', GUILD), `Published: http://127.0.0.1:3000/cup/${GUILD}`);
    succeeded(cli('unpublish', GUILD), `Unpublished guild ${GUILD}.`);
    const target = join(dir, 'copy.db');
    succeeded(
      cli('copy', '--to', target),
      new RegExp(`^Copied ${database} to ${target}: [^\\n]*1 profiles[^\\n]*\\.\\n$`),
    );
  });
});

describe('a command that fails exits 1 with one line on stderr', () => {
  it('an import file with several problems: every problem on the one line', () => {
    const broken = file('broken.json', guildWith({ house: 'ravenpuff', year: 9 }));
    failed(
      cli('import', broken),
      '2 problems in the file; nothing was written: guilds[0].players[0].house: must be one of gryffindor, slytherin, ravenclaw, hufflepuff; guilds[0].players[0].year: must be from 1 to 7',
    );
  });

  it('a file that is not there, or is a folder: in words, without an errno code', () => {
    const missing = join(dir, 'nope.json');
    failed(cli('import', missing), `Cannot read ${missing}: no such file`);
    failed(cli('import', dir), `Cannot read ${dir}: it is a folder, not a file`);
  });

  it('a file that is not an object says what is expected', () => {
    const expected = '(file): must be an object like {"guilds":[…]}';
    failed(cli('import', file('list.json', [{ id: GUILD }])), expected);
    failed(cli('import', file('null.json', 'null')), expected);
  });

  it('a copy into a store that holds data', () => {
    expect(cli('migrate').status).toBe(0);
    const target = join(dir, 'full.db');
    expect(runCli(['migrate'], target).status).toBe(0);
    expect(runCli(['keys', 'create'], target).status).toBe(0);
    failed(
      cli('copy', '--to', target),
      `${target} already holds guild data or keys: nothing copied (--replace overwrites it)`,
    );
  });

  it('a command line it cannot read: the error, and where the usage is', () => {
    failed(
      cli('import'),
      "missing required argument 'file' (`housecup import --help` shows the usage)",
    );
    failed(
      cli('frobnicate'),
      /^housecup: unknown command 'frobnicate'[^\n]*--help` shows the usage\)\n$/,
    );
  });
});

describe('a number too large is named by its bound, not called "not a whole number"', () => {
  it.each([
    [
      'galleons past safe integers',
      guildWith({ galleons: 1e20 }),
      `guilds[0].players[0].galleons: must be at most ${MAX}`,
    ],
    [
      'galleons at 2^53',
      guildWith({ galleons: MAX + 1 }),
      `guilds[0].players[0].galleons: must be at most ${MAX}`,
    ],
    [
      'an id past safe integers',
      guildWith({ id: 1e30 }),
      `guilds[0].players[0].id: must be at most ${MAX}`,
    ],
    [
      'points far below zero',
      guildWith({}, { gryffindor: -1e20, slytherin: 0, ravenclaw: 0, hufflepuff: 0 }),
      `guilds[0].points.gryffindor: must be at least ${-MAX}`,
    ],
  ])('%s', (_label, data, problem) => {
    // The file's check, in this process: the CLI's import runs it and prints its one line, as
    // the first case shows through the CLI.
    expect(() => checkTransferFile(JSON.parse(JSON.stringify(data)))).toThrow(
      new ImportError(problem),
    );
  });

  it('galleons past safe integers, through the CLI', () => {
    failed(
      cli('import', file('large.json', guildWith({ galleons: 1e20 }))),
      `guilds[0].players[0].galleons: must be at most ${MAX}`,
    );
  });

  it('the bound itself is taken, stored and given back', () => {
    succeeded(cli('import', file('max.json', guildWith({ galleons: MAX }))), /^Imported 1 guild/);
    const exported = cli('export', '--guild', GUILD);
    expect(exported.stdout).toContain(`"galleons": ${MAX}`);
  });

  it('--rate-limit past safe integers', () => {
    failed(
      cli('keys', 'create', '--rate-limit', '99999999999999999999'),
      `option '--rate-limit <n>' argument '99999999999999999999' is invalid. must be at most ${MAX} (\`housecup keys create --help\` shows the usage)`,
    );
  });
});
