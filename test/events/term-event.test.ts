import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { openEventStream } from '../support/event-stream.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { storeKinds } from '../support/store.js';

/*
 * The `term` event (docs/live-updates.md): a term started or ended on another node (PostgreSQL)
 * or by another process (SQLite) reaches an open stream, and the node's /terms answer; a guild
 * that never had a term sends no `term` event and keeps its ids of before; a client that resumes
 * with the last id gets nothing more.
 */

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the term event on ${kind}`, () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await buildTestApp(fixture, { store: kind });
      ({ url } = await listen(t.app));
    });
    afterAll(async () => {
      await t.close();
    });

    it('is sent when a term starts and when it ends on another node', async () => {
      const stream = await openEventStream(`${url}/v1/events/${RICH}`, { authorization: t.key });
      const first = await stream.waitForEvents(4);
      expect(first.map((event) => event.event)).toEqual(['points', 'premium', 'players', 'jobs']);
      // Four digests: a guild without terms keeps its ids of before.
      expect(first[3]?.id.split('.')).toHaveLength(4);

      const other = await t.reopen();
      const started = await other.terms.start(RICH, 'Autumn');
      if (started.outcome !== 'started') throw new Error('not started');
      const [, , , , fifth] = await stream.waitForEvents(5);
      expect(fifth?.event).toBe('term');
      const startedData = JSON.parse(fifth?.data ?? '{}');
      expect(startedData).toEqual({
        id: 1,
        name: 'Autumn',
        startedAt: started.term.startedAt,
        endedAt: null,
      });
      expect(startedData.startedAt).toMatch(INSTANT);
      expect(fifth?.id.split('.')).toHaveLength(5);

      // The node's answer follows the other node's end too.
      const headers = { authorization: t.key };
      const before = await t.app.inject({ url: `/v1/points/${RICH}/terms`, headers });
      const ended = await other.terms.end(RICH, { reset: true });
      const after = await eventually(
        () => t.app.inject({ url: `/v1/points/${RICH}/terms`, headers }),
        (answer) => answer.body !== before.body,
      );
      expect(after.json().results[0]).toMatchObject({ id: 1, endedAt: ended?.endedAt });

      const events = await stream.waitForEvents(7);
      const names = events.slice(5).map((event) => event.event);
      expect(names.sort()).toEqual(['points', 'term']);
      const endedEvent = events.slice(5).find((event) => event.event === 'term');
      expect(JSON.parse(endedEvent?.data ?? '{}')).toEqual({
        id: 1,
        name: 'Autumn',
        startedAt: started.term.startedAt,
        endedAt: ended?.endedAt,
      });
      stream.close();

      // Resumed with the last id: nothing changed since. Afresh: the four areas at once, as a
      // client is promised; the term is held from the start and sent when it next changes.
      const last = events.at(-1)?.id ?? '';
      const resumed = await openEventStream(`${url}/v1/events/${RICH}`, {
        authorization: t.key,
        'last-event-id': last,
      });
      await sleep(300);
      expect(resumed.events).toEqual([]);
      resumed.close();
      const fresh = await openEventStream(`${url}/v1/events/${RICH}`, { authorization: t.key });
      const all = await fresh.waitForEvents(4);
      await sleep(300);
      expect(fresh.events.map((event) => event.event)).toEqual([
        'points',
        'premium',
        'players',
        'jobs',
      ]);
      expect(all[3]?.id.split('.')).toHaveLength(5);
      const next = await other.terms.start(RICH, 'Winter');
      if (next.outcome !== 'started') throw new Error('not started');
      const [, , , , term] = await fresh.waitForEvents(5);
      expect(term?.event).toBe('term');
      expect(JSON.parse(term?.data ?? '{}')).toMatchObject({ name: 'Winter', endedAt: null });
      fresh.close();
    });
  });
}
