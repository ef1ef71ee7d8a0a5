import { afterEach, describe, expect, it } from 'vitest';
import { fixture, RICH } from '../support/fixture.js';
import { needOutside } from '../support/outside.js';
import { deleteKeysUnder, get, keysUnder, type Nodes, startNodes, testPrefix } from './support.js';

/*
 * Two real services sharing one Redis: a key's renders a minute (RENDERS_PER_MINUTE) are spent
 * once across both nodes, named by the key's id, never by the key.
 */

const redisUrl = needOutside('redis', import.meta.filename) ?? '';
const TOO_MANY = '{"error":"Too many requests","status":429}';

let running: Nodes | undefined;
let prefix = '';
afterEach(async () => {
  await running?.stop();
  running = undefined;
  if (prefix) await deleteKeysUnder(redisUrl, prefix);
});

describe.skipIf(!redisUrl)('renders per key shared in Redis by two nodes', () => {
  it('a key gets RENDERS_PER_MINUTE renders in total across both nodes', async () => {
    prefix = testPrefix();
    running = await startNodes(2, fixture, {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '0',
      RENDERS_PER_MINUTE: '3',
    });
    const [a, b] = running.nodes;
    if (!a || !b) throw new Error('two nodes expected');
    const { id, key } = await running.database.store.keyStore.create({ name: 'renders' });
    const chart = (width: number) => `/v1/points/${RICH}/chart.png?width=${width}`;

    const spent = [
      await get(`${a.url}${chart(400)}`, key),
      await get(`${b.url}${chart(401)}`, key),
      await get(`${a.url}${chart(402)}`, key),
    ];
    expect(spent.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const node of [a, b]) {
      const refused = await get(`${node.url}${chart(403)}`, key);
      expect(refused.status).toBe(429);
      expect(refused.body).toBe(TOO_MANY);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // A chart node a holds costs nothing there, nor do the small answers.
    expect((await get(`${a.url}${chart(400)}`, key)).status).toBe(200);
    expect((await get(`${b.url}/v1/points/${RICH}`, key)).status).toBe(200);

    const written = (await keysUnder(redisUrl, prefix)).map((name) => name.slice(prefix.length));
    expect(written).toContain(`render:key:${id}`);
    for (const name of written) expect(name).not.toContain(key);
  });
});
