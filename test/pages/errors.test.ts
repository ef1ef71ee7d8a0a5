import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { openEventStream } from '../support/event-stream.js';
import { fixture, RICH } from '../support/fixture.js';
import { type RawResponse, rawRequest } from '../support/raw-http.js';
import { startPageNode } from './support.js';

/*
 * The public pages are read by browsers: every error under /cup/ answers a small HTML page with
 * the pages' security headers, whichever part refused the request (the router, an undecodable
 * path, an unknown path, another method, a failed read), never the API's JSON error body.
 */

type PageNode = Awaited<ReturnType<typeof startPageNode>>;

const LONG_ID = '1'.repeat(10_000);

function expectPage(answer: RawResponse, status: number, method = 'GET'): void {
  const label = `${method} → ${answer.status} ${String(answer.headers['content-type'])}`;
  expect(answer.status, label).toBe(status);
  expect(answer.headers['content-type'], label).toBe('text/html; charset=utf-8');
  expect(answer.headers['content-security-policy'], label).toMatch(/^default-src 'self'/);
  if (method === 'HEAD') expect(answer.text).toBe('');
  else expect(answer.text, label).toMatch(/^<!doctype html>[\s\S]*housecup/);
}

describe('errors on the public pages', () => {
  let db: TestDatabase;
  let node: PageNode;
  beforeAll(async () => {
    db = await openTestDatabase(fixture);
    await db.store.publication.publish(RICH);
    node = await startPageNode(db.store, { streamsPerAddress: 1 });
  });
  afterAll(async () => {
    await node?.close();
    db?.cleanup();
  });

  it.each([
    '/cup/assets/%ff',
    '/cup/%ff',
    '/cup/%',
    '/cup/%zz',
    `/cup/${RICH}%ff`,
    '/cup/%ff?overlay=1',
    '/cup/%ff/chart.png',
    '/cup/%ff/events',
  ])('answers an undecodable %s with the HTML page, GET and HEAD', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(node.url, path, {}, method);
      expectPage(answer, 400, method);
      if (method === 'GET') expect(answer.text).toContain('This address cannot be read.');
    }
  });

  it('answers overlong and unknown paths with the 404 page', async () => {
    for (const path of [
      `/cup/${LONG_ID}`,
      `/cup/${LONG_ID}?overlay=1`,
      `/cup/${LONG_ID}/chart.png`,
      `/cup/${LONG_ID}/events`,
      `/cup/assets/${'a'.repeat(10_000)}`,
      '/cup',
      '/cup/',
      `/cup/${RICH}/nothing`,
      '/cup/assets/cup.css/more',
    ]) {
      expectPage(await rawRequest(node.url, path), 404);
      expectPage(await rawRequest(node.url, path, {}, 'HEAD'), 404, 'HEAD');
    }
  });

  it('answers another method with the HTML page and Allow', async () => {
    const post = await rawRequest(node.url, `/cup/${RICH}`, {}, 'POST');
    expectPage(post, 405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.text).toContain('This page is only read: it takes GET and HEAD.');
    expectPage(await rawRequest(node.url, '/cup/assets/cup.css', {}, 'DELETE'), 405);
  });

  it('answers HEAD on every page with its headers and no body, and a stream HEAD holds no slot', async () => {
    for (const [path, type] of [
      [`/cup/${RICH}`, 'text/html; charset=utf-8'],
      [`/cup/${RICH}?overlay=1`, 'text/html; charset=utf-8'],
      [`/cup/${RICH}/chart.png`, 'image/png'],
      [`/cup/${RICH}/events`, 'text/event-stream'],
      ['/cup/assets/cup.css', 'text/css; charset=utf-8'],
    ]) {
      const answer = await rawRequest(node.url, path ?? '', {}, 'HEAD');
      expect([answer.status, answer.headers['content-type'], answer.text]).toEqual([200, type, '']);
    }
    // One stream per address here: the HEADs above left it free.
    const stream = await openEventStream(`${node.url}/cup/${RICH}/events`);
    try {
      expect(stream.status).toBe(200);
    } finally {
      stream.close();
    }
  });

  it('leaves the API its JSON errors', async () => {
    for (const path of ['/v1/players/%ff', '/cupcake/%ff', '/nothing']) {
      const answer = await rawRequest(node.url, path);
      expect(answer.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.text), path).toMatchObject({ status: answer.status });
    }
  });
});

describe('a failed read on the public pages', () => {
  let db: TestDatabase;
  let node: PageNode;
  beforeAll(async () => {
    db = await openTestDatabase(fixture);
    await db.store.publication.publish(RICH);
    node = await startPageNode(db.store);
  });
  afterEach(() => {
    db.db.sqlite.exec('ALTER TABLE published_guilds_away RENAME TO published_guilds');
  });
  afterAll(async () => {
    await node?.close();
    db?.cleanup();
  });

  it('answers 500 with an HTML page that tells nothing of the fault', async () => {
    // A real fault in the store: the table the pages read first is not there.
    db.db.sqlite.exec('ALTER TABLE published_guilds RENAME TO published_guilds_away');
    for (const path of [`/cup/${RICH}`, `/cup/${RICH}/chart.png`, `/cup/${RICH}/events`]) {
      const answer = await rawRequest(node.url, path);
      expectPage(answer, 500);
      expect(answer.text).not.toMatch(/sqlite|published_guilds|no such table/i);
    }
  });
});
