/*
 * The /points picture as `npm start` serves it, the gateway and POST /interactions on one node
 * against the fake Discord (docs/discord.md): over the gateway one callback carries the answer and
 * its picture; over HTTP a deferral and one edit do. The picture is rendered once per guild
 * change and language, counted by the node's own renders counter (housecup_renders_total on
 * /metrics, the one every chart render adds to).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/eventually.js';
import {
  APP_ID,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
  type RecordedRequest,
} from '../support/fake-discord.js';
import { startTestService, type TestService } from '../support/service.js';

/** The demo data's first guild: 1,240 · 1,185 · 960 · 1,012, with a history. */
const DEMO = '1133557799224466880';
const USER = { id: '500000000000000001', username: 'alice' };
const PICTURE = [{ name: 'points.png', png: true }];

let fake: FakeDiscord;
let s: TestService;

async function metric(line: RegExp): Promise<number> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  const value = line.exec(text)?.[1];
  if (value === undefined) throw new Error(`no ${line} in /metrics`);
  return Number(value);
}

/** Charts this node has rendered since it started, as /metrics says. */
const renders = () => metric(/^housecup_renders_total (\d+)$/m);
/** /points the dispatcher has finished answering (its last step, after any call to Discord). */
const answered = () =>
  metric(/^housecup_bot_interactions_total\{command="points",outcome="ok"\} (\d+)$/m).catch(
    () => 0,
  );

/**
 * /points from a member of `locale`; resolves once the dispatcher is done with it, with the first
 * callback, its `data` the message finally read (after a deferral too).
 */
async function points(locale = 'en-US'): Promise<InteractionCallback> {
  const before = await answered();
  const callback = await fake.ask(
    fake.command('points', [], { guildId: DEMO, user: USER, locale }),
  );
  await until(async () => (await answered()) > before, 'the interaction to be answered');
  return callback;
}

/** The one call that brought Discord the picture: the callback, or the edit of a deferral. */
const pictureCall = (callback: InteractionCallback) => callsOf(callback).at(-1);

/** Every call Discord received with the interaction's token, in order. */
function callsOf(callback: InteractionCallback): RecordedRequest[] {
  return fake.requests.filter((r) => r.path.includes(`/${callback.token}`));
}

const described = (calls: RecordedRequest[], callback: InteractionCallback) =>
  calls.map((r) => `${r.method} ${r.path.replace(callback.token, '<token>')}`);

beforeAll(async () => {
  fake = await FakeDiscord.start({ guilds: [DEMO] });
  s = await startTestService({
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_PUBLIC_KEY: fake.publicKey,
    DISCORD_REST_URL: fake.restUrl,
    METRICS: 'true',
  });
  await until(() => s.botState() === 'ready', 'the bot to be ready');
});

afterAll(async () => {
  await s?.shutdown();
  await fake?.close();
});

describe('/points and its picture', () => {
  it('over the gateway: the picture in the callback itself, multipart (or in the one edit of a deferral)', async () => {
    const before = await renders();
    const callback = await points();
    const calls = callsOf(callback);
    const answer = {
      embeds: [{ image: { url: 'attachment://points.png' } }],
      attachments: [{ id: 0, filename: 'points.png' }],
    };
    if (callback.type === 4) {
      expect(described(calls, callback)).toEqual([
        `POST /interactions/${callback.interactionId}/<token>/callback`,
      ]);
      expect(calls[0]?.body).toMatchObject({ type: 4, data: answer });
    } else {
      // The render outlasted the deferral (a busy machine): the picture comes in its one edit.
      expect(callback.type).toBe(5);
      expect(described(calls, callback)).toEqual([
        `POST /interactions/${callback.interactionId}/<token>/callback`,
        `PATCH /webhooks/${APP_ID}/<token>/messages/@original`,
      ]);
      expect(calls[1]?.body).toMatchObject(answer);
    }
    expect(pictureCall(callback)?.files).toEqual(PICTURE);
    expect(await renders()).toBe(before + 1);
  });

  it('a second /points in the same language renders nothing; another language renders once', async () => {
    const before = await renders();
    const again = await points();
    expect(pictureCall(again)?.files).toEqual(PICTURE);
    // en-GB reads the same English picture.
    await points('en-GB');
    expect(await renders()).toBe(before);
    const french = await points('fr');
    expect(french.data.embeds?.[0]?.title).toBe('🏆 Classement de la Coupe des Quatre Maisons');
    expect(pictureCall(french)?.files).toEqual(PICTURE);
    expect(await renders()).toBe(before + 1);
    await points('fr');
    expect(await renders()).toBe(before + 1);
  });

  it('over /interactions: a deferral, then one edit carrying the picture, from the same cache', async () => {
    const before = await renders();
    await fake.setInteractionsEndpoint(`${s.url}/interactions`);
    try {
      const callback = await points();
      expect(callback.via).toBe('http');
      expect(callback.type).toBe(5);
      const calls = callsOf(callback);
      expect(described(calls, callback)).toEqual([
        `PATCH /webhooks/${APP_ID}/<token>/messages/@original`,
      ]);
      expect(calls[0]?.files).toEqual(PICTURE);
      expect(calls[0]?.body).toMatchObject({
        embeds: [{ image: { url: 'attachment://points.png' } }],
        attachments: [{ id: 0, filename: 'points.png' }],
      });
    } finally {
      await fake.setInteractionsEndpoint(null);
    }
    // The gateway's English picture, kept in the node's one answer cache.
    expect(await renders()).toBe(before);
  });

  it('after a change of the guild’s points, renders again, once', async () => {
    const before = await renders();
    await s.store.importData({
      guilds: [
        {
          id: DEMO,
          points: { gryffindor: 1250, slytherin: 1185, ravenclaw: 960, hufflepuff: 1012 },
        },
      ],
    });
    // Once the node has seen the commit (its generation of the guild moves).
    await until(async () => {
      const response = await fetch(`${s.url}/v1/points/${DEMO}`, {
        headers: { authorization: s.firstKey },
      });
      return ((await response.json()) as { gryffindor: number }).gryffindor === 1250;
    }, 'the change to show');
    const changed = await points();
    expect(JSON.stringify(changed.data.embeds)).toContain('1,250');
    expect(await renders()).toBe(before + 1);
    await points();
    expect(await renders()).toBe(before + 1);
  });
});
