import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { ImportError } from '../../src/transfer/format.js';
import { runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { rawRequest } from '../support/raw-http.js';
import { startTestService, type TestService } from '../support/service.js';
import { storeKinds } from '../support/store.js';

let s: TestService;

/*
 * The CLI runs in a child process for what each test is about; what the store holds before and
 * after ("writes nothing") is read in this process (exportData, what `housecup export` prints):
 * each CLI run costs a process start.
 */

const cli = (...args: string[]) => runCli(args, s.storeEnv);

describe.each(storeKinds(import.meta.filename))('the CLI on %s', (store) => {
  beforeAll(async () => {
    s = await startTestService({}, store);
  });
  afterAll(async () => {
    await s.shutdown();
  });

  describe('import and export', () => {
    it('export → import → export gives identical output, the ledger with it', async () => {
      // Awards and an undo: the export's history carries who gave them and why.
      const given = await s.store.awards.award({
        ...{ guildId: RICH, house: 'ravenclaw', points: 5, reason: 'wit' },
        ...{ by: 'prefect', for: null },
      });
      if (given.outcome !== 'awarded') throw new Error(given.outcome);
      await s.store.awards.undo({ guildId: RICH, id: given.entry.id, by: 'head' });
      const first = cli('export');
      expect(
        JSON.parse(first.stdout).guilds.find((g: { id: string }) => g.id === RICH).history,
      ).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ source: 'award', by: 'prefect', reason: 'wit', undone: true }),
          expect.objectContaining({ source: 'undo', by: 'head' }),
        ]),
      );
      expect(first.status).toBe(0);
      const file = join(s.dir, 'export.json');
      writeFileSync(file, first.stdout);
      const imported = cli('import', file);
      expect(imported.status).toBe(0);
      const second = cli('export');
      expect(second.stdout).toBe(first.stdout);
    });

    it('imports a file, replacing only the guilds it names, and the running server serves it', async () => {
      const file = join(s.dir, 'fixture.json');
      writeFileSync(file, JSON.stringify(fixture));
      const before = JSON.parse(cli('export', '--guild', '1133557799224466880').stdout) as unknown;
      expect(cli('import', file).status).toBe(0);
      const read = () =>
        fetch(`${s.url}/v1/points/${RICH}`, { headers: { authorization: s.firstKey } }).then(
          (response) => response.json(),
        );
      expect(
        await eventually(read, (body) => (body as { gryffindor?: number }).gryffindor === 120),
      ).toEqual({
        gryffindor: 120,
        slytherin: 95,
        ravenclaw: 80,
        hufflepuff: 101,
        status: 200,
      });
      // RICH is the demo's guild id too: it was replaced; restore it for the other tests.
      writeFileSync(file, JSON.stringify(before));
      expect(cli('import', file).status).toBe(0);
      const exportedOne = JSON.parse(cli('export', '--guild', RICH).stdout) as {
        guilds: { id: string }[];
      };
      expect(exportedOne.guilds.map((g) => g.id)).toEqual([RICH]);
    });

    it.each([
      [
        'a bad house',
        {
          guilds: [
            {
              id: 'g1',
              players: [
                { user_id: '1', name: 'A' },
                { user_id: '2', name: 'B', house: 'muggle' },
              ],
            },
          ],
        },
        'guilds[0].players[1].house',
      ],
      ['a missing name', { guilds: [{ id: 'g1', jobs: [{ id: 1 }] }] }, 'guilds[0].jobs[0].name'],
      [
        'a job that does not exist',
        {
          guilds: [
            {
              id: 'g1',
              jobs: [{ id: 1, name: 'A' }],
              players: [{ user_id: '1', name: 'A', job_id: 2 }],
            },
          ],
        },
        'guilds[0].players[0].job_id',
      ],
      [
        'a negative salary',
        { guilds: [{ id: 'g1', jobs: [{ name: 'A', salary: -1 }] }] },
        'guilds[0].jobs[0].salary',
      ],
      [
        'a year of 8',
        { guilds: [{ id: 'g1', players: [{ user_id: '1', name: 'A', year: 8 }] }] },
        'guilds[0].players[0].year',
      ],
      [
        'a bad date',
        { guilds: [{ id: 'g1', players: [{ user_id: '1', name: 'A', created_at: 'yesterday' }] }] },
        'guilds[0].players[0].created_at',
      ],
      ['an unknown field', { guilds: [{ id: 'g1', colour: 'red' }] }, 'guilds[0]'],
      ['a duplicate guild', { guilds: [{ id: 'g1' }, { id: 'g1' }] }, 'guilds[1].id'],
      [
        'a ledger entry of no house',
        {
          guilds: [
            {
              id: 'g1',
              ledger: [
                {
                  id: 1,
                  at: '2026-01-01T00:00:00Z',
                  house: 'muggle',
                  delta: 1,
                  total: 1,
                  source: 'game',
                },
              ],
            },
          ],
        },
        'guilds[0].ledger[0].house',
      ],
      ['no guilds list', {}, 'guilds'],
    ])('a file with %s writes nothing and names the path', async (_label, data, path) => {
      // The store's import, in this process: what the CLI's import calls. The CLI's own line
      // (`housecup: ` and the problems on one line) is checked by the tests below, through it.
      const before = await s.store.exportData();
      const refused = await s.store.importData(data).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ImportError);
      expect((refused as ImportError).message.startsWith(path)).toBe(true);
      expect((refused as ImportError).message).not.toContain('\n');
      expect(await s.store.exportData()).toEqual(before);
    });

    it('reports every problem of a file in one run, in plain words, and writes nothing', async () => {
      const before = await s.store.exportData();
      const file = join(s.dir, 'many.json');
      writeFileSync(
        file,
        JSON.stringify({
          guilds: [
            {
              id: 'g1',
              points: { gryffindor: 1, slytherin: 'x', ravenclaw: 1 },
              jobs: [{ name: '   ' }, { id: 1.5, name: 'B', salary: -3 }],
              players: [
                { user_id: '1', name: 'A', house: 'ravenpuff', year: 9, galleons: 1e20 },
                { name: 'Z' },
              ],
              colour: 'red',
            },
          ],
        }),
      );
      const result = cli('import', file);
      expect(result.status).toBe(1);
      // One line, as a scheduled job's mail or the journal keeps it.
      expect(result.stderr).toBe(
        `${[
          'housecup: 10 problems in the file; nothing was written: guilds[0].points.slytherin: must be a number',
          'guilds[0].points.hufflepuff: is required',
          'guilds[0].jobs[0].name: must not be blank',
          'guilds[0].jobs[1].id: must be a whole number',
          'guilds[0].jobs[1].salary: must be 0 or more',
          'guilds[0].players[0].house: must be one of gryffindor, slytherin, ravenclaw, hufflepuff',
          'guilds[0].players[0].year: must be from 1 to 7',
          `guilds[0].players[0].galleons: must be at most ${Number.MAX_SAFE_INTEGER}`,
          'guilds[0].players[1].user_id: is required',
          'guilds[0]: unknown field "colour"',
        ].join('; ')}\n`,
      );
      expect(await s.store.exportData()).toEqual(before);
    });

    it('reports at most 20 problems, then how many more', () => {
      const file = join(s.dir, 'lots.json');
      const players = Array.from({ length: 30 }, () => ({ user_id: '1', name: '' }));
      writeFileSync(file, JSON.stringify({ guilds: [{ id: 'g1', players }] }));
      const { stderr } = cli('import', file);
      expect(stderr).toMatch(/^housecup: 30 problems in the file; nothing was written: [^\n]*\n$/);
      expect(stderr.match(/\.name: must not be blank/g)).toHaveLength(20);
      expect(stderr.endsWith('; and 10 more\n')).toBe(true);
    });

    it('a broken file that is valid for its first guilds writes none of them', async () => {
      const before = await s.store.exportData();
      const file = join(s.dir, 'half.json');
      writeFileSync(
        file,
        JSON.stringify({
          guilds: [
            {
              id: 'new-guild',
              points: { gryffindor: 1, slytherin: 1, ravenclaw: 1, hufflepuff: 1 },
            },
            { id: 'x', players: [{ user_id: '1' }] },
          ],
        }),
      );
      const result = cli('import', file);
      expect(result.stderr).toContain('guilds[1].players[0].name');
      expect(await s.store.exportData()).toEqual(before);
    });

    it('explains a file that is not JSON, or not there', () => {
      const file = join(s.dir, 'not.json');
      writeFileSync(file, '{"guilds": [');
      const notJson = cli('import', file);
      expect(notJson.status).toBe(1);
      expect(notJson.stderr).toMatch(/^housecup: .*not\.json is not valid JSON/);
      const missing = cli('import', join(s.dir, 'nope.json'));
      expect(missing.status).toBe(1);
      expect(missing.stderr).toBe(
        `housecup: Cannot read ${join(s.dir, 'nope.json')}: no such file\n`,
      );
    });
  });

  describe('migrate', () => {
    it('migrate is idempotent', () => {
      expect(cli('migrate').status).toBe(0);
      expect(cli('migrate').stdout).toContain('up to date');
    });
  });

  describe('import - and export of named guilds', () => {
    const guild = {
      id: 'from-a-pipe',
      points: { gryffindor: 7, slytherin: 6, ravenclaw: 5, hufflepuff: 4 },
      jobs: [],
      players: [],
    };

    it('import - reads the file from standard input, as a scheduled job pipes it', async () => {
      const piped = runCli(['import', '-'], s.storeEnv, JSON.stringify({ guilds: [guild] }));
      expect(piped.status, piped.stderr).toBe(0);
      expect(piped.stdout).toBe('Imported 1 guild(s): 0 profile(s), 0 job(s).\n');
      expect(piped.stderr).toBe('');
      const exported = cli('export', '--guild', guild.id);
      // The import's own change, recorded in the guild's history (docs/http-api.md) as the
      // import's: its ledger has an entry per house, source `import`.
      const history = [{ at: expect.stringMatching(/Z$/), ...guild.points, source: 'import' }];
      expect(JSON.parse(exported.stdout)).toEqual({ guilds: [{ ...guild, history }] });
      // A new connection: the runs of the CLI above block this process (the server's too) for
      // longer than the server's 30 s request timeout, which then closes fetch's pooled connection.
      const read = async () =>
        JSON.parse(
          (
            await rawRequest(s.url, `/v1/points/${guild.id}`, {
              authorization: s.firstKey,
              connection: 'close',
            })
          ).text,
        ) as { status: number };
      expect(await eventually(read, (body) => body.status === 200)).toEqual({
        ...guild.points,
        status: 200,
      });
    });

    it('import - of something that is not JSON writes nothing and says so on one line', async () => {
      const before = await s.store.exportData();
      const piped = runCli(['import', '-'], s.storeEnv, '{"guilds": [');
      expect(piped.status).toBe(1);
      expect(piped.stderr).toMatch(/^housecup: standard input is not valid JSON: [^\n]*\n$/);
      expect(await s.store.exportData()).toEqual(before);
    });

    it('export of a guild that has no data is an error, not an empty file', () => {
      const missing = cli('export', '--guild', 'no-such-guild');
      expect(missing.status).toBe(1);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toBe(
        `housecup: Guild no-such-guild not found in ${s.store.location}: nothing exported\n`,
      );
      // One known and two unknown: the unknown ones are named, nothing is written.
      const some = cli('export', '--guild', RICH, '--guild', 'x1', '--guild', 'x2');
      expect(some.status).toBe(1);
      expect(some.stdout).toBe('');
      expect(some.stderr).toMatch(/^housecup: Guilds x1, x2 not found in /);
    });
  });
});

describe('a SQLite database in a missing directory', () => {
  it('is one clear line', () => {
    // migrate would create the file (other commands say no database is there at all).
    const result = runCli(['migrate'], join(tmpdir(), 'housecup-missing', 'x.db'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^housecup: Cannot open database .*: directory .* does not exist\n$/,
    );
  });
});

describe('housecup --version', () => {
  it('prints the version of package.json', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V']) {
      const result = cli(flag);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(`${manifest.version}\n`);
    }
  });
});
