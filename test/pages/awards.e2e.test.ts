import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import type { House } from '../../src/records/houses.js';
import { needOutside } from '../support/outside.js';
import { PATIENCE_MS } from '../support/patience.js';
import { raceGuild } from '../support/race.js';
import { openTestStore, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * The public page's latest awards (docs/awards.md) in a real browser, at 390×844 and 1920×1080
 * and in the overlay (screenshots in test/artifacts/ for a person to look at): no sideways
 * scroll, and an award given while the page is open shows without a reload.
 */

const chromiumPath = needOutside('chromium', import.meta.filename);
const artifacts = join(packageRoot, 'test', 'artifacts');
const GUILD = '1133557799224466942';
const REASONS = [
  'Helped a first year find the common room',
  'Out of bed after curfew',
  'Brilliant Patronus in Defence Against the Dark Arts, the best the class has seen in years',
  'Quidditch win',
  'Potions: a perfect Draught of Peace',
];

let test: TestStore;
let node: Awaited<ReturnType<typeof startPageNode>>;
let browser: Browser;

const award = (house: House, points: number, reason: string) =>
  test.store.awards.award({ guildId: GUILD, house, points, reason, for: null, by: null });

beforeAll(async () => {
  if (!chromiumPath) return;
  mkdirSync(artifacts, { recursive: true });
  test = await openTestStore('sqlite', { guilds: [raceGuild(GUILD)] });
  await test.store.publication.publish(GUILD, { title: 'Hogwarts RP · House cup' });
  const houses: House[] = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff', 'gryffindor'];
  for (const [i, reason] of REASONS.entries()) {
    await award(houses[i] ?? 'gryffindor', i === 1 ? -5 : 10 * (i + 1), reason);
  }
  node = await startPageNode(test.store);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
});
afterAll(async () => {
  await browser?.close();
  await node?.close();
  await test?.cleanup();
});

const reasons = `[...document.querySelectorAll('.award-reason')].map((each) => each.textContent)`;

describe.skipIf(!chromiumPath)('the latest awards in a browser', () => {
  it('shows five on a phone, a 1920×1080 screen and the overlay, no sideways scroll', async () => {
    for (const [width, height, query] of [
      [390, 844, ''],
      [1920, 1080, ''],
      [1920, 1080, '?overlay=1'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${node.url}/cup/${GUILD}${query}`);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(reasons)).toEqual([...REASONS].reverse());
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        width,
      );
      const name = `awards-${query ? 'overlay-' : ''}${width}.png`;
      await page.screenshot({ path: join(artifacts, name), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('takes a new award live, without a reload', async () => {
    const context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${node.url}/cup/${GUILD}`);
    await page.waitForLoadState('networkidle');
    await award('slytherin', 25, 'Live from the Great Hall');
    await page.waitForFunction(
      `document.querySelector('.award-reason')?.textContent === 'Live from the Great Hall'`,
      undefined,
      { timeout: PATIENCE_MS },
    );
    expect(await page.evaluate(reasons)).toHaveLength(5);
    await context.close();
  });
});
