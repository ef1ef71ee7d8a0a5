import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { rawRequest } from '../support/raw-http.js';
import { startTestService, type TestService } from '../support/service.js';
import { storeKinds } from '../support/store.js';

let s: TestService;

const cli = (...args: string[]) => runCli(args, s.storeEnv);
const points = (key: string) =>
  fetch(`${s.url}/v1/points/1133557799224466880`, { headers: { authorization: key } }).then(
    (r) => r.status,
  );
/** The status of `key` once the running server has seen the CLI's commit (within a second). */
const settled = (key: string, status: number) =>
  eventually(
    () => points(key),
    (s) => s === status,
  );

/** Everything the store holds of the keys, as text: a key must not be in it. */
async function storedKeys(): Promise<string> {
  if (s.store.kind === 'sqlite') return readFileSync(s.databasePath).toString('latin1');
  const client = new pg.Client({ connectionString: s.storeEnv.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ row: string }>('SELECT t::text AS row FROM api_keys t');
    return rows.map((row) => row.row).join('\n');
  } finally {
    await client.end();
  }
}

describe.each(storeKinds(import.meta.filename))('the CLI on %s', (store) => {
  beforeAll(async () => {
    s = await startTestService({}, store);
  });
  afterAll(async () => {
    await s.shutdown();
  });

  describe('keys', () => {
    it('create → list → revoke, with a running server refusing the revoked key at once', async () => {
      const created = cli('keys', 'create', '--name', 'dashboard');
      expect(created.status).toBe(0);
      const key = created.stdout.trim();
      expect(created.stdout).toMatch(/^hc_[A-Za-z0-9_-]{32}\n$/);
      expect(await settled(key, 200)).toBe(200);

      const listed = cli('keys', 'list', '--json');
      expect(listed.status).toBe(0);
      const records = JSON.parse(listed.stdout) as {
        id: number;
        name: string;
        hint: string;
        revoked_at: string | null;
        last_used_at: string | null;
      }[];
      const record = records.find((r) => r.name === 'dashboard');
      expect(record?.revoked_at).toBeNull();
      expect(record?.hint).toBe(`${key.slice(0, 7)}…`);
      expect(listed.stdout).not.toContain(key);
      const table = cli('keys', 'list');
      expect(table.stdout).toMatch(/ID\s+NAME\s+HINT\s+SCOPE/);
      expect(table.stdout).toContain('dashboard');
      expect(table.stdout).not.toContain(key);

      const revoked = cli('keys', 'revoke', String(record?.id));
      expect(revoked.status).toBe(0);
      expect(await settled(key, 401)).toBe(401);
      expect(await points(s.firstKey)).toBe(200);
      expect(cli('keys', 'revoke', String(record?.id)).status).toBe(1);
    });

    it('stores only a digest of each key', async () => {
      const { stdout } = cli('keys', 'create');
      const key = stdout.trim();
      expect(await storedKeys()).not.toContain(key);
      expect(await settled(key, 200)).toBe(200);
    });

    it('scopes a key to the guilds named', async () => {
      const key = cli('keys', 'create', '--guild', '1133557799224466881').stdout.trim();
      expect(await settled(key, 403)).toBe(403);
    });

    it('refuses bad arguments with a clear message and exit 1', () => {
      const badGuild = cli('keys', 'create', '--guild', 'no spaces');
      expect(badGuild.status).toBe(1);
      expect(badGuild.stderr).toContain('guild id');
      expect(cli('keys', 'revoke', 'abc').status).toBe(1);
      const unknown = cli('keys', 'revoke', '9999');
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toBe('housecup: No active key with id 9999\n');
    });
  });

  describe('import and export', () => {
    it('export → import → export gives identical output', () => {
      const first = cli('export');
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
      ['no guilds list', {}, 'guilds'],
    ])('a file with %s writes nothing and names the path', (_label, data, path) => {
      const before = cli('export').stdout;
      const file = join(s.dir, 'broken.json');
      // The first guild is valid, so a partial write would show.
      writeFileSync(file, JSON.stringify(data));
      const result = cli('import', file);
      expect(result.status).toBe(1);
      expect(result.stderr.startsWith(`housecup: ${path}`)).toBe(true);
      expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(cli('export').stdout).toBe(before);
    });

    it('reports every problem of a file in one run, in plain words, and writes nothing', () => {
      const before = cli('export').stdout;
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
      expect(cli('export').stdout).toBe(before);
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

    it('a broken file that is valid for its first guilds writes none of them', () => {
      const before = cli('export').stdout;
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
      expect(cli('export').stdout).toBe(before);
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
      // The import's own change, recorded in the guild's history (docs/http-api.md).
      const history = [{ at: expect.stringMatching(/Z$/), ...guild.points }];
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

    it('import - of something that is not JSON writes nothing and says so on one line', () => {
      const before = cli('export').stdout;
      const piped = runCli(['import', '-'], s.storeEnv, '{"guilds": [');
      expect(piped.status).toBe(1);
      expect(piped.stderr).toMatch(/^housecup: standard input is not valid JSON: [^\n]*\n$/);
      expect(cli('export').stdout).toBe(before);
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
