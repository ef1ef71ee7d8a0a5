import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';

/*
 * public/cup.js at the week's turn: "this week" starts again on Monday 00:00 UTC with nothing
 * written, so an open page (an OBS overlay left running) reads itself again then. The script runs
 * as a browser would run it, with the few browser parts it touches played here and its clock and
 * timers in the test's hands: nothing waits for Monday.
 */

const SCRIPT = readFileSync(join(packageRoot, 'public', 'cup.js'), 'utf8');
const SUNDAY = Date.parse('2026-11-29T23:59:00.000Z');
const MONDAY = '2026-11-30T00:00:00.000Z';
const NEXT_MONDAY = '2026-12-07T00:00:00.000Z';

interface Main {
  dataset: Record<string, string>;
  replaceWith(fresh: Main): void;
}

/** A page whose <main> counts the week ending `weekEnds`, with cup.js running on it. */
function openPage(weekEnds: string) {
  const clock = { now: SUNDAY };
  const timers: { run: () => void; ms: number }[] = [];
  const fetched: string[] = [];
  /** What the server answers the page's next read with: the <main> it carries. */
  let served: Main | null = null;
  const mainOf = (ends: string): Main => ({
    dataset: { term: '', weekEnds: ends },
    replaceWith(fresh) {
      current = fresh;
    },
  });
  let current = mainOf(weekEnds);
  class PageDate extends Date {
    static override now() {
      return clock.now;
    }
  }
  runInNewContext(SCRIPT, {
    Date: PageDate,
    document: {
      body: { dataset: { guild: '1133557799224466880' } },
      documentElement: { lang: 'en' },
      getElementById: (id: string) => (id === 'cup' ? current : null),
      importNode: (node: Main) => node,
    },
    location: { pathname: '/cup/1133557799224466880', search: '?overlay=1' },
    EventSource: class {
      addEventListener() {}
    },
    DOMParser: class {
      parseFromString() {
        return { getElementById: (id: string) => (id === 'cup' ? served : null) };
      }
    },
    fetch: async (url: string) => {
      fetched.push(url);
      return { ok: served !== null, text: async () => '<html></html>' };
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    clearTimeout: () => {},
  });
  /** Runs the timer set last (and the page read it starts), as its time comes. */
  const fireLast = async () => {
    const timer = timers.at(-1);
    if (!timer) throw new Error('no timer set');
    timers.splice(timers.indexOf(timer), 1);
    timer.run();
    // The page read the timer asked for (its own timer, at once), then what it answered.
    const read = timers.pop();
    read?.run();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    clock,
    timers,
    fetched,
    fireLast,
    serve: (ends: string) => {
      served = mainOf(ends);
    },
    shownWeekEnds: () => current.dataset.weekEnds,
  };
}

describe('cup.js at the week’s turn', () => {
  it('reads the page again once the week its figures count has ended, then follows the next', async () => {
    const page = openPage(MONDAY);
    // One timer: the week's end, a moment after it for the server's clock.
    expect(page.timers.map((t) => t.ms)).toEqual([Date.parse(MONDAY) - SUNDAY + 2_000]);
    page.clock.now = Date.parse(MONDAY) + 2_000;
    page.serve(NEXT_MONDAY);
    await page.fireLast();
    expect(page.fetched).toEqual(['/cup/1133557799224466880?overlay=1']);
    expect(page.shownWeekEnds()).toBe(NEXT_MONDAY);
    // Then the next week's end.
    expect(page.timers.map((t) => t.ms)).toEqual([
      Date.parse(NEXT_MONDAY) - page.clock.now + 2_000,
    ]);
  });

  it('asks again a minute later when the page it read still counts the old week', async () => {
    const page = openPage(MONDAY);
    page.clock.now = Date.parse(MONDAY) + 2_000;
    // This machine's clock ran ahead of the server's: the server still drew the old week.
    page.serve(MONDAY);
    await page.fireLast();
    expect(page.fetched).toHaveLength(1);
    expect(page.timers.map((t) => t.ms)).toEqual([60_000]);
    page.serve(NEXT_MONDAY);
    await page.fireLast();
    expect(page.fetched).toHaveLength(2);
    expect(page.shownWeekEnds()).toBe(NEXT_MONDAY);
  });
});
