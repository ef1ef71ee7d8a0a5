import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/answers/answer-cache.js';
import { readEventData } from '../../src/events/area-answers.js';
import { EVENT_NAMES } from '../../src/records/events.js';
import { GONE_REASON } from '../../src/webhooks/deliverer.js';
import type { WebhookService } from '../../src/webhooks/service.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH, SPARSE } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds } from '../support/store.js';
import { type Receiver, startReceiver } from './support/receiver.js';
import { startNode, subscribe } from './support/setup.js';

/*
 * Webhooks end to end within one process: the store's change records, the dispatcher, the
 * outbox and the deliverer, against a real receiver on loopback that verifies every message
 * with the Standard Webhooks library.
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

function run(node: WebhookService): WebhookService {
  cleanups.push(() => node.stop());
  return node;
}

const types = (receiver: Receiver) => receiver.received.map((each) => each.message.type);

describe.each(storeKinds(import.meta.filename))('webhooks on %s', (kind) => {
  it('sends each event type, its data exactly the event stream’s, signed, with the change’s seq', async () => {
    const { test, receiver } = await world(kind);
    await subscribe(test, receiver, RICH);
    run(startNode(test));
    await foreignWrite(test, `UPDATE house_points SET gryffindor = 500 WHERE guild_id = '${RICH}'`);
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 1,
    );
    await foreignWrite(test, `UPDATE premium SET expires_at = NULL WHERE guild_id = '${RICH}'`);
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 2,
    );
    await foreignWrite(test, `DELETE FROM profiles WHERE guild_id = '${RICH}' AND id = 1`);
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 3,
    );
    await foreignWrite(test, `UPDATE jobs SET salary = 1 WHERE guild_id = '${RICH}' AND id = 3`);
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 4,
    );
    expect(types(receiver)).toEqual([
      'points.changed',
      'premium.changed',
      'players.changed',
      'jobs.changed',
    ]);
    expect(receiver.refused).toEqual([]);
    const [points, premium, players, jobs] = receiver.received.map((each) => each.message);
    expect(points).toMatchObject({
      type: 'points.changed',
      guildId: RICH,
      data: { gryffindor: 500, slytherin: 95, ravenclaw: 80, hufflepuff: 101 },
    });
    expect(premium?.data).toMatchObject({ guildId: RICH, premium: true });
    expect(players?.data).toEqual({ count: 5 });
    expect(jobs?.data).toEqual({ count: 3 });
    // `data` is the stream's data byte for byte (the GET answers' bodies for points and premium).
    const sources = { read: test.store.read, cache: new AnswerCache(), generation: () => 'now' };
    for (const [index, name] of EVENT_NAMES.filter(
      (each) => each !== 'term' && each !== 'award',
    ).entries()) {
      const bytes = (await readEventData(sources, RICH, name)).toString();
      expect(receiver.received[index]?.body).toContain(`"data":${bytes},"seq":`);
    }
    // The body's shape, key by key, and a seq that grows with the changes.
    expect(Object.keys(points ?? {})).toEqual(['type', 'guildId', 'timestamp', 'data', 'seq']);
    const seqs = receiver.received.map((each) => each.message.seq ?? 0);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const changes = await test.store.read.changes.of(RICH);
    expect(seqs).toEqual([changes.points, changes.premium, changes.players, changes.jobs]);
    // Signed the Standard Webhooks way: unique message ids, Unix-second timestamps.
    expect(new Set(receiver.received.map((each) => each.id)).size).toBe(4);
    for (const each of receiver.received) expect(each.timestamp).toMatch(/^\d{10}$/);

    // A term started, then ended: the `term` event's data, as term.started then term.ended.
    const started = await test.store.terms.start(RICH, 'Autumn');
    if (started.outcome !== 'started') throw new Error('not started');
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 5,
    );
    const ended = await test.store.terms.end(RICH);
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 6,
    );
    expect(types(receiver).slice(4)).toEqual(['term.started', 'term.ended']);
    const [startMessage, endMessage] = receiver.received.slice(4).map((each) => each.message);
    expect(startMessage?.data).toEqual({
      id: 1,
      name: 'Autumn',
      startedAt: started.term.startedAt,
      endedAt: null,
    });
    expect(endMessage?.data).toMatchObject({ id: 1, endedAt: ended?.endedAt });
    const termBytes = (await readEventData(sources, RICH, 'term')).toString();
    expect(receiver.received[5]?.body).toContain(`"data":${termBytes},"seq":`);
  });

  it('sends only the events asked for, to the guild’s subscriptions only', async () => {
    const { test, receiver } = await world(kind);
    await subscribe(test, receiver, RICH, ['jobs']);
    run(startNode(test));
    await foreignWrite(test, `UPDATE house_points SET gryffindor = 7 WHERE guild_id = '${RICH}'`);
    await foreignWrite(test, `UPDATE house_points SET gryffindor = 7 WHERE guild_id = '${SPARSE}'`);
    await foreignWrite(test, `UPDATE jobs SET salary = 1 WHERE guild_id = '${RICH}' AND id = 1`);
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 1,
    );
    await sleep(300);
    expect(types(receiver)).toEqual(['jobs.changed']);
  });

  it('coalesces changes of one area made before a node reads them: one message, the latest data', async () => {
    const { test, receiver } = await world(kind);
    await subscribe(test, receiver, RICH, ['points']);
    for (const value of [1, 2, 3]) {
      await foreignWrite(
        test,
        `UPDATE house_points SET slytherin = ${value} WHERE guild_id = '${RICH}'`,
      );
    }
    run(startNode(test));
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 1,
    );
    await sleep(300);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.message.data).toMatchObject({ slytherin: 3 });
  });

  it('delivers at start a change committed while no node ran (the cursor is in the store)', async () => {
    const { test, receiver } = await world(kind);
    await subscribe(test, receiver, RICH, ['players']);
    // No node has ever run: the change is made by another program, straight into the table.
    await foreignWrite(
      test,
      `UPDATE profiles SET galleons = 1 WHERE guild_id = '${RICH}' AND id = 2`,
    );
    run(startNode(test));
    await eventually(
      async () => types(receiver),
      (got) => got.length >= 1,
    );
    expect(types(receiver)).toEqual(['players.changed']);
  });

  it('retries a failed message with the same webhook-id, and lists both attempts', async () => {
    const { test, receiver } = await world(kind, (_, n) => (n === 1 ? 500 : 200));
    const subscription = await subscribe(test, receiver, RICH, ['points']);
    run(startNode(test));
    await foreignWrite(test, `UPDATE house_points SET ravenclaw = 9 WHERE guild_id = '${RICH}'`);
    await eventually(
      async () => receiver.received.length,
      (got) => got >= 1,
    );
    expect(receiver.ids).toHaveLength(2);
    expect(receiver.ids[1]).toBe(receiver.ids[0]);
    const attempts = await eventually(
      () => test.store.webhooks.attempts(subscription.id, 50),
      (got) => got.length === 2,
    );
    expect(attempts.map((each) => [each.status, each.attempt])).toEqual([
      ['200', 2],
      ['500', 1],
    ]);
    expect((await test.store.webhooks.get(subscription.id))?.failingSince).toBeNull();
  });

  it('410 Gone disables the subscription at once', async () => {
    const { test, receiver } = await world(kind, () => 410);
    const subscription = await subscribe(test, receiver, RICH, ['points']);
    run(startNode(test));
    await foreignWrite(test, `UPDATE house_points SET ravenclaw = 10 WHERE guild_id = '${RICH}'`);
    const after = await eventually(
      () => test.store.webhooks.get(subscription.id),
      (got) => got?.disabledAt !== null,
    );
    expect(after?.disabledReason).toBe(GONE_REASON);
    expect(await test.store.webhooks.openCount()).toBe(0);
    // Nothing more goes to it.
    await foreignWrite(test, `UPDATE house_points SET ravenclaw = 11 WHERE guild_id = '${RICH}'`);
    await sleep(300);
    expect(receiver.ids).toHaveLength(1);
    expect(await test.store.webhooks.oldestWaiting()).toBeNull();
  });
});
