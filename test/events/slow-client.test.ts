import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/answers/answer-cache.js';
import { EventHub } from '../../src/events/event-hub.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { captureLog } from '../support/log-capture.js';
import { Sink } from '../support/sink.js';
import { openTestStore, sqliteOf, type TestStore } from '../support/store.js';

/*
 * A client that stops reading: the hub over a real store, one stream's sink never taking a
 * byte (a socket whose peer reads nothing looks like this once the OS buffers are full), the
 * other reading normally. The stuck one is dropped past the bound and logged without its key;
 * the other gets every event.
 */

describe('a stream whose client does not read', () => {
  let test: TestStore;
  let hub: EventHub;
  const log = captureLog();

  beforeAll(async () => {
    test = await openTestStore('sqlite', fixture);
    const { read } = test.store;
    hub = new EventHub({
      sources: { read, cache: new AnswerCache(), generation: read.generation },
      activeKeyIds: () => new Set([1, 2]),
      logger: log.logger,
      keepAliveMs: 60_000,
      maxBufferedBytes: 2_048,
      pollMs: 5,
    });
  });
  afterAll(async () => {
    hub.close();
    await test.cleanup();
  });

  it('is dropped past the bound, said in the log, and the others go on', async () => {
    const stuck = new Sink(true);
    const reader = new Sink(false);
    const ends: string[] = [];
    await new Promise((known) => hub.prepare(RICH, known));
    hub.add(stuck, 1, RICH, undefined, (reason) => ends.push(`stuck:${reason}`));
    hub.add(reader, 2, RICH, undefined, (reason) => ends.push(`reader:${reason}`));
    const { sqlite } = sqliteOf(test.store).db;
    const bump = sqlite.prepare('UPDATE house_points SET gryffindor = ? WHERE guild_id = ?');
    for (let value = 1; value <= 40 && ends.length === 0; value++) {
      bump.run(value, RICH);
      await eventually(
        async () => reader.received,
        (text) => text.includes(`"gryffindor":${value},`),
      );
    }
    expect(ends).toEqual(['stuck:slow']);
    expect(stuck.destroyed).toBe(true);
    expect(hub.stats().open).toBe(1);
    const dropped = log
      .entries()
      .find((line) => line.msg === 'event stream dropped: its client reads too slowly');
    expect(dropped).toMatchObject({ guild: RICH, key: 1, maxBufferedBytes: 2_048 });
    expect(log.raw.join('')).not.toMatch(/hc_/);
    // The reader still gets what follows.
    bump.run(4242, RICH);
    const text = await eventually(
      async () => reader.received,
      (received) => received.includes('"gryffindor":4242,'),
    );
    expect(text).toContain('"gryffindor":4242,');
  });
});
