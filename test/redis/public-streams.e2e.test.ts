import { request } from 'node:http';
import { createClient } from '@redis/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type Child, startMain } from '../support/child.js';
import { openTestDatabase } from '../support/database.js';
import { openEventStream, type TestEventStream } from '../support/event-stream.js';
import { eventually, until } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { needOutside } from '../support/outside.js';
import { startRedisServer } from '../support/redis-server.js';
import { deleteKeysUnder, get, testPrefix } from './support.js';

/*
 * The public scoreboard's live points (GET /cup/:guildId/events) on a node with REDIS_URL, run
 * as `npm start` runs it (a child process): the page's own script opens this stream for every
 * visitor, so a stream that cannot open must still leave the node answering. Its slots
 * (PUBLIC_STREAMS_PER_ADDRESS) are counted in Redis, and on the node alone while Redis is away.
 */

const redisUrl = needOutside('redis', import.meta.filename) ?? '';
const binary = needOutside('redis-server', import.meta.filename) ?? '';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface PageNode {
  child: Child;
  url: string;
  events: string;
}

/** A node over a fixture with RICH published, its public streams limited to `perAddress`. */
async function pageNode(redis: string, prefix: string, perAddress: number): Promise<PageNode> {
  const db = await openTestDatabase(fixture);
  cleanups.push(() => db.cleanup());
  await db.store.publication.publish(RICH);
  const started = await startMain({
    DATABASE_PATH: db.path,
    REDIS_URL: redis,
    REDIS_KEY_PREFIX: prefix,
    PUBLIC_LIMIT_PER_MINUTE: '0',
    PUBLIC_STREAMS_PER_ADDRESS: String(perAddress),
  });
  cleanups.push(async () => {
    started.child.process.kill('SIGTERM');
    await started.child.exited;
  });
  await until(
    async () => (await get(`${started.url}/readyz`, null)).status === 200,
    `${started.url} to be ready`,
  );
  return { ...started, events: `${started.url}/cup/${RICH}/events` };
}

/** Streams closed after the test, whatever it asserted. */
async function open(url: string): Promise<TestEventStream> {
  const stream = await openEventStream(url);
  cleanups.push(() => stream.close());
  return stream;
}

/** Sends the request and destroys the connection at once, without waiting for any answer. */
function openAndLeave(url: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, { headers: { accept: 'text/event-stream' } });
    req.on('error', () => undefined);
    req.end(() => {
      req.destroy();
      resolve();
    });
  });
}

/** The node answers a page and is still running. */
async function stillServing(node: PageNode): Promise<void> {
  expect((await get(`${node.url}/cup/${RICH}`, null)).status).toBe(200);
  expect(node.child.process.exitCode).toBeNull();
  expect(node.child.stderr()).not.toContain('ERR_HTTP_HEADERS_SENT');
}

/** How many streams Redis counts for the loopback address under `prefix`. */
async function slotsInRedis(url: string, prefix: string): Promise<number> {
  const client = createClient({ url });
  await client.connect();
  try {
    return await client.zCard(`${prefix}streams:public:127.0.0.1`);
  } finally {
    client.destroy();
  }
}

describe.skipIf(!redisUrl)('the public stream with REDIS_URL', () => {
  it('opens a text/event-stream with the points, 429s past PUBLIC_STREAMS_PER_ADDRESS, and the node keeps serving', async () => {
    const prefix = testPrefix();
    cleanups.push(() => deleteKeysUnder(redisUrl, prefix));
    const node = await pageNode(redisUrl, prefix, 2);

    const first = await open(node.events);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/event-stream');
    const [points] = await first.waitForEvents(1);
    expect(points?.event).toBe('points');
    expect(JSON.parse(points?.data ?? '{}')).toMatchObject({ gryffindor: 120 });
    expect((await open(node.events)).status).toBe(200);
    expect(await slotsInRedis(redisUrl, prefix)).toBe(2);

    const refused = await open(node.events);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.headers['retry-after']).toBe('5');

    // A stream that ends gives its slot back.
    first.close();
    const again = await eventually(
      () => open(node.events),
      (stream) => stream.status === 200,
    );
    expect(again.status).toBe(200);
    await stillServing(node);
  });

  it('a client that leaves at once holds no slot afterwards', async () => {
    const prefix = testPrefix();
    cleanups.push(() => deleteKeysUnder(redisUrl, prefix));
    const node = await pageNode(redisUrl, prefix, 1);

    for (let i = 0; i < 10; i++) await openAndLeave(node.events);
    // A slot taken for a client that has left is given back once the node sees it gone (a busy
    // machine makes that later); one kept would refuse every stream after it.
    const stream = await eventually(
      () => open(node.events),
      (next) => next.status === 200,
    );
    expect(stream.status).toBe(200);
    expect(await slotsInRedis(redisUrl, prefix)).toBe(1);
    await stream.waitForEvents(1);
    await stillServing(node);
  });
});

describe.skipIf(!binary)('the public stream while Redis is away', () => {
  it('a stalled Redis: a client that leaves while its slot is pending holds none, and streams open on the node’s own count', async () => {
    const redis = await startRedisServer(binary);
    cleanups.push(() => {
      redis.process.kill('SIGCONT');
      return redis.kill();
    });
    const prefix = testPrefix();
    const node = await pageNode(redis.url, prefix, 1);

    // Stopped, Redis takes the slot request and never answers: it stays pending until the
    // node gives up on Redis (a quarter of a second) and counts on its own. Until then a new
    // stream may be refused; one that left holding a slot would keep every other out.
    redis.process.kill('SIGSTOP');
    await openAndLeave(node.events);

    const stream = await eventually(
      () => open(node.events),
      (next) => next.status === 200,
    );
    expect(stream.status).toBe(200);
    await stream.waitForEvents(1);
    expect((await open(node.events)).status).toBe(429);
    await stillServing(node);

    // Back, Redis learns this node's streams: the open one, not the one that left.
    redis.process.kill('SIGCONT');
    expect(
      await eventually(
        () => slotsInRedis(redis.url, prefix),
        (n) => n === 1,
      ),
    ).toBe(1);
  });

  it('a node told to stop while a slot is pending stops at once, not after its 10 s deadline', async () => {
    const redis = await startRedisServer(binary);
    cleanups.push(() => {
      redis.process.kill('SIGCONT');
      return redis.kill();
    });
    const node = await pageNode(redis.url, testPrefix(), 1);
    redis.process.kill('SIGSTOP');
    // The slot comes after shutdown began: the stream it opens must end, not hold the close up.
    const stream = openEventStream(node.events).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    node.child.process.kill('SIGTERM');
    // Past its deadline the node forces its exit with 1 and says so: 0 and silence mean it
    // stopped on its own.
    expect(await node.child.exited).toBe(0);
    expect(node.child.stdout()).not.toContain('shutdown took over');
    await stream;
  });

  it('a Redis that is gone: streams open and are limited on the node alone', async () => {
    const redis = await startRedisServer(binary);
    cleanups.push(() => redis.kill());
    const node = await pageNode(redis.url, testPrefix(), 1);
    await redis.kill();

    const stream = await open(node.events);
    expect(stream.status).toBe(200);
    await stream.waitForEvents(1);
    expect((await open(node.events)).status).toBe(429);
    stream.close();
    const again = await eventually(
      () => open(node.events),
      (next) => next.status === 200,
    );
    expect(again.status).toBe(200);
    await stillServing(node);
  });
});
