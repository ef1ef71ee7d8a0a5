import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodAt } from '../../src/records/periods.js';
import { openEventStream } from '../support/event-stream.js';
import { fixture, RICH, SPARSE } from '../support/fixture.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/* The public scoreboard (docs/scoreboard.md) over a real app and store, on each store. */

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the public scoreboard on ${kind}`, () => {
    let test: TestStore;
    let node: Awaited<ReturnType<typeof startPageNode>>;
    beforeAll(async () => {
      test = await openTestStore(kind, fixture);
      node = await startPageNode(test.store);
      await test.store.publication.publish(RICH);
    });
    afterAll(async () => {
      await node?.close();
      await test?.cleanup();
    });
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${node.url}${path}`, { headers });

    it('shows nothing of a guild that did not publish: the same 404 as an unknown one', async () => {
      const unpublished = await get(`/cup/${SPARSE}`);
      const unknown = await get('/cup/424242');
      const malformed = await get('/cup/bad.id');
      expect([unpublished.status, unknown.status, malformed.status]).toEqual([404, 404, 404]);
      const bodies = await Promise.all([unpublished.text(), unknown.text(), malformed.text()]);
      expect(new Set(bodies).size).toBe(1);
      expect(bodies[0]).toContain('housecup');
      expect((await get(`/cup/${SPARSE}/chart.png`)).status).toBe(404);
      expect((await get(`/cup/${SPARSE}/events`)).status).toBe(404);
    });

    it('serves a published guild: standings server-rendered, own assets only, no player data', async () => {
      const response = await get(`/cup/${RICH}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
      const html = await response.text();
      for (const points of ['120', '101', '95', '80']) expect(html).toContain(`>${points}<`);
      expect(html).toContain('aria-live="polite"');
      // When the week its figures count ends: cup.js reads the page again then (cup-week.test.ts).
      expect(html).toContain(`data-week-ends="${periodAt('week', new Date()).to}"`);
      // No player name or id, nor any address of another origin.
      for (const guild of fixture.guilds) {
        for (const player of guild.players ?? []) {
          expect(html).not.toContain(player.name);
          expect(html).not.toContain(player.user_id);
        }
      }
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
      let total = Buffer.byteLength(html);
      for (const asset of ['cup.css', 'cup.js', 'housecup.svg']) {
        const served = await get(`/cup/assets/${asset}`);
        expect(served.status).toBe(200);
        total += (await served.arrayBuffer()).byteLength;
      }
      expect(total).toBeLessThan(30 * 1024);
      const chart = await get(`/cup/${RICH}/chart.png?width=1200&height=500`);
      expect(chart.headers.get('content-type')).toBe('image/png');
      const overlay = await (await get(`/cup/${RICH}?overlay=1`)).text();
      expect(overlay).toContain('class="overlay"');
    });

    it('answers a chart size that is no integer in its bounds with a 400 naming it (issue 29)', async () => {
      const WIDTH = 'Invalid width: must be an integer from 400 to 1600';
      const HEIGHT = 'Invalid height: must be an integer from 200 to 1000';
      for (const [query, text] of [
        ['width=Infinity', WIDTH],
        ['width=-Infinity', WIDTH],
        ['width=1e3', WIDTH],
        ['width=%20800', WIDTH],
        ['width=3000', WIDTH],
        ['height=1e400', HEIGHT],
        ['width=400&height=0x10', HEIGHT],
      ]) {
        const response = await get(`/cup/${RICH}/chart.png?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await response.text()).toContain(text);
      }
      // An unpublished guild stays a 404, whatever the size.
      expect((await get(`/cup/${SPARSE}/chart.png?width=Infinity`)).status).toBe(404);
      const chart = await get(`/cup/${RICH}/chart.png?width=400&height=200`);
      expect(chart.headers.get('content-type')).toBe('image/png');
    });

    it('streams the points a commit brings, and ends the streams once the guild is unpublished, on every node', async () => {
      const other = await startPageNode(await test.reopen());
      try {
        const here = await openEventStream(`${node.url}/cup/${RICH}/events`);
        const there = await openEventStream(`${other.url}/cup/${RICH}/events`);
        expect(here.headers['content-type']).toBe('text/event-stream');
        await here.waitForEvents(1);
        await there.waitForEvents(1);
        expect(JSON.parse(here.events[0]?.data ?? '{}')).toMatchObject({ gryffindor: 120 });
        await test.store.importData({
          guilds: [
            {
              id: RICH,
              points: { gryffindor: 150, slytherin: 95, ravenclaw: 80, hufflepuff: 101 },
            },
          ],
        });
        for (const stream of [here, there]) {
          const [, points] = await stream.waitForEvents(2);
          expect(JSON.parse(points?.data ?? '{}')).toMatchObject({ gryffindor: 150 });
        }
        await test.store.publication.unpublish(RICH);
        await Promise.all([here.ended, there.ended]);
        expect((await get(`/cup/${RICH}`)).status).toBe(404);
      } finally {
        await other.close();
        await test.store.publication.publish(RICH);
      }
    });
  });
}

describe('the public limits', () => {
  let test: TestStore;
  let node: Awaited<ReturnType<typeof startPageNode>>;
  beforeAll(async () => {
    test = await openTestStore('sqlite', fixture);
    await test.store.publication.publish(RICH);
    node = await startPageNode(test.store, { limitPerMinute: 3, streamsPerAddress: 1 });
  });
  afterAll(async () => {
    await node?.close();
    await test?.cleanup();
  });

  it('answers 429 past PUBLIC_STREAMS_PER_ADDRESS open streams, and past PUBLIC_LIMIT_PER_MINUTE requests', async () => {
    const first = await openEventStream(`${node.url}/cup/${RICH}/events`);
    expect(first.status).toBe(200);
    const second = await openEventStream(`${node.url}/cup/${RICH}/events`);
    expect(second.status).toBe(429);
    first.close();
    const third = await fetch(`${node.url}/cup/${RICH}`);
    expect(third.status).toBe(200);
    const fourth = await fetch(`${node.url}/cup/${RICH}`);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
