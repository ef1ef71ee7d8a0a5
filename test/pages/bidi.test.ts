import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * Text stored by others reaches the public page without bidi controls, as Discord's embeds show
 * it: a title or a term name holding U+202E (right-to-left override) must not show "OPEN" as
 * "NEPO", nor an isolate reorder the words around it. Escaped as ever; through the real server on
 * a loopback port, on each store.
 */

const GUILD = '1133557799224466950';
const CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const points = { gryffindor: 10, slytherin: 20, ravenclaw: 30, hufflepuff: 40 };

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the public page's stored text on ${kind}`, () => {
    let test: TestStore;
    let node: Awaited<ReturnType<typeof startPageNode>>;
    beforeAll(async () => {
      test = await openTestStore(kind, { guilds: [{ id: GUILD, points }] });
      await test.store.publication.publish(GUILD, {
        title: 'Cup is \u202EOPEN\u202C & <live>',
      });
      const started = await test.store.terms.start(
        GUILD,
        '\u2067Winter\u2069 \u202Bterm\u202C \u200F2026',
      );
      expect(started.outcome).toBe('started');
      node = await startPageNode(test.store);
    });
    afterAll(async () => {
      await node?.close();
      await test?.cleanup();
    });

    it.each(['', '?overlay=1'])(
      'shows the title and the term name as written, without bidi controls (%s)',
      async (query) => {
        const response = await fetch(`${node.url}/cup/${GUILD}${query}`);
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).not.toMatch(CONTROLS);
        expect(html).toContain('<title>Cup is OPEN &amp; &lt;live&gt;</title>');
        expect(html).toContain('<strong class="term-name">Winter term 2026</strong>');
      },
    );
  });
}
