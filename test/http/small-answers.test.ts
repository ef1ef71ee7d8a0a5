import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache, ENTRY_BYTES } from '../../src/answers/answer-cache.js';
import { fixture, RICH } from '../support/fixture.js';
import { buildHardeningApp, type HardeningApp, listen } from './support/app.js';
import { fetchBytes } from './support/fetch-bytes.js';

/*
 * A small JSON answer leaves as text (one write with its headers), a large one and a picture as
 * bytes: either way the client gets the same bytes, and Content-Length counts bytes, not
 * characters, whatever the names hold.
 */

const NAMES = ['Zoë Ødegaard', '🦁 Léon', 'Ἑρμιόνη', 'Hermione'];
const withNames = structuredClone(fixture);
const rich = withNames.guilds.find((guild) => guild.id === RICH);
for (const [index, player] of (rich?.players ?? []).entries()) {
  player.name = NAMES[index % NAMES.length] ?? player.name;
}

let t: HardeningApp;
let url: string;
beforeAll(async () => {
  t = await buildHardeningApp(withNames);
  url = (await listen(t.app)).url;
});
afterAll(async () => {
  await t.close();
});

describe('small answers sent as text', () => {
  it('carry the same bytes on the build and on every hit, names in any script intact', async () => {
    const path = `${url}/v1/players/${RICH}`;
    const first = await fetchBytes(path, t.key);
    const again = await fetchBytes(path, t.key);
    expect(first.status).toBe(200);
    expect(first.bytes.length).toBeLessThan(4096);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.headers['content-length']).toBe(String(again.bytes.length));
    const names = (
      JSON.parse(again.bytes.toString('utf8')) as { results: { name: string }[] }
    ).results.map((player) => player.name);
    expect(names).toEqual(expect.arrayContaining(NAMES.slice(0, 3)));
  });

  it('are kept as text only when small JSON, and counted with their text', async () => {
    const cache = new AnswerCache();
    const small = await cache.get(
      'small',
      () => 'g',
      async () => ({
        status: 200,
        body: '{"name":"Zoë"}',
      }),
    );
    expect(small.text).toBe('{"name":"Zoë"}');
    expect(cache.size.bytes).toBe(
      Buffer.byteLength('{"name":"Zoë"}') + '{"name":"Zoë"}'.length + ENTRY_BYTES,
    );
    const large = await cache.get(
      'large',
      () => 'g',
      async () => ({
        status: 200,
        body: JSON.stringify({ padding: 'x'.repeat(5000) }),
      }),
    );
    expect(large.text).toBeUndefined();
    const picture = await cache.get(
      'picture',
      () => 'g',
      async () => ({
        status: 200,
        body: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
        type: 'image/png',
      }),
    );
    expect(picture.text).toBeUndefined();
  });
});
