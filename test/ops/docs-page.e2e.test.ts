import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/http/endpoints/index.js';
import { openApiPath } from '../../src/http/openapi/document.js';
import { packageRoot } from '../../src/paths.js';
import { needOutside } from '../support/outside.js';
import { PATIENCE_MS } from '../support/patience.js';
import { buildDemoApp, type DemoApp } from './support/demo-app.js';

/*
 * The docs page in a real browser: Debian's Chromium (.ci/run installs it) driven headless by
 * playwright-core, against the app listening on a loopback port. Every request the page makes
 * to another origin is refused and recorded: the page must render from this server alone.
 */

const chromiumPath = needOutside('chromium', import.meta.filename);
const artifacts = join(packageRoot, 'test', 'artifacts');

let demo: DemoApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  if (!chromiumPath) return;
  demo = await buildDemoApp();
  origin = await demo.app.listen({ host: '127.0.0.1', port: 0 });
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
  await demo?.close();
});

describe.skipIf(!chromiumPath)('/docs in a browser', () => {
  it('renders every path from this server alone, and saves a screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const elsewhere: string[] = [];
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });

    const response = await page.goto(`${origin}/docs`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('.opblock-summary-path', { timeout: PATIENCE_MS });

    const shown = await page.$$eval('.opblock-summary-path', (elements) =>
      elements.map((element) => element.getAttribute('data-path') ?? element.textContent ?? ''),
    );
    const expected = ENDPOINTS.map((endpoint) => openApiPath(endpoint.path));
    // Each path shows twice: its GET and its HEAD operation.
    expect([...new Set(shown)].sort()).toEqual([...expected].sort());
    expect(shown).toHaveLength(expected.length * 2);
    await expect(page.locator('.info .title').textContent()).resolves.toContain('housecup API');
    // The key can be entered for "Try it out": the security scheme reached the page.
    expect(await page.locator('.btn.authorize').count()).toBe(1);

    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'docs.png'), fullPage: true });
    expect(elsewhere).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("runs the live-updates page's fetch-based event stream reader: the four events, then a change", async () => {
    const readme = readFileSync(join(packageRoot, 'docs/live-updates.md'), 'utf8');
    const follow = /async function follow[\s\S]*?\n}\n/.exec(readme)?.[0];
    expect(follow, 'docs/live-updates.md shows follow()').toBeDefined();
    const page = await browser.newPage();
    await page.goto(`${origin}/docs`);
    await page.evaluate(
      ([source, key]) => {
        const events: [string, unknown][] = [];
        Object.assign(globalThis, { streamed: events });
        // The README's function, verbatim, started as its example does.
        const run = new Function(
          'key',
          'show',
          `${source}; follow(location.origin, key, '1133557799224466880', show);`,
        );
        run(key, (event: string, data: unknown) => events.push([event, data]));
      },
      [follow ?? '', demo.key] as const,
    );
    const streamed = () =>
      page.evaluate(() => (globalThis as unknown as { streamed: [string, unknown][] }).streamed);
    await page.waitForFunction(
      () => (globalThis as unknown as { streamed: unknown[] }).streamed.length >= 4,
      undefined,
      { timeout: PATIENCE_MS },
    );
    expect((await streamed()).map(([event]) => event)).toEqual([
      'points',
      'premium',
      'players',
      'jobs',
    ]);
    demo.store.importData({
      guilds: [
        {
          id: '1133557799224466880',
          points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 },
        },
      ],
    });
    await page.waitForFunction(
      () => (globalThis as unknown as { streamed: unknown[] }).streamed.length >= 5,
      undefined,
      { timeout: PATIENCE_MS },
    );
    expect((await streamed())[4]).toEqual([
      'points',
      { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4, status: 200 },
    ]);
    await page.close();
  });
});
