import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { hallGuild } from '../support/hall.js';
import { foreignWrite } from '../support/history.js';
import { needOutside } from '../support/outside.js';
import { PATIENCE_MS } from '../support/patience.js';
import { raceGuild } from '../support/race.js';
import { openTestStore, type TestStore } from '../support/store.js';
import { startPageNode } from './support.js';

/*
 * The public page's terms (docs/scoreboard.md, "Terms and the hall of cups") in a real browser:
 * a guild with 60 days of a race, an open term and three ended ones (a tie, one without points,
 * a hostile name), at 390×844 and 1920×1080 (screenshots in test/artifacts/ for a person to look
 * at), and the hall taking a term's end live, without a reload.
 */

const chromiumPath = needOutside('chromium', import.meta.filename);
const artifacts = join(packageRoot, 'test', 'artifacts');
const GUILD = '1133557799224466941';
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

let test: TestStore;
let node: Awaited<ReturnType<typeof startPageNode>>;
let browser: Browser;

beforeAll(async () => {
  if (!chromiumPath) return;
  mkdirSync(artifacts, { recursive: true });
  const { terms } = hallGuild(GUILD);
  test = await openTestStore('sqlite', { guilds: [{ ...raceGuild(GUILD), terms }] });
  await test.store.publication.publish(GUILD, { title: 'Hogwarts RP · House cup' });
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

/** `bypassCSP` lets waitForFunction evaluate its text; the page's own script needs none. */
async function open(width: number, height: number, bypassCSP = false) {
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${node.url}/cup/${GUILD}`);
  await page.waitForLoadState('networkidle');
  return { page, errors };
}

const cupNames = `[...document.querySelectorAll('.cup-name')].map((name) => name.textContent)`;

describe.skipIf(!chromiumPath)('the hall of cups in a browser', () => {
  it('shows the open term and three past terms on a phone and a 1920×1080 screen, no sideways scroll', async () => {
    for (const [width, height] of [
      [390, 844],
      [1920, 1080],
    ] as const) {
      const { page, errors } = await open(width, height);
      expect(await page.locator('.term-name').textContent()).toBe('Winter 2026');
      expect(await page.locator('.term-leading').textContent()).toBe(
        'Leading: Gryffindor · 340 points gained',
      );
      expect(await page.evaluate(cupNames)).toEqual([
        'Autumn 2026',
        'Summer <script>alert(1)</script> & "friends"',
        'Spring 2026',
      ]);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
        width,
      );
      // Every cup inside the viewport's width.
      const rights = (await page.evaluate(
        `[...document.querySelectorAll('.cup')].map((cup) => cup.getBoundingClientRect().right)`,
      )) as number[];
      for (const right of rights) expect(right).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(artifacts, `hall-${width}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('names the open term in the overlay, without the hall', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.goto(`${node.url}/cup/${GUILD}?overlay=1`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.term-name').textContent()).toBe('Winter 2026');
    expect(await page.locator('.hall').count()).toBe(0);
    await page.screenshot({ path: join(artifacts, 'hall-overlay-1920.png'), omitBackground: true });
    await context.close();
  });

  it('has no serious or critical accessibility violation (axe-core): contrast of the chips included', async () => {
    // axe is injected as a script of the test's own: the page's CSP would rightly refuse it.
    const { page } = await open(1280, 800, true);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      const axe = (
        globalThis as unknown as {
          axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> };
        }
      ).axe;
      return (await axe.run()).violations.map(({ id, impact }) => ({ id, impact }));
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.context().close();
  });

  it('moves the open term’s leaders with the points, by what each house gained, no reload', async () => {
    const { page, errors } = await open(390, 844, true);
    // Winter began on 900 / 1,100 / 800 / 1,000: Gryffindor leads by what it gained, 340.
    expect(await page.locator('.term-leading').textContent()).toBe(
      'Leading: Gryffindor · 340 points gained',
    );
    await page.evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
    await foreignWrite(
      test,
      `UPDATE house_points SET slytherin = 1485 WHERE guild_id = '${GUILD}'`,
    );
    await page.waitForFunction(
      `document.querySelector('.term-leading')?.textContent === 'Leading: Slytherin · 385 points gained'`,
      undefined,
      { timeout: 5_000 },
    );
    expect(await page.evaluate(() => 'loadedOnce' in globalThis)).toBe(true);
    await page.screenshot({ path: join(artifacts, 'hall-leading-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('takes a term’s end from the stream: the term leaves the title, enters the hall, no reload', async () => {
    const { page, errors } = await open(390, 844, true);
    await page.evaluate(() => Object.assign(globalThis, { loadedOnce: true }));
    await test.store.terms.end(GUILD);
    await page.waitForFunction(
      `document.querySelector('.cup-name')?.textContent === 'Winter 2026'`,
      undefined,
      {
        timeout: PATIENCE_MS,
      },
    );
    expect(await page.locator('#term').count()).toBe(0);
    expect(await page.evaluate(() => 'loadedOnce' in globalThis)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
