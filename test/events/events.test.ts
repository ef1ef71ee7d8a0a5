import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type TestEventStream } from '../support/event-stream.js';
import { eventually } from '../support/eventually.js';
import { fixture, RICH } from '../support/fixture.js';
import { PATIENCE_MS, patiently } from '../support/patience.js';
import { startTestService, type TestService } from '../support/service.js';
import { storeKinds } from '../support/store.js';

/*
 * GET /v1/events/:guildId against the real service on both stores (docs/live-updates.md). Changes
 * are written straight into the tables through a connection of their own, as the game would: the
 * stream must see commits it did not make. Every wait ends when what it waits for arrives (the
 * patience ceiling turns a hang into a failure); what must not arrive is checked after keep-alive
 * comments that come after it would have.
 */

const KEEP_ALIVE_S = 0.2;
const AREAS = ['points', 'premium', 'players', 'jobs'];

describe.each(storeKinds(import.meta.filename))('event streams on %s', (kind) => {
  let service: TestService;
  let key: string;
  const streams: TestEventStream[] = [];

  const url = (guildId = RICH) => `${service.url}/v1/events/${guildId}`;
  const open = async (headers: Record<string, string> = {}, guildId = RICH) => {
    const stream = await openEventStream(url(guildId), { authorization: key, ...headers });
    streams.push(stream);
    return stream;
  };
  /** A key made here, once the service knows it (PostgreSQL: after its notification). */
  const newKey = async (options: Parameters<TestService['store']['keyStore']['create']>[0]) => {
    const made = await service.store.keyStore.create(options);
    const known = await eventually(
      async () =>
        (await fetch(`${service.url}/v1/points`, { headers: { authorization: made.key } })).status,
      (status) => status !== 401,
    );
    expect(known).not.toBe(401);
    return made;
  };
  const getBody = async (path: string) =>
    (await fetch(`${service.url}${path}`, { headers: { authorization: key } })).text();

  /** A commit through a connection of its own, as another program writing the tables. */
  async function write(sql: string): Promise<void> {
    if (kind === 'sqlite') {
      const db = new Database(service.databasePath);
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
      return;
    }
    const client = new pg.Client({ connectionString: service.storeEnv.DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    service = await startTestService(
      {
        DEMO_DATA: 'false',
        EVENT_KEEP_ALIVE_SECONDS: String(KEEP_ALIVE_S),
        EVENT_STREAMS_PER_KEY: '3',
        METRICS: 'true',
      },
      kind,
    );
    await service.store.importData(fixture);
    key = service.firstKey;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await service?.shutdown();
  });

  it('sends the four areas at once, each the body its GET answers now, each with an id', async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['cache-control']).toBe('no-cache');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    const events = await stream.waitForEvents(4);
    expect(events.map((event) => event.event)).toEqual(AREAS);
    expect(events[0]?.data).toBe(await getBody(`/v1/points/${RICH}`));
    expect(events[1]?.data).toBe(await getBody(`/v1/premium/${RICH}`));
    expect(JSON.parse(events[2]?.data ?? '')).toEqual({ count: 6 });
    expect(JSON.parse(events[3]?.data ?? '')).toEqual({ count: fixture.guilds[0]?.jobs?.length });
    for (const event of events) expect(event.id).not.toBe('');
    stream.close();
  });

  it("a guild without data gets the GETs' 404 bodies and counts of 0", async () => {
    const stream = await open({}, '424242');
    const events = await stream.waitForEvents(4);
    expect(events.map((event) => event.data)).toEqual([
      '{"error":"No house points found on this serve","status":404}',
      '{"guildId":"424242","premium":false,"status":404}',
      '{"count":0}',
      '{"count":0}',
    ]);
    stream.close();
  });

  it('sends keep-alive comments on an idle stream', async () => {
    const stream = await open();
    await stream.waitForEvents(4);
    await stream.waitForComments(2);
    expect(stream.comments.slice(0, 2)).toEqual(['keep-alive', 'keep-alive']);
    stream.close();
  });

  it('sends one event per changed area, carrying its answer, and none for an unchanged one', async () => {
    const stream = await open();
    await stream.waitForEvents(4);
    await write(`UPDATE house_points SET gryffindor = gryffindor + 7 WHERE guild_id = '${RICH}'`);
    const [points] = (await stream.waitForEvents(5)).slice(4);
    expect(points?.event).toBe('points');
    expect(points?.data).toBe(await getBody(`/v1/points/${RICH}`));
    expect(JSON.parse(points?.data ?? '').gryffindor).toBe(127);

    await write(
      `INSERT INTO profiles (guild_id, id, user_id, name, galleons, created_at)
       VALUES ('${RICH}', 9001, '300000000000000009', 'Luna', 5, '2026-11-01T00:00:00.000Z')`,
    );
    const [players] = (await stream.waitForEvents(6)).slice(5);
    expect(players).toMatchObject({ event: 'players', data: '{"count":7}' });

    // A commit that changes no answer (another guild's data): nothing is sent. Two keep-alives
    // later (they come after anything the commit could have caused), still six events.
    await write(`UPDATE house_points SET slytherin = 1 WHERE guild_id = 'another-guild'`);
    await write(`UPDATE house_points SET hufflepuff = hufflepuff WHERE guild_id = '${RICH}'`);
    const comments = stream.comments.length;
    await stream.waitForComments(comments + 3);
    expect(stream.events).toHaveLength(6);
    stream.close();
  });

  it('resumes from Last-Event-ID with only the areas changed since; all four for an unknown id', async () => {
    const first = await open();
    const initial = await first.waitForEvents(4);
    const lastId = initial[3]?.id ?? '';
    first.close();

    // Nothing changed since: no event at all, only keep-alives.
    const same = await open({ 'last-event-id': lastId });
    await same.waitForComments(2);
    expect(same.events).toEqual([]);
    same.close();

    await write(
      `UPDATE premium SET expires_at = '2001-01-01T00:00:00.000Z' WHERE guild_id = '${RICH}'`,
    );
    await write(
      `INSERT INTO profiles (guild_id, id, user_id, name, galleons, created_at)
       VALUES ('${RICH}', 9002, '300000000000000009', 'Neville', 5, '2026-11-01T00:00:00.000Z')`,
    );
    await write(`DELETE FROM profiles WHERE guild_id = '${RICH}' AND id = 9002`);
    const resumed = await open({ 'last-event-id': lastId });
    // Premium changed; a profile came and went since that id: the count is what the client holds,
    // but the profiles changed, so players is sent again (docs/live-updates.md); jobs and points
    // not.
    const events = await resumed.waitForEvents(2);
    expect(events[0]).toMatchObject({
      event: 'premium',
      data: `{"guildId":"${RICH}","premium":false,"status":404}`,
    });
    expect(events[1]).toMatchObject({ event: 'players', data: initial[2]?.data });
    await resumed.waitForComments(2);
    expect(resumed.events).toHaveLength(2);
    resumed.close();

    const unknown = await open({ 'last-event-id': 'not-one-of-ours' });
    expect((await unknown.waitForEvents(4)).map((event) => event.event)).toEqual(AREAS);
    unknown.close();
  });

  it('sends premium again when it expires, with no commit at that instant', async () => {
    // The stream must open before the premium ends: a busy machine may take longer than the
    // lead given, so each try gives twice as much, on a guild of its own.
    let guild = '';
    let stream: TestEventStream | undefined;
    for (let lead = 1_500; !stream; lead *= 2) {
      expect(lead, 'the stream never opened before the premium ended').toBeLessThan(PATIENCE_MS);
      guild = String(515151 + lead);
      const expiresAt = new Date(Date.now() + lead).toISOString();
      await write(`INSERT INTO premium (guild_id, expires_at) VALUES ('${guild}', '${expiresAt}')`);
      const opened = await open({}, guild);
      const [, premium] = await opened.waitForEvents(4);
      if (premium?.data === `{"guildId":"${guild}","premium":true,"status":200}`) stream = opened;
      else opened.close();
    }
    const [expired] = (await stream.waitForEvents(5)).slice(4);
    expect(expired).toMatchObject({
      event: 'premium',
      data: `{"guildId":"${guild}","premium":false,"status":404}`,
    });
    expect(expired?.data).toBe(await getBody(`/v1/premium/${guild}`));
    stream.close();
  });

  it('answers HEAD with the stream headers and no body; other methods 405', async () => {
    const head = await fetch(url(), { method: 'HEAD', headers: { authorization: key } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/event-stream');
    expect(await head.text()).toBe('');
    const post = await fetch(url(), { method: 'POST', headers: { authorization: key } });
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([
      405,
      'GET, HEAD',
      { error: 'Method not allowed', status: 405 },
    ]);
  });

  it('refuses before the stream starts: 401, 400, 403 and 429 bodies', async () => {
    const missing = await openEventStream(url());
    expect([missing.status, JSON.parse(missing.body)]).toEqual([
      401,
      { error: 'Missing API key', status: 401 },
    ]);
    const invalid = await openEventStream(url(), { authorization: 'hc_nope' });
    expect([invalid.status, JSON.parse(invalid.body)]).toEqual([
      401,
      { error: 'Invalid API key', status: 401 },
    ]);
    const badId = await openEventStream(`${service.url}/v1/events/bad%20id`, {
      authorization: key,
    });
    expect([badId.status, JSON.parse(badId.body)]).toEqual([
      400,
      { error: 'Invalid guild id', status: 400 },
    ]);
    const scoped = await newKey({ name: 'scoped', guilds: ['elsewhere'], rateLimit: 0 });
    const forbidden = await openEventStream(url(), { authorization: scoped.key });
    expect([forbidden.status, JSON.parse(forbidden.body)]).toEqual([
      403,
      { error: 'This API key has no access to this server', status: 403 },
    ]);
    // The request that opens a stream counts against the key's budget (2 a minute: newKey's
    // check spent one).
    const once = await newKey({ name: 'twice', rateLimit: 2 });
    const allowed = await openEventStream(url(), { authorization: once.key });
    expect(allowed.status).toBe(200);
    allowed.close();
    const limited = await openEventStream(url(), { authorization: once.key });
    expect([limited.status, JSON.parse(limited.body)]).toEqual([
      429,
      { error: 'Too many requests', status: 429 },
    ]);
  });

  it('holds EVENT_STREAMS_PER_KEY open streams per key: one more is a 429, a closed one frees its slot', async () => {
    const own = await newKey({ name: 'three streams', rateLimit: 0 });
    const opened: TestEventStream[] = [];
    for (let i = 0; i < 3; i++) {
      const stream = await openEventStream(url(), { authorization: own.key });
      expect(stream.status).toBe(200);
      opened.push(stream);
    }
    const fourth = await openEventStream(url(), { authorization: own.key });
    expect([fourth.status, JSON.parse(fourth.body)]).toEqual([
      429,
      { error: 'Too many requests', status: 429 },
    ]);
    // HEAD answers as GET would: the same 429, and it holds no slot when it gets a 200.
    const head = await fetch(url(), { method: 'HEAD', headers: { authorization: own.key } });
    expect([head.status, head.headers.get('retry-after')]).toEqual([429, '5']);
    opened[0]?.close();
    // The server frees the slot once it sees the connection closed.
    const again = await eventually(
      () => openEventStream(url(), { authorization: own.key }),
      (stream) => stream.status !== 429,
    );
    expect(again.status).toBe(200);
    for (const stream of [...opened, again]) stream.close();
  });

  it("ends a revoked key's streams, cleanly, and no other key's", async () => {
    const doomed = await newKey({ name: 'doomed', rateLimit: 0 });
    const a = await openEventStream(url(), { authorization: doomed.key });
    const b = await openEventStream(url('424242'), { authorization: doomed.key });
    await a.waitForEvents(4);
    const survivor = await open();
    await survivor.waitForEvents(4);
    await service.store.keyStore.revoke(doomed.id);
    await patiently(Promise.all([a.ended, b.ended]), "the revoked key's streams to end");
    expect(a.endedCleanly()).toBe(true);
    // A keep-alive after they ended: the other key's stream is still open (a wait for a comment
    // fails at once on an ended stream).
    await survivor.waitForComments(survivor.comments.length + 1);
    expect(survivor.events).toHaveLength(4);
    survivor.close();
  });

  it('reports open streams and events sent on /metrics', async () => {
    const stream = await open();
    await stream.waitForEvents(4);
    const text = await (await fetch(`${service.url}/metrics`)).text();
    expect(text).toMatch(/^housecup_event_streams_open [1-9]\d*$/m);
    expect(text).toMatch(/^housecup_events_sent_total\{event="points"\} [1-9]\d*$/m);
    expect(text).toMatch(/^housecup_events_sent_total\{event="jobs"\} [1-9]\d*$/m);
    stream.close();
  });
});

describe('shutdown with open streams', () => {
  it('ends every stream cleanly and stops', async () => {
    const service = await startTestService({ EVENT_KEEP_ALIVE_SECONDS: '25' });
    const guild = '1133557799224466880';
    const open = await Promise.all(
      [0, 1, 2].map(() =>
        openEventStream(`${service.url}/v1/events/${guild}`, {
          authorization: service.firstKey,
        }),
      ),
    );
    for (const stream of open) await stream.waitForEvents(4);
    await service.shutdown();
    await Promise.all(open.map((stream) => stream.ended));
    // Ended by the server with the chunked body's last chunk, not cut when its sockets closed.
    for (const stream of open) expect(stream.endedCleanly()).toBe(true);
  });
});
