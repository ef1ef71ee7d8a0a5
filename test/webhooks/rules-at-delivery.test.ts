import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { FAILING_REASON } from '../../src/webhooks/deliverer.js';
import { sendPing } from '../../src/webhooks/ping.js';
import type { Resolver, SafetyRules } from '../../src/webhooks/safety.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { captureLog } from '../support/log-capture.js';
import { openTestStore, storeKinds } from '../support/store.js';
import { startReceiver } from './support/receiver.js';
import { LOOPBACK_RULES, startNode, subscribe } from './support/setup.js';

/*
 * What is decided at each delivery: the address connected to (a DNS answer that changed after
 * `webhook add`), the three days of failures (the node's clock moved), and `webhook test`'s ping.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(kind: 'sqlite' | 'postgres', answer?: Parameters<typeof startReceiver>[0]) {
  const test = await openTestStore(kind, fixture);
  cleanups.push(() => test.cleanup());
  const receiver = await startReceiver(answer);
  cleanups.push(() => receiver.close());
  return { test, receiver };
}

/** A resolver whose answers the test changes as it goes. */
function switchable(initial: string): { resolve: Resolver; set(address: string): void } {
  let address = initial;
  return {
    resolve: async () => [{ address, family: 4 }],
    set(next) {
      address = next;
    },
  };
}

describe('at every delivery, the address actually connected to', () => {
  it('a name that resolved to a public address at `add` and to 127.0.0.1 since is refused, not sent', async () => {
    const { test, receiver } = await world('sqlite');
    const dns = switchable('93.184.216.34');
    const port = new URL(receiver.url).port;
    receiver.url = `http://rebind.example.com:${port}/hook`;
    const rules: SafetyRules = { allowHttp: true, allowPrivate: false, resolve: dns.resolve };
    const subscription = await subscribe(test, receiver, RICH, ['points'], dns.resolve);
    dns.set('127.0.0.1');
    const node = startNode(test, { rules });
    cleanups.push(() => node.stop());
    await foreignWrite(test, `UPDATE house_points SET gryffindor = 1 WHERE guild_id = '${RICH}'`);
    const attempts = await eventually(
      () => test.store.webhooks.attempts(subscription.id, 50),
      (got) => got.length >= 1,
    );
    expect(attempts[0]?.status).toBe('refused address');
    expect(receiver.ids).toEqual([]);
    expect((await node.stats()).deliveries.refused).toBeGreaterThanOrEqual(1);
  });

  it.each([
    '64:ff9b:1::7f00:1',
    '64:ff9b::7f00:1',
    '::ffff:0:7f00:1',
    '::7f00:1',
    '2002:7f00:1::1',
  ])(
    'a name that resolves since to %s (127.0.0.1 embedded) is refused, not sent',
    async (address) => {
      const { test, receiver } = await world('sqlite');
      let answer = { address: '93.184.216.34', family: 4 as 4 | 6 };
      const resolve: Resolver = async () => [answer];
      const port = new URL(receiver.url).port;
      receiver.url = `http://rebind.example.com:${port}/hook`;
      const rules: SafetyRules = { allowHttp: true, allowPrivate: false, resolve };
      const subscription = await subscribe(test, receiver, RICH, ['points'], resolve);
      answer = { address, family: 6 };
      const node = startNode(test, { rules });
      cleanups.push(() => node.stop());
      await foreignWrite(test, `UPDATE house_points SET gryffindor = 1 WHERE guild_id = '${RICH}'`);
      const attempts = await eventually(
        () => test.store.webhooks.attempts(subscription.id, 50),
        (got) => got.length >= 1,
      );
      expect(attempts[0]?.status).toBe('refused address');
      expect(receiver.ids).toEqual([]);
    },
  );

  it('the connection goes to the address the checked lookup gave (the name is never resolved twice)', async () => {
    const { test, receiver } = await world('sqlite');
    const dns = switchable('127.0.0.1');
    const port = new URL(receiver.url).port;
    receiver.url = `http://receiver.example.com:${port}/hook`;
    const rules: SafetyRules = { ...LOOPBACK_RULES, resolve: dns.resolve };
    await subscribe(test, receiver, RICH, ['points'], dns.resolve);
    const node = startNode(test, { rules });
    cleanups.push(() => node.stop());
    await foreignWrite(test, `UPDATE house_points SET gryffindor = 2 WHERE guild_id = '${RICH}'`);
    await eventually(
      async () => receiver.received.length,
      (got) => got >= 1,
    );
    expect(receiver.received[0]?.message.type).toBe('points.changed');
  });

  it('an IP literal in the URL is checked too (no lookup happens for it)', async () => {
    const { test, receiver } = await world('sqlite');
    const subscription = await subscribe(test, receiver, RICH, ['points']);
    const node = startNode(test, { rules: { ...LOOPBACK_RULES, allowPrivate: false } });
    cleanups.push(() => node.stop());
    await foreignWrite(test, `UPDATE house_points SET gryffindor = 3 WHERE guild_id = '${RICH}'`);
    const attempts = await eventually(
      () => test.store.webhooks.attempts(subscription.id, 50),
      (got) => got.length >= 1,
    );
    expect(attempts[0]?.status).toBe('refused address');
    expect(receiver.ids).toEqual([]);
  });
});

describe.each(storeKinds(import.meta.filename))('failing for 3 days on %s', (kind) => {
  it('disables the subscription, says so in the log, and never logs the secret', async () => {
    const { test, receiver } = await world(kind, () => 503);
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const log = captureLog();
    const subscription = await subscribe(test, receiver, RICH, ['points']);
    const node = startNode(test, { now, logger: log.logger, retryDelaysMs: Array(50).fill(40) });
    cleanups.push(() => node.stop());
    await foreignWrite(test, `UPDATE house_points SET slytherin = 1 WHERE guild_id = '${RICH}'`);
    const failing = await eventually(
      () => test.store.webhooks.get(subscription.id),
      (got) => got?.failingSince !== null,
    );
    expect(failing?.disabledAt).toBeNull();
    // Three days on the node's clock, less a minute: still failing, not disabled.
    offset = 3 * 24 * 3600_000 - 60_000;
    await eventually(
      async () => receiver.ids.length,
      (got) => got >= 3,
    );
    expect((await test.store.webhooks.get(subscription.id))?.disabledAt).toBeNull();
    offset = 3 * 24 * 3600_000 + 1_000;
    const after = await eventually(
      () => test.store.webhooks.get(subscription.id),
      (got) => got?.disabledAt !== null,
    );
    expect(after?.disabledReason).toBe(FAILING_REASON);
    const line = await eventually(
      async () => log.entries().find((entry) => entry.msg === 'webhook subscription disabled'),
      (found) => found !== undefined,
    );
    expect(line).toMatchObject({
      subscription: subscription.id,
      guild: RICH,
      reason: FAILING_REASON,
    });
    expect(receiver.secret).toMatch(/^whsec_/);
    expect(log.raw.join('')).not.toContain(receiver.secret.slice(6));
    await sleep(100);
    expect(await test.store.webhooks.oldestWaiting()).toBeNull();
  });
});

describe('webhook test', () => {
  it('sends a signed ping at once and records it among the deliveries', async () => {
    const { test, receiver } = await world('sqlite');
    const subscription = await subscribe(test, receiver, RICH, ['points']);
    const attempt = await sendPing(
      { webhooks: test.store.webhooks, rules: LOOPBACK_RULES, logger: captureLog().logger },
      subscription,
    );
    expect(attempt).toMatchObject({ type: 'ping', status: '200', attempt: 1 });
    expect(receiver.received.map((each) => each.message)).toEqual([
      { type: 'ping', guildId: RICH, timestamp: expect.any(String), data: {} },
    ]);
    expect(await test.store.webhooks.attempts(subscription.id, 50)).toHaveLength(1);
  });
});
