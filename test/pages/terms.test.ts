import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hallOfCups } from '../../src/pages/hall-of-cups.js';
import { openEventStream, type StreamEvent } from '../support/event-stream.js';
import { HOSTILE_TERM, hallGuild } from '../support/hall.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * The public page's terms (docs/scoreboard.md, "Terms and the hall of cups"): the open term's
 * name and its leaders (never winners), the hall of three past terms newest first, each won by
 * what the houses gained in it (a tie shows both houses, a term without points no winner, a
 * hostile name escaped), and the page following a term's end live, on each store.
 */

const HALL = '1133557799224466940';

/** The hall's cups, newest first: each `<li class="cup">…</li>`. */
function cupsOf(page: string): string[] {
  const hall = /<section class="hall"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
  return [...hall.matchAll(/<li class="cup">[\s\S]*?<\/li>/g)].map((match) => match[0]);
}

const termEvents = (events: StreamEvent[]) =>
  events.filter((e) => e.event === 'term').map((e) => JSON.parse(e.data));

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the public page's terms on ${kind}`, () => {
    let test: TestStore;
    let node: Awaited<ReturnType<typeof startPageNode>>;
    beforeAll(async () => {
      test = await openTestStore(kind, { guilds: [hallGuild(HALL)] });
      await test.store.publication.publish(HALL, { title: 'Hogwarts RP' });
      node = await startPageNode(test.store);
    });
    afterAll(async () => {
      await node?.close();
      await test?.cleanup();
    });
    const page = async (query = '') => {
      const response = await fetch(`${node.url}/cup/${HALL}${query}`);
      expect(response.status).toBe(200);
      return response.text();
    };

    it('names the open term and shows the hall of three past terms, newest first', async () => {
      const html = await page();
      expect(html).toContain(
        '<p class="term" id="term" data-gryffindor="40" data-slytherin="80" data-ravenclaw="70" data-hufflepuff="15"><span class="term-label">Term</span> <strong class="term-name">Winter 2026</strong> <span class="term-since">since Nov 1, 2026</span> <span class="term-leading">Leading: Slytherin · 80 points gained</span></p>',
      );
      expect(html).toMatch(/<main id="cup" data-term="4:" data-week-ends="[^"]+">/);
      const [autumn, summer, spring, ...rest] = cupsOf(html);
      expect(rest).toEqual([]);
      expect(autumn).toContain('<h3 class="cup-name">Autumn 2026</h3>');
      expect(autumn).toContain('<p class="cup-dates">Sep 1 – Oct 31, 2026</p>');
      // Won by what it gained (910), not by the most points at the end (Hufflepuff's 1,775).
      expect(autumn).toContain(
        '<span class="cup-label">Won by</span> <span class="winner slytherin">Slytherin</span> <span class="cup-points">910 points gained</span>',
      );
      expect(autumn).toContain(
        '<p class="cup-others"><span>Gryffindor +830</span><span>Ravenclaw +690</span><span>Hufflepuff +875</span></p>',
      );
      // A tie: both houses, in the houses' order.
      expect(spring).toContain(
        '<span class="cup-label">Shared by</span> <span class="winner gryffindor">Gryffindor</span> <span class="winner ravenclaw">Ravenclaw</span> <span class="cup-points">1,100 points gained each</span>',
      );
      expect(summer).toContain('<p class="cup-winners none">No winner: no house had points</p>');
      // The hostile name as text, never as markup.
      expect(summer).toContain(
        '<h3 class="cup-name">Summer &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;</h3>',
      );
      expect(html).not.toContain(HOSTILE_TERM);
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('hall-more');
    });

    it('shows the open term in the overlay, without the hall', async () => {
      const overlay = await page('?overlay=1');
      expect(overlay).toContain('<strong class="term-name">Winter 2026</strong>');
      expect(overlay).toContain(
        '<span class="term-leading">Leading: Slytherin · 80 points gained</span>',
      );
      expect(overlay).not.toContain('Won by');
      expect(overlay).not.toContain('class="hall"');
    });

    it('follows a term’s end: a term event, then the page with the term in its hall', async () => {
      const stream = await openEventStream(`${node.url}/cup/${HALL}/events`);
      try {
        const [points, term] = await stream.waitForEvents(2);
        expect(points?.event).toBe('points');
        expect(term?.event).toBe('term');
        expect(JSON.parse(term?.data ?? '{}')).toEqual({
          id: 4,
          name: 'Winter 2026',
          startedAt: '2026-11-01T08:00:00.000Z',
          endedAt: null,
        });
        const ended = await test.store.terms.end(HALL, { reset: true });
        // The reset's points and the term's end.
        await stream.waitForEvents(4);
        const [, after] = termEvents(stream.events);
        expect(after).toEqual({
          id: 4,
          name: 'Winter 2026',
          startedAt: '2026-11-01T08:00:00.000Z',
          endedAt: ended?.endedAt,
        });
        const html = await page();
        expect(html).not.toContain('id="term"');
        expect(html).toContain(`<main id="cup" data-term="4:${ended?.endedAt}" data-week-ends="`);
        const cups = cupsOf(html);
        expect(cups).toHaveLength(4);
        expect(cups[0]).toContain('<h3 class="cup-name">Winter 2026</h3>');
        expect(cups[0]).toContain('<span class="winner slytherin">Slytherin</span>');
        // A new term: its name on the page, and one more term event.
        await test.store.terms.start(HALL, 'Spring 2027');
        await stream.waitForEvents(5);
        expect(termEvents(stream.events).at(-1)).toMatchObject({ id: 5, endedAt: null });
        const spring = await page();
        expect(spring).toContain('<strong class="term-name">Spring 2027</strong>');
        // Just begun, on the reset's zeros: no house is ahead of another, so none leads yet.
        expect(spring).toContain('<span class="term-leading">No house leads yet</span>');
      } finally {
        stream.close();
      }
    });
  });
}

describe('a cup’s dates in the hall', () => {
  const cup = (startedAt: string, endedAt: string) => {
    const term = {
      id: 1,
      name: 'T',
      startedAt,
      endedAt,
      standings: { gryffindor: 1, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
      totals: { gryffindor: 1, slytherin: 0, ravenclaw: 0, hufflepuff: 0 },
      winners: ['gryffindor' as const],
    };
    const hall = hallOfCups({ open: null, hall: [term], more: false, latest: '' }).markup;
    return /<p class="cup-dates">([^<]*)<\/p>/.exec(hall)?.[1];
  };

  it('writes a range, its year once, or one day for a term of one day', () => {
    expect(cup('2026-09-01T00:00:00.000Z', '2026-10-31T20:00:00.000Z')).toBe(
      'Sep 1 – Oct 31, 2026',
    );
    expect(cup('2026-11-01T00:00:00.000Z', '2027-01-31T00:00:00.000Z')).toBe(
      'Nov 1, 2026 – Jan 31, 2027',
    );
    expect(cup('2026-11-29T08:00:00.000Z', '2026-11-29T23:59:00.000Z')).toBe('Nov 29, 2026');
  });
});
