import { Writable } from 'node:stream';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/answers/answer-cache.js';
import { createLogger } from '../../src/logger.js';
import { PublicStreams } from '../../src/pages/public-streams.js';
import { openEventStream } from '../support/event-stream.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { openTestStore, sqliteOf, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * The public page's live updates held to what the API's streams keep: a client that stops
 * reading is dropped past a bound rather than held in memory, and a store that fails under the
 * poll is logged while the node goes on (a throw out of a timer would stop the process).
 */

type Line = Record<string, unknown>;

const capturingLogger = (lines: Line[]) =>
  createLogger({
    level: 'info',
    destination: {
      write(line: string) {
        lines.push(JSON.parse(line) as Line);
      },
    },
  });

class Sink extends Writable {
  received = '';
  constructor(private readonly stuck: boolean) {
    super({ highWaterMark: 1024 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    if (this.stuck) return; // never calls back: everything after stays buffered
    this.received += chunk.toString('utf8');
    done();
  }
}

describe('a public stream whose client does not read', () => {
  let test: TestStore;
  let streams: PublicStreams;
  const lines: Line[] = [];

  beforeAll(async () => {
    test = await openTestStore('sqlite', fixture);
    await test.store.publication.publish(RICH);
    const { read } = test.store;
    streams = new PublicStreams({
      read,
      cache: new AnswerCache(),
      generation: read.generation,
      logger: capturingLogger(lines),
      maxBufferedBytes: 2_048,
      pollMs: 5,
    });
  });
  afterAll(async () => {
    streams.close();
    await test.cleanup();
  });

  it('is dropped past the bound, said in the log with its guild, and the others go on', async () => {
    const stuck = new Sink(true);
    const reader = new Sink(false);
    const ended: string[] = [];
    streams.add(RICH, stuck, () => ended.push('stuck'));
    streams.add(RICH, reader, () => ended.push('reader'));
    await eventually(
      async () => reader.received,
      (text) => text.includes('event: points'),
    );
    const { sqlite } = sqliteOf(test.store).db;
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
    expect(streams.open).toBe(1);
    expect(
      lines.find((line) => line.msg === 'public stream dropped: its client reads too slowly'),
    ).toMatchObject({ guild: RICH, maxBufferedBytes: 2_048 });
  });
});

describe('a public stream over a store that fails under the poll', () => {
  let test: TestStore;
  let node: Awaited<ReturnType<typeof startPageNode>>;
  const lines: Line[] = [];

  beforeAll(async () => {
    test = await openTestStore('sqlite', fixture);
    await test.store.publication.publish(RICH);
    node = await startPageNode(test.store, { logger: capturingLogger(lines) });
  });
  afterAll(async () => {
    await node?.close();
    await test?.cleanup();
  });

  it('is logged, and the node goes on answering', async () => {
    const stream = await openEventStream(`${node.url}/cup/${RICH}/events`);
    await stream.waitForEvents(1);
    // Another program takes away the table each guild's generation is read from: the next poll
    // after its commit fails on every read of it.
    const other = new Sqlite(sqliteOf(test.store).db.path);
    try {
      other.exec('DROP TABLE guild_changes');
    } finally {
      other.close();
    }
    const failed = await eventually(
      async () => lines.find((line) => line.msg === 'public streams: checking for changes failed'),
      (line) => line !== undefined,
    );
    expect(JSON.stringify(failed)).toContain('guild_changes');
    const health = await fetch(`${node.url}/healthz`);
    expect(health.status).toBe(200);
    stream.close();
  });
});
