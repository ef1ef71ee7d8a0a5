import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { fixture, RICH } from '../support/fixture.js';
import { needOutside } from '../support/outside.js';
import { PATIENCE_MS } from '../support/patience.js';
import { RACE_END, raceGuild } from '../support/race.js';
import { openTestStore, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * The public scoreboard (docs/scoreboard.md) in a real browser: Debian's Chromium driven headless
 * by playwright-core. Every request to another origin is refused and recorded; axe-core checks the
 * page; screenshots go to test/artifacts/ for a person to look at.
 */

const chromiumPath = needOutside('chromium', import.meta.filename);
const artifacts = join(packageRoot, 'test', 'artifacts');
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** A guild with 60 days of a close race behind it (test/support/race.ts). */
const RACE = '1133557799224466899';

let test: TestStore;
let node: Awaited<ReturnType<typeof startPageNode>>;
let browser: Browser;

beforeAll(async () => {
  if (!chromiumPath) return;
  mkdirSync(artifacts, { recursive: true });
  test = await openTestStore('sqlite', { guilds: [...fixture.guilds, raceGuild(RACE)] });
  await test.store.publication.publish(RICH);
  await test.store.publication.publish(RACE, { title: 'Hogwarts RP · House cup' });
  node = await startPageNode(test.store);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await node?.close();
  await test?.cleanup();
});

/** A page at `width`×`height` that refuses and records every request leaving the origin. */
async function open(path: string, width: number, height: number, bypassCSP = false) {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP });
  const page = await context.newPage();
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${node.url}/`)) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  await page.goto(`${node.url}${path}`);
  await page.waitForLoadState('networkidle');
  return { page, elsewhere, errors };
}

const points = (page: Page, house: string) =>
  page.locator(`[data-house="${house}"] .points`).textContent();

describe.skipIf(!chromiumPath)('the public scoreboard in a browser', () => {
  it('renders the standings from this server alone, on a phone and a 1920×1080 screen', async () => {
    for (const [width, height] of [
      [390, 844],
      [1920, 1080],
    ] as const) {
      const { page, elsewhere, errors } = await open(`/cup/${RICH}`, width, height);
      expect(await page.locator('.house').count()).toBe(4);
      expect(await points(page, 'gryffindor')).toBe('120');
      expect(await page.locator('.house .rank').first().textContent()).toBe('1');
      await page.screenshot({ path: join(artifacts, `scoreboard-${width}.png`), fullPage: true });
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('draws the race to fit a 390 px phone: no sideways scroll, every end label on screen and apart', async () => {
    // The lines' least share of the chart's width: the axis' values and the end labels take the
    // rest, a larger part of a phone's narrow chart.
    for (const [width, height, shown, lines] of [
      [390, 844, ['Gryffindor', 'Hufflepuff', 'Ravenclaw', 'Slytherin'], 0.55],
      [
        1920,
        1080,
        ['Gryffindor 1,240', 'Hufflepuff 1,012', 'Ravenclaw 960', 'Slytherin 1,185'],
        0.8,
      ],
    ] as const) {
      const { page, elsewhere, errors } = await open(`/cup/${RACE}`, width, height);
      expect(await page.locator('h1').textContent()).toBe('Hogwarts RP · House cup');
      expect(await page.title()).toBe('Hogwarts RP · House cup');
      expect(await page.locator('#chart .line').count()).toBe(4);
      // Expressions as text: this project's TypeScript has no DOM types, the page does.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        width,
      );
      // The labels shown: the houses alone on a phone, with their values on a wide screen.
      const labels =
        (await page.evaluate(`[...document.querySelectorAll('#chart .label')].filter((label) => label.checkVisibility()).map((label) => {
        const box = label.getBoundingClientRect();
        return { text: label.textContent, left: box.left, right: box.right, top: box.top, bottom: box.bottom, size: parseFloat(getComputedStyle(label).fontSize) };
      })`)) as {
          text: string;
          left: number;
          right: number;
          top: number;
          bottom: number;
          size: number;
        }[];
      expect(labels.map((label) => label.text).sort()).toEqual(shown);
      const share = (await page.evaluate(
        `document.querySelector('#chart .plot').getBoundingClientRect().width / document.querySelector('#chart .race').getBoundingClientRect().width`,
      )) as number;
      expect(share).toBeGreaterThanOrEqual(lines);
      // The axis' values sit left of the lines, none over them.
      const [valuesRight, plotLeft] = (await page.evaluate(
        `[Math.max(...[...document.querySelectorAll('#chart .ticks text')].map((text) => text.getBoundingClientRect().right)), document.querySelector('#chart .plot').getBoundingClientRect().left]`,
      )) as [number, number];
      expect(valuesRight).toBeLessThanOrEqual(plotLeft);
      for (const [i, label] of labels.entries()) {
        // Inside the viewport, at a size one reads on a phone, overlapping no other label.
        expect(label.left, label.text).toBeGreaterThanOrEqual(0);
        expect(label.right, label.text).toBeLessThanOrEqual(width);
        expect(label.size, label.text).toBeGreaterThanOrEqual(12);
        for (const other of labels.slice(i + 1)) {
          const apart = label.bottom <= other.top || other.bottom <= label.top;
          expect(apart, `${label.text} / ${other.text}`).toBe(true);
        }
      }
      await page.screenshot({
        path: join(artifacts, `scoreboard-race-${width}.png`),
        fullPage: true,
      });
      expect(elsewhere).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('redraws the chart after a change, from the page stream, without a reload', async () => {
    const { page, errors } = await open(`/cup/${RACE}`, 390, 844, true);
    await page.evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
    await test.store.importData({
      guilds: [{ id: RACE, points: { ...RACE_END, ravenclaw: 1300 } }],
    });
    await page.waitForFunction(
      `document.querySelector('#chart .ends.wide .label[data-house="ravenclaw"]')?.textContent === 'Ravenclaw 1,300'`,
      undefined,
      { timeout: PATIENCE_MS },
    );
    expect(await points(page, 'ravenclaw')).toBe('1,300');
    expect(await page.evaluate(() => 'loadedOnce' in globalThis)).toBe(true);
    // The new leader's label is the top one; the axis grew to hold it.
    const order = await page.evaluate(
      `[...document.querySelectorAll('#chart .ends.narrow .label')].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top).map((label) => label.dataset.house)`,
    );
    expect(order).toEqual(['ravenclaw', 'gryffindor', 'slytherin', 'hufflepuff']);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await page.context().close();
    await test.store.importData({ guilds: [raceGuild(RACE)] });
  });

  it('says it has no standings when the points are removed, and shows them when they are back, live', async () => {
    const { page, errors } = await open(`/cup/${RACE}`, 390, 844, true);
    await page.evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
    await test.store.importData({ guilds: [{ id: RACE }] });
    await page.waitForSelector('#no-standings', { timeout: PATIENCE_MS });
    expect(await page.locator('.house').count()).toBe(0);
    expect(await page.locator('#chart').count()).toBe(0);
    await test.store.importData({ guilds: [raceGuild(RACE)] });
    await page.waitForSelector('#chart .ends.narrow .label', { timeout: PATIENCE_MS });
    expect(await page.locator('.house').count()).toBe(4);
    expect(await points(page, 'gryffindor')).toBe('1,240');
    expect(await page.evaluate(() => 'loadedOnce' in globalThis)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('updates the numbers in place after an import, without a reload', async () => {
    // The wait below evaluates text in the page, which the page's CSP refuses (no eval).
    const { page } = await open(`/cup/${RICH}`, 1280, 800, true);
    await page.evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
    await test.store.importData({
      guilds: [
        { id: RICH, points: { gryffindor: 120, slytherin: 95, ravenclaw: 500, hufflepuff: 101 } },
      ],
    });
    await page.waitForFunction(
      `document.querySelector('[data-house="ravenclaw"] .points')?.textContent === '500'`,
      undefined,
      { timeout: PATIENCE_MS },
    );
    expect(await page.evaluate(() => 'loadedOnce' in globalThis)).toBe(true);
    expect(await page.locator('.house').first().getAttribute('data-house')).toBe('ravenclaw');
    expect(await page.locator('#announce').textContent()).toContain('Ravenclaw 500');

    // Equal points keep the houses' usual order live, as the page drawn afresh does.
    await test.store.importData({
      guilds: [
        { id: RICH, points: { gryffindor: 500, slytherin: 95, ravenclaw: 500, hufflepuff: 101 } },
      ],
    });
    await page.waitForFunction(
      `document.querySelector('[data-house="gryffindor"] .points')?.textContent === '500'`,
      undefined,
      { timeout: PATIENCE_MS },
    );
    const standings = (on: Page) =>
      on.evaluate(
        `[...document.querySelectorAll('#standings .house')].map((item) => item.dataset.house + ' ' + item.querySelector('.rank').textContent)`,
      );
    const live = await standings(page);
    expect(live).toEqual(['gryffindor 1', 'ravenclaw 1', 'hufflepuff 3', 'slytherin 4']);
    await page.reload();
    expect(await standings(page)).toEqual(live);
    await page.context().close();
  });

  it('draws the overlay on a transparent background', async () => {
    const { page } = await open(`/cup/${RICH}?overlay=1`, 1920, 1080);
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(background).toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({
      path: join(artifacts, 'scoreboard-overlay.png'),
      omitBackground: true,
    });
    await page.context().close();
  });

  it('has no serious or critical accessibility violation (axe-core), page and 404 alike', async () => {
    for (const path of [`/cup/${RICH}`, `/cup/${RACE}`, '/cup/nobody']) {
      // axe is injected as a script of the test's own: the page's CSP would rightly refuse it.
      const { page } = await open(path, 1280, 800, true);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (
          globalThis as unknown as {
            axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> };
          }
        ).axe;
        return (await axe.run()).violations.map(({ id, impact }) => ({ id, impact }));
      });
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
        path,
      ).toEqual([]);
      await page.context().close();
    }
  });
});
