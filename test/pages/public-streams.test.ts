import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/answers/answer-cache.js';
import { PublicStreams } from '../../src/pages/public-streams.js';
import { openEventStream } from '../support/event-stream.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { type CapturedLog, captureLog } from '../support/log-capture.js';
import { Sink } from '../support/sink.js';
import { openTestStore, sqliteOf, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * The public page's live updates held to what the API's streams keep: a client that stops
 * reading is dropped past a bound rather than held in memory, and a store that fails under the
 * poll is logged while the node goes on (a throw out of a timer would stop the process).
 */

/** A SQLite store with RICH published and public streams over it, for the block's tests. */
function publicStreams(log: CapturedLog, maxBufferedBytes?: number) {
  const made = {} as { test: TestStore; streams: PublicStreams };
  beforeAll(async () => {
    made.test = await openTestStore('sqlite', fixture);
    await made.test.store.publication.publish(RICH);
    const { read } = made.test.store;
    made.streams = new PublicStreams({
      read,
      cache: new AnswerCache(),
      generation: read.generation,
      logger: log.logger,
      ...(maxBufferedBytes !== undefined && { maxBufferedBytes }),
      pollMs: 5,
    });
  });
  afterAll(async () => {
    made.streams.close();
    await made.test.cleanup();
  });
  return made;
}

describe('a public stream whose client does not read', () => {
  const log = captureLog();
  const made = publicStreams(log, 2_048);

  it('is dropped past the bound, said in the log with its guild, and the others go on', async () => {
    const stuck = new Sink(true);
    const reader = new Sink(false);
    const ended: string[] = [];
    made.streams.add(RICH, stuck, () => ended.push('stuck'));
    made.streams.add(RICH, reader, () => ended.push('reader'));
    await eventually(
      async () => reader.received,
      (text) => text.includes('event: points'),
    );
    const { sqlite } = sqliteOf(made.test.store).db;
    const bump = sqlite.prepare('UPDATE house_points SET gryffindor = ? WHERE guild_id = ?');
    for (let value = 1; value <= 40 && ended.length === 0; value++) {
      bump.run(value, RICH);
      await eventually(
        async () => reader.received,
        (text) => text.includes(`"gryffindor":${value},`),
      );
    }
    expect(ended).toEqual(['stuck']);
    expect(stuck.destroyed).toBe(true);
    expect(reader.destroyed).toBe(false);
    expect(made.streams.open).toBe(1);
    expect(
      log
        .entries()
        .find((line) => line.msg === 'public stream dropped: its client reads too slowly'),
    ).toMatchObject({ guild: RICH, maxBufferedBytes: 2_048 });
  });
});

describe('a public stream whose client leaves while its first frames are read', () => {
  const made = publicStreams(captureLog());

  it('is neither written to nor kept, while another of its guild stays open', async () => {
    const reader = new Sink(false);
    const leaver = new Sink(false);
    const written: string[] = [];
    leaver.write = (chunk: Buffer | string) => {
      written.push(String(chunk));
      return true;
    };
    made.streams.add(RICH, reader, () => {});
    await eventually(
      async () => reader.received,
      (text) => text.includes('event: points'),
    );
    const ended: string[] = [];
    made.streams.add(RICH, leaver, () => ended.push('leaver'));
    // Gone before the read of its first frames has answered: its 'close' comes first.
    leaver.destroy();
    leaver.emit('close');
    await eventually(
      async () => ended,
      (list) => list.length > 0,
    );
    const { sqlite } = sqliteOf(made.test.store).db;
    sqlite.prepare('UPDATE house_points SET gryffindor = 4321 WHERE guild_id = ?').run(RICH);
    await eventually(
      async () => reader.received,
      (text) => text.includes('"gryffindor":4321,'),
    );
    expect(ended).toEqual(['leaver']);
    expect(written).toEqual([]);
    expect(made.streams.open).toBe(1);
  });
});

describe('a public stream over a store that fails under the poll', () => {
  let test: TestStore;
  let node: Awaited<ReturnType<typeof startPageNode>>;
  const log = captureLog();

  beforeAll(async () => {
    test = await openTestStore('sqlite', fixture);
    await test.store.publication.publish(RICH);
    node = await startPageNode(test.store, { logger: log.logger });
  });
  afterAll(async () => {
    await node?.close();
    await test?.cleanup();
  });

  it('is logged once while it fails and once when it works again; the node goes on answering', async () => {
    const stream = await openEventStream(`${node.url}/cup/${RICH}/events`);
    await stream.waitForEvents(1);
    const failedLines = async () =>
      log.entries().filter((line) => line.msg === 'public streams: checking for changes failed');
    // Another program takes away the table each guild's generation is read from: every poll
    // after its commit fails on it, until the table is back.
    const other = new Sqlite(sqliteOf(test.store).db.path);
    try {
      const made = other
        .prepare<[], string>(
          "SELECT sql FROM sqlite_master WHERE tbl_name = 'guild_changes' AND sql IS NOT NULL",
        )
        .pluck()
        .all();
      other.exec('DROP TABLE guild_changes');
      const [failed] = await eventually(failedLines, (found) => found.length > 0);
      expect(JSON.stringify(failed)).toContain('guild_changes');
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      // Several polls later (one each 50 ms), still the one line.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await failedLines()).toHaveLength(1);
      other.exec(made.join(';\n'));
      await eventually(
        async () =>
          log
            .entries()
            .find((line) => line.msg === 'public streams: checking for changes works again'),
        (line) => line !== undefined,
      );
    } finally {
      other.close();
    }
    // The streams stayed open through it, and follow the guild again.
    await test.store.importData({
      guilds: [
        { id: RICH, points: { gryffindor: 321, slytherin: 95, ravenclaw: 80, hufflepuff: 101 } },
      ],
    });
    const events = await eventually(
      async () => stream.events,
      (all) => all.some((event) => event.data.includes('"gryffindor":321')),
    );
    expect(events.length).toBeGreaterThan(1);
    stream.close();
  });
});
