import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAsync } from '../support/cli.js';
import { fixture, RICH } from '../support/fixture.js';
import { openTestStore, type TestStore } from '../support/store.js';
import { type Receiver, startReceiver } from '../webhooks/support/receiver.js';

/*
 * `housecup webhook …` through the real CLI (SQLite; the store's behaviour on both is
 * test/webhooks/'s): add prints the id then the secret, and nothing else ever shows the secret.
 */

const lines = (text: string) => text.split('\n').filter(Boolean);

describe('housecup webhook', () => {
  let test: TestStore;
  let receiver: Receiver;
  const cli = (...args: string[]) =>
    runCliAsync(['webhook', ...args], {
      ...test.env,
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
  beforeAll(async () => {
    test = await openTestStore('sqlite', fixture);
    receiver = await startReceiver((_, n) => (n === 1 ? 200 : 500));
  });
  afterAll(async () => {
    await receiver?.close();
    await test?.cleanup();
  });

  it('add prints two lines, id and secret; list, test, deliveries and remove never show the secret', async () => {
    const added = await cli('add', RICH, receiver.url, '--events', 'points,jobs');
    expect(added.stderr).toBe('');
    const [id, secret, ...rest] = lines(added.stdout);
    expect(id).toMatch(/^\d+$/);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret?.slice(6) ?? '', 'base64').length).toBeGreaterThanOrEqual(24);
    expect(rest).toEqual([]);
    receiver.secret = secret ?? '';

    const listed = await cli('list', RICH);
    expect(lines(listed.stdout)[0]).toMatch(/^ID\s+URL\s+EVENTS\s+CREATED\s+STATE$/);
    expect(lines(listed.stdout)[1]).toMatch(
      new RegExp(
        `^${id}\\s+${receiver.url.replace(/[.?]/g, '\\$&')}\\s+points,jobs\\s+\\S+\\s+open$`,
      ),
    );

    const pinged = await cli('test', id ?? '');
    expect(pinged.status).toBe(0);
    expect(pinged.stdout).toMatch(/^ping msg_\S+: 200 in \d+ ms\n$/);
    expect(receiver.received.map((each) => each.message.type)).toEqual(['ping']);

    const failed = await cli('test', id ?? '');
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^housecup: ping msg_\S+: 500 in \d+ ms\n$/);

    const deliveries = await cli('deliveries', id ?? '');
    const rows = lines(deliveries.stdout);
    expect(rows[0]).toMatch(/^TIME\s+STATUS\s+DURATION\s+TYPE\s+ATTEMPT\s+MESSAGE$/);
    expect(rows.slice(1).map((row) => row.split(/\s{2,}/).slice(1, 2))).toEqual([['500'], ['200']]);

    for (const output of [listed, pinged, failed, deliveries]) {
      expect(output.stdout + output.stderr).not.toContain('whsec_');
    }
    const removed = await cli('remove', id ?? '');
    expect(removed.stdout).toBe(`Webhook ${id} removed.\n`);
    expect(await test.store.webhooks.list(RICH)).toEqual([]);
  });

  it('refuses a bad URL, bad events and an unknown id: exit 1, one line', async () => {
    const [badUrl, badEvents, unknown] = await Promise.all([
      runCliAsync(['webhook', 'add', RICH, 'http://127.0.0.1:9/x'], test.env),
      cli('add', RICH, receiver.url, '--events', 'points,gold'),
      cli('remove', '999'),
    ]);
    expect([badUrl.status, badUrl.stderr]).toEqual([
      1,
      // Both settings would be needed (http, and a loopback address): both are named.
      'housecup: Webhook not added: the URL must start with https:// (WEBHOOK_ALLOW_HTTP=true allows http://), and 127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE=true allows it)\n',
    ]);
    expect(badEvents.stderr).toBe(
      'housecup: Webhook not added: events must be among points, premium, players, jobs, term, award\n',
    );
    expect([unknown.status, unknown.stderr]).toEqual([1, 'housecup: No webhook with id 999\n']);
  });
});
