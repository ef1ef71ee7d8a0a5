import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH, SPARSE } from '../support/fixture.js';
import { PATIENCE_MS } from '../support/patience.js';
import { storeKinds } from '../support/store.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const DATA_URLS = [
  `/v1/players/${RICH}`,
  `/v1/players/${RICH}?limit=2`,
  `/v1/players/${RICH}/200000000000000001`,
  `/v1/points/${RICH}`,
  `/v1/jobs/${RICH}`,
  `/v1/premium/${RICH}`,
  '/v1/players',
  '/v1/premium',
];

describe.each(storeKinds(import.meta.filename))('HTTP caching (%s)', (store) => {
  const build = (data: unknown) => buildTestApp(data, { store });

  it('gives every 200 an ETag and Cache-Control, and answers 304 to a matching If-None-Match', async () => {
    t = await build(fixture);
    const app = t.app;
    const headers = { authorization: t.key };
    for (const url of DATA_URLS) {
      const first = await app.inject({ url, headers });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers['cache-control']).toBe('private, max-age=5');
      const again = await app.inject({ url, headers });
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const notModified = await app.inject({
          url,
          headers: { ...headers, 'if-none-match': ifNoneMatch },
        });
        expect(notModified.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(notModified.body).toBe('');
        expect(notModified.headers.etag).toBe(etag);
      }
      const changed = await app.inject({
        url,
        headers: { ...headers, 'if-none-match': '"stale"' },
      });
      expect(changed.statusCode).toBe(200);
    }
  });

  it('needs a valid key even for a 304', async () => {
    t = await build(fixture);
    const first = await t.app.inject({
      url: `/v1/points/${RICH}`,
      headers: { authorization: t.key },
    });
    const sneaky = await t.app.inject({
      url: `/v1/points/${RICH}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(sneaky.statusCode).toBe(401);
  });

  it('puts no ETag on errors', async () => {
    t = await build(fixture);
    const notFound = await t.app.inject({
      url: `/v1/points/${SPARSE}`,
      headers: { authorization: t.key },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers.etag).toBeUndefined();
  });

  it('serves new data, with a new ETag, once another process has committed', async () => {
    t = await build(fixture);
    const headers = { authorization: t.key };
    const before = await t.app.inject({ url: `/v1/points/${RICH}`, headers });
    // Another process (SQLite) or another node (PostgreSQL) on the same database.
    const writer = await t.reopen();
    await writer.importData({
      guilds: [{ id: RICH, points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 } }],
    });
    // SQLite's data_version shows it at the next read; PostgreSQL's notification a moment later.
    const app = t.app;
    const after = await eventually(
      () =>
        app.inject({
          url: `/v1/points/${RICH}`,
          headers: { ...headers, 'if-none-match': before.headers.etag as string },
        }),
      (answer) => answer.statusCode !== 304,
    );
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      gryffindor: 1,
      slytherin: 2,
      ravenclaw: 3,
      hufflepuff: 4,
      status: 200,
    });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await t.app.inject({ url: `/v1/players/${RICH}`, headers })).statusCode).toBe(404);
  });

  it('stops answering premium at the expiry instant, with no data change', async () => {
    // The first read must come before the expiry: a busy machine may take longer than the lead
    // given to build the app, so each try gives twice as much.
    let expiresAt = '';
    let headers = {};
    for (let lead = 1_500; ; lead *= 2) {
      expect(lead, 'the app never answered before the premium ended').toBeLessThan(PATIENCE_MS);
      expiresAt = new Date(Date.now() + lead).toISOString();
      t = await build({ guilds: [{ id: 'soon', premium: { expiresAt } }] });
      headers = { authorization: t.key };
      if ((await t.app.inject({ url: '/v1/premium/soon', headers })).statusCode === 200) break;
      await t.close();
      t = undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 50));
    const expired = await t?.app.inject({ url: '/v1/premium/soon', headers });
    expect(expired?.body).toBe('{"guildId":"soon","premium":false,"status":404}');
  });
});
