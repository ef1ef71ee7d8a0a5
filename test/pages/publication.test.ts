import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream.js';
import { eventually } from '../support/eventually.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * A published page's title and its standings coming and going (issue 30), over two nodes on one
 * store, on each store: the title heads the page, escaped, and a new one shows on every node; a
 * guild whose points are removed after it published shows that it has no standings (not four
 * houses ranked 1 with 0 points and a broken picture), live.
 */

const CUP = '1133557799224466890';
const POINTS = { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012 };
const HOSTILE = '<script>alert(1)</script> & "Cup" \'s';
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Cup&quot; &#39;s';

for (const kind of storeKinds(import.meta.filename)) {
  describe(`a published page on ${kind}`, () => {
    let test: TestStore;
    let here: Awaited<ReturnType<typeof startPageNode>>;
    let there: Awaited<ReturnType<typeof startPageNode>>;
    beforeAll(async () => {
      test = await openTestStore(kind, { guilds: [{ id: CUP, points: POINTS }] });
      here = await startPageNode(test.store);
      there = await startPageNode(await test.reopen());
    });
    afterAll(async () => {
      await here?.close();
      await there?.close();
      await test?.cleanup();
    });
    const page = (node: { url: string }, query = '') =>
      fetch(`${node.url}/cup/${CUP}${query}`).then(async (r) => ({
        status: r.status,
        text: await r.text(),
      }));

    it('is headed by its title, escaped, and a new title shows on every node', async () => {
      expect(await test.store.publication.publish(CUP)).toBe('published');
      for (const node of [here, there]) {
        const shown = await eventually(
          () => page(node),
          (answer) => answer.status === 200,
        );
        expect(shown.text).toContain('<title>House cup</title>');
        expect(shown.text).toContain('<h1>House cup</h1>');
      }
      expect(await test.store.publication.publish(CUP, { title: HOSTILE })).toBe('retitled');
      for (const node of [here, there]) {
        for (const query of ['', '?overlay=1']) {
          const shown = await eventually(
            () => page(node, query),
            (answer) => answer.text.includes(`<h1>${ESCAPED}</h1>`),
          );
          expect(shown.text).toContain(`<title>${ESCAPED}</title>`);
          expect(shown.text).toContain(`<h1>${ESCAPED}</h1>`);
          expect(shown.text).not.toContain('<script>alert');
        }
      }
      // Published again without one, it keeps its title.
      expect(await test.store.publication.publish(CUP)).toBe('already');
      expect((await page(here)).text).toContain(`<h1>${ESCAPED}</h1>`);
    });

    it('shows no standings once its points are removed, and its standings once they are back, live', async () => {
      const stream = await openEventStream(`${here.url}/cup/${CUP}/events`);
      try {
        await stream.waitForEvents(1);
        await test.store.importData({ guilds: [{ id: CUP }] });
        await stream.waitForEvents(2);
        expect(JSON.parse(stream.events[1]?.data ?? '{}')).toMatchObject({ status: 404 });
        for (const node of [here, there]) {
          const empty = await eventually(
            () => page(node),
            (answer) => answer.text.includes('No standings yet'),
          );
          expect(empty.status).toBe(200);
          expect(empty.text).toContain('id="no-standings"');
          expect(empty.text).not.toContain('class="house');
          expect(empty.text).not.toContain('<figure');
          expect(empty.text).toContain(`<h1>${ESCAPED}</h1>`);
        }
        // Its picture is the 404 page, as every error under /cup, not the API's JSON.
        const chart = await fetch(`${here.url}/cup/${CUP}/chart.png`);
        expect(chart.status).toBe(404);
        expect(chart.headers.get('content-type')).toBe('text/html; charset=utf-8');
        // Publishing again is refused while it has no points; the page stays published.
        expect(await test.store.publication.publish(CUP)).toBe('noPoints');
        expect(await test.store.read.publication.isPublished(CUP)).toBe(true);

        await test.store.importData({ guilds: [{ id: CUP, points: POINTS }] });
        await stream.waitForEvents(3);
        expect(JSON.parse(stream.events[2]?.data ?? '{}')).toMatchObject({ gryffindor: 1240 });
        const back = await eventually(
          () => page(there),
          (answer) => answer.text.includes('class="house'),
        );
        expect(back.text).toContain('<span class="points">1,240</span>');
        expect(back.text).toContain('<figure class="chart" id="chart">');
      } finally {
        stream.close();
      }
    });
  });
}
