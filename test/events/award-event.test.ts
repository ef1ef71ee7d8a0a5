import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { openEventStream } from '../support/event-stream.js';
import { fixture, RICH } from '../support/fixture.js';
import { storeKinds } from '../support/store.js';

/*
 * The `award` event (docs/live-updates.md): an award given on another node (PostgreSQL) or by
 * another process (SQLite) reaches an open stream carrying its ledger entry, with the `points`
 * event of the points it changed, and again, undone, when it is taken back; a refused award or
 * undo changes nothing and sends nothing.
 */

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the award event on ${kind}`, () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await buildTestApp(fixture, { store: kind });
      ({ url } = await listen(t.app));
    });
    afterAll(async () => {
      await t.close();
    });

    it('carries the entry of each award, with the points event; a refusal sends nothing', async () => {
      const stream = await openEventStream(`${url}/v1/events/${RICH}`, { authorization: t.key });
      const first = await stream.waitForEvents(4);
      expect(first.map((event) => event.event)).toEqual(['points', 'premium', 'players', 'jobs']);

      const other = await t.reopen();
      const given = await other.awards.award({
        guildId: RICH,
        house: 'ravenclaw',
        points: 15,
        reason: 'Best essay',
        for: '500000000000000002',
        by: '500000000000000001',
      });
      if (given.outcome !== 'awarded') throw new Error(given.outcome);
      const events = (await stream.waitForEvents(6)).slice(4);
      expect(events.map((event) => event.event).sort()).toEqual(['award', 'points']);
      const award = events.find((event) => event.event === 'award');
      expect(JSON.parse(award?.data ?? '{}')).toEqual({
        ...given.entry,
        source: 'award',
        reason: 'Best essay',
        undone: false,
      });
      const points = events.find((event) => event.event === 'points');
      expect(JSON.parse(points?.data ?? '{}').ravenclaw).toBe(given.entry.total);

      const unknown = await other.awards.undo({ guildId: RICH, id: 987654321, by: null });
      expect(unknown.outcome).toBe('unknown');
      await sleep(1500);
      expect(stream.events).toHaveLength(6);

      // Taken back: the points once more, and the award once, undone.
      const undone = await other.awards.undo({ guildId: RICH, id: given.entry.id, by: null });
      expect(undone.outcome).toBe('undone');
      const after = (await stream.waitForEvents(8)).slice(6);
      expect(after.map((event) => event.event).sort()).toEqual(['award', 'points']);
      const again = after.find((event) => event.event === 'award');
      expect(JSON.parse(again?.data ?? '{}')).toMatchObject({ id: given.entry.id, undone: true });
      await sleep(1500);
      expect(stream.events).toHaveLength(8);
      stream.close();
    });
  });
}
