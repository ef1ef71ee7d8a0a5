import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf } from '../../src/answers/answer-cache.js';
import { PACED_FROM_BYTES, pacedBody } from '../../src/http/paced-body.js';
import { fixture, RICH } from '../support/fixture.js';
import { collectGarbage } from '../support/gc.js';
import { buildHardeningApp, type HardeningApp, listen } from './support/app.js';
import { fetchBytes } from './support/fetch-bytes.js';

/*
 * An answer of megabytes (a whole list of thousands of profiles) leaves a slice per turn of the
 * event loop, so that other requests are answered between its slices: the client still gets
 * every byte, with a Content-Length and an ETag true to them, and a client that leaves in the
 * middle costs the node nothing.
 */

const BIG = '1133557799224466999';
const SIZE = 6000;
const players = Array.from({ length: SIZE }, (_, i) => ({
  id: i + 1,
  user_id: String(300000000000000000n + BigInt(i % 4000)),
  name:
    i % 7 === 0
      ? `Zoë Ødegaard of the Astronomy Tower ${i} 🦁`
      : `Player of the long corridor ${i}`,
  house: 'ravenclaw',
  year: (i % 7) + 1,
  job_id: null,
  galleons: i * 3,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
}));
const data = structuredClone(fixture);
data.guilds.push({ id: BIG, players } as unknown as (typeof data.guilds)[number]);

/** Asks for `url` and hangs up as soon as the first bytes of the body arrive. */
function leaveMidBody(url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: key } }, (res) => {
      res.once('data', (chunk: Buffer) => {
        req.destroy();
        resolve(chunk.length);
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

let t: HardeningApp;
let url: string;
beforeAll(async () => {
  t = await buildHardeningApp(data);
  url = (await listen(t.app)).url;
});
afterAll(async () => {
  await t.close();
});

describe('answers of megabytes', () => {
  it('arrive whole, their Content-Length and ETag true to the bytes, built and cached alike', async () => {
    const built = await fetchBytes(`${url}/v1/players/${BIG}`, t.key);
    expect(built.status).toBe(200);
    expect(built.bytes.length).toBeGreaterThan(PACED_FROM_BYTES);
    expect(built.headers['content-length']).toBe(String(built.bytes.length));
    expect(built.headers['transfer-encoding']).toBeUndefined();
    expect(built.headers.etag).toBe(etagOf(built.bytes));
    const body = JSON.parse(built.bytes.toString('utf8')) as {
      results: { id: number; name: string }[];
      count: number;
      status: number;
    };
    expect(body.count).toBe(SIZE);
    expect(body.results).toHaveLength(SIZE);
    expect(body.results.map((player) => player.name)).toContain(
      'Zoë Ødegaard of the Astronomy Tower 0 🦁',
    );
    const cached = await fetchBytes(`${url}/v1/players/${BIG}`, t.key);
    expect(cached.bytes.equals(built.bytes)).toBe(true);
    expect(cached.headers.etag).toBe(built.headers.etag);
  });

  it('answer HEAD with the same length and no body', async () => {
    const get = await fetchBytes(`${url}/v1/players/${BIG}`, t.key);
    const head = await fetchBytes(`${url}/v1/players/${BIG}`, t.key, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.bytes.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('cost nothing when the client leaves in the middle: the node answers on', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await leaveMidBody(`${url}/v1/players/${BIG}`, t.key)).toBeGreaterThan(0);
    }
    const points = await fetchBytes(`${url}/v1/points/${RICH}`, t.key);
    expect(points.status).toBe(200);
    const whole = await fetchBytes(`${url}/v1/players/${BIG}`, t.key);
    expect(whole.headers['content-length']).toBe(String(whole.bytes.length));
    expect(whole.headers.etag).toBe(etagOf(whole.bytes));
  });

  it('go out a slice per turn of the event loop', async () => {
    const body = Buffer.alloc(PACED_FROM_BYTES * 2 + 12345, 7);
    body.write('first', 0);
    body.write('last', body.length - 4);
    let turns = 0;
    const turnOfEachSlice: number[] = [];
    const slices: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      pacedBody(body)
        .on('data', (slice: Buffer) => {
          slices.push(slice);
          turnOfEachSlice.push(turns);
          // Runs once this turn's I/O is done: the next slice must come after it.
          setImmediate(() => {
            turns++;
          });
        })
        .on('end', resolve)
        .on('error', reject);
    });
    expect(Buffer.concat(slices).equals(body)).toBe(true);
    expect(slices.length).toBeGreaterThan(2);
    for (let i = 1; i < turnOfEachSlice.length; i++) {
      expect(turnOfEachSlice[i]).toBeGreaterThan(turnOfEachSlice[i - 1] ?? 0);
    }
  });

  // A finished response, and its body's stream with it, stays referenced until the connection's
  // next request: the megabytes must not stay with it.
  it.each([
    ['sent whole', (stream: Readable) => new Promise((end) => stream.on('end', end).resume())],
    [
      'left in the middle',
      (stream: Readable) =>
        new Promise((gone) =>
          stream
            .once('data', () => stream.destroy())
            .once('close', gone)
            .resume(),
        ),
    ],
  ])('let go of the body once %s', async (_, use) => {
    let body: Buffer | undefined = Buffer.alloc(PACED_FROM_BYTES * 2, 1);
    const held = new WeakRef(body);
    const stream = pacedBody(body);
    body = undefined;
    await use(stream);
    await nextTurn();
    collectGarbage();
    expect(stream.destroyed || stream.readableEnded).toBe(true);
    expect(held.deref()).toBeUndefined();
  });
});
