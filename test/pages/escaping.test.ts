import { describe, expect, it } from 'vitest';
import { notFoundPage, scoreboardPage } from '../../src/pages/scoreboard-page.js';
import type { House } from '../../src/records/houses.js';

/*
 * Every value the public page writes is escaped, in text and in attributes: the page is built
 * with a tag that escapes whatever it is given unless it is markup the tag made itself. A meta
 * refresh in an attribute is not stopped by the page's Content-Security-Policy.
 */

/** The end of the week the figures count (Monday 00:00 UTC). */
const WEEK_ENDS = '2026-11-30T00:00:00.000Z';
const PAYLOAD = '"><meta http-equiv="refresh" content="0;url=https://evil.example/">';
const ESCAPED =
  '&quot;&gt;&lt;meta http-equiv=&quot;refresh&quot; content=&quot;0;url=https://evil.example/&quot;&gt;';
const houses = <T>(value: T) =>
  ({ gryffindor: value, slytherin: value, ravenclaw: value, hufflepuff: value }) as Record<
    House,
    T
  >;

describe('the public page', () => {
  it('escapes every value it is given, whatever its type claims', () => {
    // Values of the wrong kind, as a store written around its checks could hand them over.
    const page = scoreboardPage({
      guildId: PAYLOAD,
      title: PAYLOAD,
      standings: houses(PAYLOAD as unknown as number),
      weekChange: houses(PAYLOAD as unknown as number),
      overlay: false,
      series: [],
      weekEndsAt: WEEK_ENDS,
    });
    expect(page).not.toContain(PAYLOAD);
    expect(page).not.toMatch(/<meta http-equiv/i);
    expect(page).toContain(`data-points="${ESCAPED}"`);
    expect(page).toContain(`data-guild="${ESCAPED}"`);
    // The guild's own title, in <title> and in the heading.
    expect(page).toContain(`<title>${ESCAPED}</title>`);
    expect(page).toContain(`<h1>${ESCAPED}</h1>`);
    // A value shaped like the tag's own markup is still only a value.
    const forged = scoreboardPage({
      guildId: 'g',
      title: { markup: PAYLOAD } as unknown as string,
      standings: houses({ markup: PAYLOAD } as unknown as number),
      weekChange: houses(null),
      overlay: true,
      series: [],
      weekEndsAt: WEEK_ENDS,
    });
    expect(forged).not.toContain(PAYLOAD);
  });

  it('keeps its own markup as written', () => {
    const page = scoreboardPage({
      guildId: '1133557799224466880',
      title: 'House cup',
      standings: { gryffindor: 1240, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012 },
      weekChange: { gryffindor: 120, slytherin: -5, ravenclaw: 0, hufflepuff: null },
      overlay: true,
      series: [],
      weekEndsAt: WEEK_ENDS,
    });
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toContain('<body data-guild="1133557799224466880" class="overlay">');
    expect(page).toContain(
      '<li class="house gryffindor" data-house="gryffindor" data-points="1240" data-week="120"><span class="rank">1</span><span class="name">Gryffindor</span><span class="points">1,240</span><span class="week">▲ 120 this week</span></li>',
    );
    expect(page).toContain('data-week=""><span class="rank">3</span>');
    // The overlay has no chart.
    expect(page).not.toContain('<figure');
    expect(page).toContain('<script src="/cup/assets/cup.js" defer></script>');
    expect(notFoundPage()).toContain('<code>/scoreboard publish</code>');
  });
});
