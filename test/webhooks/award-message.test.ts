import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { openTestStore, storeKinds } from '../support/store.js';
import { startReceiver } from './support/receiver.js';
import { startNode, subscribe } from './support/setup.js';

/*
 * `points.awarded` (docs/webhooks.md): an award sends its ledger entry, signed and delivered as
 * every message (the receiver verifies it with the Standard Webhooks library), alongside the
 * `points.changed` of the points it changed; a refused award sends nothing, and a subscription
 * without the `award` event gets only the points.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(storeKinds(import.meta.filename))('points.awarded on %s', (kind) => {
  it('sends each award’s entry, signed; nothing for a refused one', async () => {
    const test = await openTestStore(kind, fixture);
    cleanups.push(() => test.cleanup());
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const pointsOnly = await startReceiver();
    cleanups.push(() => pointsOnly.close());
    await subscribe(test, receiver, RICH);
    await subscribe(test, pointsOnly, RICH, ['points']);
    const node = startNode(test);
    cleanups.push(() => node.stop());

    const given = await test.store.awards.award({
      guildId: RICH,
      house: 'hufflepuff',
      points: -3,
      reason: 'Late for class',
      for: null,
      by: '500000000000000001',
    });
    if (given.outcome !== 'awarded') throw new Error(given.outcome);
    const types = () => receiver.received.map((each) => each.message.type).sort();
    await eventually(
      async () => types(),
      (got) => got.length >= 2,
    );
    expect(types()).toEqual(['points.awarded', 'points.changed']);
    expect(receiver.refused).toEqual([]);
    const awarded = receiver.received.find((each) => each.message.type === 'points.awarded');
    expect(awarded?.message).toMatchObject({ type: 'points.awarded', guildId: RICH });
    expect(awarded?.message.data).toEqual(given.entry);
    expect(awarded?.id).toMatch(/^msg_/);

    await eventually(
      async () => pointsOnly.received.map((each) => each.message.type),
      (got) => got.length >= 1,
    );
    const unknown = await test.store.awards.undo({ guildId: RICH, id: 987654321, by: null });
    expect(unknown.outcome).toBe('unknown');
    await sleep(1500);
    expect(receiver.received).toHaveLength(2);
    expect(pointsOnly.received.map((each) => each.message.type)).toEqual(['points.changed']);
  });

  it('sends the latest award again, undone, when it is taken back; an older one changes nothing of it', async () => {
    const test = await openTestStore(kind, fixture);
    cleanups.push(() => test.cleanup());
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    await subscribe(test, receiver, RICH, ['award']);
    const node = startNode(test);
    cleanups.push(() => node.stop());
    const give = async (points: number) => {
      const given = await test.store.awards.award({
        guildId: RICH,
        house: 'ravenclaw',
        points,
        reason: 'Quidditch',
        for: null,
        by: '500000000000000001',
      });
      if (given.outcome !== 'awarded') throw new Error(given.outcome);
      return given.entry;
    };
    const older = await give(4);
    const latest = await give(6);
    const awards = async () => (await test.store.read.changes.of(RICH)).awards;

    const before = await awards();
    expect((await test.store.awards.undo({ guildId: RICH, id: older.id, by: null })).outcome).toBe(
      'undone',
    );
    expect(await awards()).toBe(before);

    expect((await test.store.awards.undo({ guildId: RICH, id: latest.id, by: null })).outcome).toBe(
      'undone',
    );
    expect(await awards()).toBeGreaterThan(before);
    const undone = await eventually(
      async () =>
        receiver.received.find(
          (each) => (each.message.data as { undone?: boolean } | undefined)?.undone === true,
        ),
      (found) => found !== undefined,
    );
    expect(undone?.message).toMatchObject({ type: 'points.awarded', guildId: RICH });
    expect(undone?.message.data).toEqual({ ...latest, undone: true });
  });
});
