import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { killChildren, startMain } from '../support/child.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { needOutside } from '../support/outside.js';
import { openTestStore, storeKinds } from '../support/store.js';
import { type Receiver, startReceiver } from './support/receiver.js';
import { subscribe } from './support/setup.js';

/*
 * Webhooks across real service processes: a node killed (SIGKILL) while its receiver holds the
 * request leaves the message to another node once the lease has run out (the same webhook-id);
 * two PostgreSQL nodes over 200 changes send every message once, never twice.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await killChildren();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NODE_ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' };

async function world(kind: 'sqlite' | 'postgres', answer: Parameters<typeof startReceiver>[0]) {
  const test = await openTestStore(kind, fixture);
  cleanups.push(() => test.cleanup());
  const receiver = await startReceiver(answer);
  cleanups.push(() => receiver.close());
  return { test, receiver };
}

describe.each(storeKinds(import.meta.filename))('kill -9 mid-delivery on %s', (kind) => {
  it('the message is sent again, with the same webhook-id, by the next node once the lease runs out', async () => {
    // The first request is held open (the node is mid-delivery when it dies); later ones get 200.
    const { test, receiver } = await world(kind, (_, n) => (n === 1 ? 'hang' : 200));
    await subscribe(test, receiver, RICH, ['points']);
    const first = await startMain({ ...test.env, ...NODE_ENV });
    // Each lifted rule says so at start, once.
    const warnings = first.child
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"level":40') && line.includes('WEBHOOK_ALLOW_'));
    expect(warnings.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'WEBHOOK_ALLOW_HTTP=true: webhooks may be sent over plain http://',
      'WEBHOOK_ALLOW_PRIVATE=true: webhooks may reach loopback, private and link-local addresses',
    ]);
    await foreignWrite(test, `UPDATE house_points SET hufflepuff = 7 WHERE guild_id = '${RICH}'`);
    await eventually(
      async () => receiver.ids.length,
      (n) => n >= 1,
    );
    first.child.process.kill('SIGKILL');
    expect(await first.child.exited).toBe('SIGKILL');
    const second = await startMain({ ...test.env, ...NODE_ENV });
    // The lease is the attempt's timeout (10 s) plus 10 s: the message comes back after it.
    await eventually(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    expect(receiver.ids).toHaveLength(2);
    expect(receiver.received[0]?.id).toBe(receiver.ids[0]);
    expect(receiver.received[0]?.message.data).toMatchObject({ hufflepuff: 7 });
    expect(receiver.refused).toEqual([]);
    second.child.process.kill('SIGTERM');
    await second.child.exited;
  });
});

/** `housecup_webhook_deliveries_total{result="delivered"}` of one node. */
async function delivered(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = /^housecup_webhook_deliveries_total\{result="delivered"\} (\d+)$/m.exec(text);
  return Number(line?.[1] ?? Number.NaN);
}

describe.runIf(needOutside('postgresql', import.meta.filename))('two PostgreSQL nodes', () => {
  it('200 changes: every message delivered once, none twice, the last data last', async () => {
    const { test, receiver } = await world('postgres', () => 200);
    await subscribe(test, receiver, RICH, ['points', 'players']);
    const nodes = await Promise.all([
      startMain({ ...test.env, ...NODE_ENV, METRICS: 'true' }),
      startMain({ ...test.env, ...NODE_ENV, METRICS: 'true' }),
    ]);
    for (let i = 1; i <= 200; i += 1) {
      const sql =
        i % 2 === 0
          ? `UPDATE house_points SET gryffindor = ${i} WHERE guild_id = '${RICH}'`
          : `UPDATE profiles SET galleons = ${i} WHERE guild_id = '${RICH}' AND id = 2`;
      await foreignWrite(test, sql);
      await sleep(5);
    }
    const settled = async (r: Receiver) => {
      const last = r.received.at(-1)?.message;
      return r.received.length > 0 && (await test.store.webhooks.oldestWaiting()) === null && last;
    };
    await eventually(() => settled(receiver), Boolean);
    await sleep(1_500);
    const ids = receiver.received.map((each) => each.id);
    const duplicates = ids.length - new Set(ids).size;
    const seqs = receiver.received.map((each) => `${each.message.type}#${each.message.seq}`);
    expect({ duplicates, seqDuplicates: seqs.length - new Set(seqs).size }).toEqual({
      duplicates: 0,
      seqDuplicates: 0,
    });
    expect(receiver.ids).toHaveLength(ids.length);
    expect(receiver.refused).toEqual([]);
    const latest = (type: string) =>
      receiver.received
        .filter((each) => each.message.type === type)
        .sort((a, b) => (a.message.seq ?? 0) - (b.message.seq ?? 0))
        .at(-1)?.message.data;
    expect(latest('points.changed')).toMatchObject({ gryffindor: 200 });
    expect(latest('players.changed')).toEqual({ count: 6 });
    // At most one message per change (fewer where changes coalesced), at least one per area.
    expect(ids.length).toBeLessThanOrEqual(200);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    // Each node's /metrics counts what it sent: together, every message once.
    const sent = await Promise.all(nodes.map((node) => delivered(node.url)));
    expect(sent.reduce((sum, each) => sum + each, 0)).toBe(ids.length);
    console.log(
      `two nodes, 200 changes: ${ids.length} messages (${sent.join(' + ')}), 0 duplicates`,
    );
    for (const node of nodes) node.child.process.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.child.exited));
  });
});
