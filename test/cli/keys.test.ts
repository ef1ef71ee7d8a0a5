import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { startTestService, type TestService } from '../support/service.js';
import { storeKinds } from '../support/store.js';

/*
 * `housecup keys` in a child process against a running server, which must refuse a revoked key
 * at once. A file of its own (from cli.test.ts): the CLI's runs are process starts, and two
 * files run beside each other.
 */

let s: TestService;

const cli = (...args: string[]) => runCli(args, s.storeEnv);
const points = (key: string) =>
  fetch(`${s.url}/v1/points/1133557799224466880`, { headers: { authorization: key } }).then(
    (r) => r.status,
  );
/** The status of `key` once the running server has seen the CLI's commit. */
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

describe.each(storeKinds(import.meta.filename))('housecup keys on %s', (store) => {
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

    it('refuses a name that would break the list: more than one line, or over 100 characters', () => {
      for (const name of ['two\nlines', 'a\ttab', `\u001b[31mred`, 'x'.repeat(101)]) {
        const refused = cli('keys', 'create', '--name', name);
        expect([refused.status, refused.stderr], name).toEqual([
          1,
          'housecup: Invalid name: must be one line of at most 100 characters\n',
        ]);
      }
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
});
