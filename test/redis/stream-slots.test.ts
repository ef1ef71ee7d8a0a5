import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream, type TestEventStream } from '../support/event-stream.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { needOutside } from '../support/outside.js';
import { deleteKeysUnder, keysUnder, type Nodes, startNodes, testPrefix } from './support.js';

/*
 * EVENT_STREAMS_PER_KEY across two real services sharing one Redis (docs/live-updates.md): the
 * slots of a key are counted once for both, a stream that ends gives its slot back to either node,
 * and what Redis holds names the key's id, never the key.
 */

const redisUrl = needOutside('redis', import.meta.filename) ?? '';

let running: Nodes | undefined;
let prefix = '';
const streams: TestEventStream[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await running?.stop();
  running = undefined;
  if (prefix) await deleteKeysUnder(redisUrl, prefix);
});

/** Opens until the answer is a 200 (a slot is released once its node has seen the stream end). */
const openOnceFree = (url: string, key: string): Promise<TestEventStream> =>
  eventually(
    () => openEventStream(url, { authorization: key }),
    (stream) => stream.status === 200,
  );

describe.skipIf(!redisUrl)('event stream slots shared in Redis', () => {
  it('counts a key’s streams on both nodes, and a closed or shut down one frees its slot for either', async () => {
    prefix = testPrefix();
    running = await startNodes(2, fixture, {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      EVENT_STREAMS_PER_KEY: '2',
    });
    const [a, b] = running.nodes;
    if (!a || !b) throw new Error('two nodes expected');
    const made = await running.database.store.keyStore.create({ name: 'two', rateLimit: 0 });
    const events = (node: typeof a) => `${node.url}/v1/events/${RICH}`;

    const first = await openEventStream(events(a), { authorization: made.key });
    const second = await openEventStream(events(a), { authorization: made.key });
    streams.push(first, second);
    expect([first.status, second.status]).toEqual([200, 200]);
    const refused = await openEventStream(events(b), { authorization: made.key });
    expect([refused.status, JSON.parse(refused.body)]).toEqual([
      429,
      { error: 'Too many requests', status: 429 },
    ]);
    expect(refused.headers['retry-after']).toBe('5');

    // Redis holds one member per stream under the key's id; nothing of the key itself.
    expect(await keysUnder(redisUrl, prefix)).toContain(`${prefix}streams:${made.id}`);
    expect((await keysUnder(redisUrl, prefix)).join(' ')).not.toContain('hc_');

    first.close();
    const onB = await openOnceFree(events(b), made.key);
    streams.push(onB);
    expect(onB.status).toBe(200);

    // Node a shuts down with its stream open: the slot comes back for node b.
    await a.stop();
    await second.ended;
    const again = await openOnceFree(events(b), made.key);
    streams.push(again);
    expect(again.status).toBe(200);
  });
});
