import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { StoreKind } from '../../src/store/store.js';
import { runCliAsync } from '../support/cli.js';
import { fixture, RICH } from '../support/fixture.js';
import { databaseUrl, runAsAdmin } from '../support/postgres-template.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { type Receiver, startReceiver } from '../webhooks/support/receiver.js';

/*
 * `housecup copy` through the real CLI, from each store to the other: the webhook subscriptions
 * arrive with their secrets (a delivery from the target verifies with the secret `webhook add`
 * gave on the source), the live scoreboards arrive, and the line says what stayed behind. A
 * PostgreSQL database that is not there is named with how to make it.
 */

const lines = (text: string) => text.split('\n').filter(Boolean);
const ALLOW = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' };
/** A test that starts several CLI processes, each a few seconds on a busy machine. */
const CLI_RUNS = 120_000;

const kinds = storeKinds(import.meta.filename);
const [one = 'sqlite', other = one] = kinds;
const pairs: [StoreKind, StoreKind][] =
  one === other
    ? [[one, one]]
    : [
        [one, other],
        [other, one],
      ];

const opened: TestStore[] = [];
let receiver: Receiver;
afterAll(async () => {
  await receiver?.close();
  for (const test of opened) await test.cleanup();
});

describe.each(pairs)('housecup copy from %s to %s', (fromKind, toKind) => {
  it(
    'carries the webhook subscriptions, whose deliveries verify with the same secret, and the live scoreboards',
    async () => {
      const source = await openTestStore(fromKind, fixture);
      const target = await openTestStore(toKind);
      opened.push(source, target);
      receiver ??= await startReceiver();
      const onSource = (...args: string[]) => runCliAsync(args, { ...source.env, ...ALLOW });
      const onTarget = (...args: string[]) => runCliAsync(args, { ...target.env, ...ALLOW });

      const added = await onSource('webhook', 'add', RICH, receiver.url, '--events', 'points');
      const [id = '', secret = ''] = lines(added.stdout);
      receiver.secret = secret;
      expect((await onSource('webhook', 'test', id)).status).toBe(0);
      const live = { guildId: RICH, channelId: '300', messageId: '400', locale: 'de', seq: 0 };
      expect(await source.store.liveMessages.add(live, 5)).toBe('added');

      const to = target.env.DATABASE_URL ?? target.env.DATABASE_PATH ?? '';
      const copied = await onSource('copy', '--to', to);
      expect(copied.stderr).toBe('');
      expect(lines(copied.stdout)).toHaveLength(1);
      const [carried] = copied.stdout.split(';');
      expect(carried).toMatch(/[:,] 1 webhook_subscriptions\b/);
      expect(carried).toMatch(/[:,] 1 live_messages\b/);
      expect(copied.stdout).toMatch(
        /; not copied: 1 webhook_attempts, 1 webhook_cursors \(the webhooks' outbox, delivery attempts and cursor stay behind; the target delivers the changes made after the copy\)\.\n$/,
      );

      const listed = lines((await onTarget('webhook', 'list', RICH)).stdout);
      expect(listed[1]).toMatch(
        new RegExp(`^${id}\\s+${receiver.url.replace(/[.?]/g, '\\$&')}\\s+points\\s`),
      );
      const pinged = await onTarget('webhook', 'test', id);
      expect(pinged.stdout).toMatch(/^ping msg_\S+: 200 in \d+ ms\n$/);
      // Both pings verified with the secret given on the source; none refused.
      expect(receiver.refused).toEqual([]);
      expect(receiver.received.slice(-2).map((each) => each.message.type)).toEqual([
        'ping',
        'ping',
      ]);

      expect(await target.store.liveMessages.count(RICH)).toBe(1);
    },
    CLI_RUNS,
  );
});

describe('housecup copy to a PostgreSQL database that is not there', () => {
  const admin = kinds.includes('postgres') ? inject('outside').postgresql : null;
  it.runIf(admin)(
    'says how to create it, creates nothing, and copies once it is made',
    async () => {
      const source = await openTestStore('sqlite', fixture);
      opened.push(source);
      const name = `housecup_missing_${randomBytes(4).toString('hex')}`;
      const url = databaseUrl(admin ?? '', name);
      const refused = await runCliAsync(['copy', '--to', url], source.env);
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe('');
      const said = `housecup: Cannot connect to ${url}: database "${name}" does not exist; create it first (\`createdb `;
      expect(refused.stderr.startsWith(said), refused.stderr).toBe(true);
      expect(refused.stderr.slice(said.length)).toMatch(
        new RegExp(
          `^(-[hpU] \\S+ )*${name}\`, or \`CREATE DATABASE ${name};\` in psql\\), then run this again\n$`,
        ),
      );
      expect(refused.stderr).toContain(`-h ${new URL(url).hostname} `);
      const client = new pg.Client({ connectionString: admin ?? '' });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        expect(found.rowCount).toBe(0);
      } finally {
        await client.end();
      }

      await runAsAdmin(admin ?? '', `CREATE DATABASE ${name};`);
      try {
        const copied = await runCliAsync(['copy', '--to', url], source.env);
        expect(copied.stderr).toBe('');
        expect(copied.stdout).toMatch(/^Copied .* profiles/);
      } finally {
        await runAsAdmin(admin ?? '', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    CLI_RUNS,
  );
});
