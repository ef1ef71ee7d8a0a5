import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, RICH } from '../support/fixture.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * The public page's latest awards (docs/awards.md): the 5 newest, newest first, each its house,
 * points, reason and time, never who gave it or whom it was for; the overlay shows them too; an
 * award undone stays, struck through.
 */

const PREFECT = '500000000000000077';
const MEMBER = '500000000000000088';

/** The page's awards: each `<li class="award…">…</li>`. */
function awardsOf(page: string): string[] {
  const section = /<section class="awards"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
  return [...section.matchAll(/<li class="award[^"]*">[\s\S]*?<\/li>/g)].map((match) => match[0]);
}

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the public page's awards on ${kind}`, () => {
    let test: TestStore;
    let node: Awaited<ReturnType<typeof startPageNode>>;
    const ids: number[] = [];
    beforeAll(async () => {
      test = await openTestStore(kind, fixture);
      await test.store.publication.publish(RICH, { title: 'Hogwarts RP' });
      node = await startPageNode(test.store);
    });
    afterAll(async () => {
      await node?.close();
      await test?.cleanup();
    });
    const page = async (query = '') => {
      const response = await fetch(`${node.url}/cup/${RICH}${query}`);
      expect(response.status).toBe(200);
      return response.text();
    };

    it('shows none before the first award', async () => {
      expect(await page()).not.toContain('id="awards"');
    });

    it('shows the latest 5, newest first, never a member', async () => {
      const houses = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'] as const;
      for (let i = 0; i < 7; i += 1) {
        const given = await test.store.awards.award({
          guildId: RICH,
          house: houses[i % 4] ?? 'gryffindor',
          points: i % 2 === 0 ? 10 + i : -(1 + i),
          reason: `Reason <${i}>`,
          for: MEMBER,
          by: PREFECT,
        });
        if (given.outcome !== 'awarded') throw new Error(given.outcome);
        ids.push(given.entry.id);
      }
      await test.store.awards.undo({ guildId: RICH, id: ids[6] ?? 0, by: PREFECT });
      for (const query of ['', '?overlay=1']) {
        const html = await page(query);
        const shown = awardsOf(html);
        expect(shown).toHaveLength(5);
        expect(shown[0]).toMatch(
          /^<li class="award undone"><span class="award-house ravenclaw">Ravenclaw<\/span><span class="award-points">\+16<\/span><span class="award-reason">Reason &lt;6&gt;<\/span><time class="award-time" datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time><span class="award-undone">taken back<\/span><\/li>$/,
        );
        expect(shown[1]).toContain('<span class="award-points">−6</span>');
        expect(shown[4]).toContain('Reason &lt;2&gt;');
        expect(html).not.toContain(MEMBER);
        expect(html).not.toContain(PREFECT);
      }
    });
  });
}
