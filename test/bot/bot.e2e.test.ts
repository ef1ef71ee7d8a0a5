/*
 * The real discord.js Client, started by startBot, against the fake Discord and a real SQLite
 * file: every answer asserted here is what Discord would have received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { APOLOGY, GUILD_ONLY } from '../../src/bot/dispatcher.js';
import { HOUSE_STYLES } from '../../src/bot/embeds/houses.js';
import { NOT_FOUND } from '../../src/bot/not-found.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { createKeyVerifier } from '../../src/keys/key-verifier.js';
import { eventually, until } from '../support/eventually.js';
import {
  type CommandOption,
  type EmbedData,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
  type UserData,
} from '../support/fake-discord.js';
import { type CapturedLog, captureLog } from '../support/log-capture.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import {
  ALICE,
  BIG,
  BIG_PROFILES,
  BOB,
  bigName,
  botFixture,
  DRACO,
  EMPTY,
  LIFETIME,
  NOBODY,
  OTHER,
  RICH,
  SPARSE,
} from './support/fixture.js';
import { BROKEN, SLOW, withTroubleGuilds } from './support/trouble.js';

const EPHEMERAL = 64;
// Past the deferral with room to spare, and the deferral past what a picture takes on a loaded
// machine (a /points render under a load of 9 outlasted 100 ms and was deferred).
const SLOW_MS = 2_500;

let database: TestStore;
let fake: FakeDiscord;
let bot: RunningBot;
let log: CapturedLog;

function run(
  name: string,
  guildId: string | null,
  user: UserData = ALICE,
  options: CommandOption[] = [],
  resolved: UserData[] = [],
): Promise<InteractionCallback> {
  return fake.sendInteraction(fake.command(name, options, { guildId, user }, resolved));
}

/** How many interactions the dispatcher has finished (its last line for each). */
const handled = () => log.entries().filter((entry) => entry.msg === 'interaction').length;

/**
 * What /points shows: one callback of type 4 carrying its embed and the picture as multipart
 * (docs/discord.md), and no other call to Discord with its token once the dispatcher is done.
 * Past 2 s the bot defers instead (a loaded machine's render can take that long): then the
 * public deferral and its one edit, which carries the same message.
 */
async function pointsMessage(guildId: string) {
  const before = handled();
  const callback = await run('points', guildId);
  expect([4, 5]).toContain(callback.type);
  expect((callback.data?.flags ?? 0) & EPHEMERAL).toBe(0);
  await until(() => handled() > before, 'the dispatcher to be done');
  const calls = fake.requests.filter((r) => r.path.includes(`/${callback.token}`));
  const deferred = callback.type === 5;
  const named = (path: string) =>
    path.replace(callback.token, '<token>').replace(/^\/webhooks\/\d+\//, '/webhooks/<app>/');
  expect(calls.map((r) => `${r.method} ${named(r.path)}`)).toEqual([
    `POST /interactions/${callback.interactionId}/<token>/callback`,
    ...(deferred ? ['PATCH /webhooks/<app>/<token>/messages/@original'] : []),
  ]);
  const message = deferred ? calls[1] : calls[0];
  const body = (deferred ? message?.body : callback.data) as {
    embeds: EmbedData[];
    attachments?: { filename: string }[];
  };
  const embed = body.embeds[0];
  if (!embed) throw new Error(`no embed in ${JSON.stringify(body)}`);
  return { embed, attachments: body.attachments ?? [], files: message?.files ?? [] };
}

function embedOf(callback: InteractionCallback): EmbedData {
  const embed = callback.data.embeds?.[0];
  if (!embed) throw new Error(`no embed in ${JSON.stringify(callback.data)}`);
  return embed;
}

function expectEphemeral(callback: InteractionCallback, content: string): void {
  expect(callback.type).toBe(4);
  expect((callback.data.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
  expect(callback.data.content).toBe(content);
}

describe.each(storeKinds(import.meta.filename))('on %s', (store) => {
  describe('the bot against a fake Discord', () => {
    beforeAll(async () => {
      database = await openTestStore(store, botFixture);
      fake = await FakeDiscord.start({ guilds: [RICH, SPARSE, LIFETIME, OTHER, BIG, EMPTY] });
      log = captureLog([FAKE_TOKEN]);
      const config = loadConfig({
        ...database.env,
        DISCORD_TOKEN: FAKE_TOKEN,
        DISCORD_REST_URL: fake.restUrl,
      });
      const services = {
        ...commandServices(database.store, config),
        read: withTroubleGuilds(database.store.read, SLOW_MS),
      };
      bot = await startBot({ config, services, logger: log.logger, deferAfterMs: 1_500 });
    });

    afterAll(async () => {
      const trips = fake.callbacks
        .filter((c) => c.type === 4 || c.type === 7)
        .map((c) => c.roundTripMs)
        .filter((ms) => Number.isFinite(ms))
        .sort((a, b) => a - b);
      const median = trips[Math.floor(trips.length / 2)] ?? Number.NaN;
      console.log(
        `median interaction round trip (INTERACTION_CREATE sent → callback received): ${median.toFixed(2)} ms over ${trips.length} interactions`,
      );
      // Client first, so it does not try to reconnect to a closing fake.
      await bot?.stop();
      await fake?.close();
      await database?.cleanup();
    });

    it('logs in through the fake: gateway info, one IDENTIFY, READY', () => {
      expect(bot.ready).toBe(true);
      expect(bot.client.isReady()).toBe(true);
      expect(fake.identifies).toBe(1);
      expect(fake.requests.some((r) => r.path === '/gateway/bot')).toBe(true);
      expect(log.raw.some((line) => line.includes(FAKE_TOKEN))).toBe(false);
    });

    describe('/points', () => {
      it('ranks the four houses, with bars, the week’s change and the picture, in the leader’s colour', async () => {
        const { embed, attachments, files } = await pointsMessage(RICH);
        expect(embed.title).toBe('🏆 House Cup standings');
        expect(embed.color).toBe(0xae0001);
        expect(embed.image?.url).toBe('attachment://points.png');
        expect(attachments.map((a) => a.filename)).toEqual(['points.png']);
        expect(files).toEqual([{ name: 'points.png', png: true }]);
        const lines = (embed.description ?? '').split('\n\n');
        // The points came with this week's import: first values, no gain.
        expect(lines.map((l) => l.split('\n')[0])).toEqual([
          '**1. 🦁 Gryffindor** — 120 points · ± 0 this week',
          '**2. 🦡 Hufflepuff** — 101 points · ± 0 this week',
          '**3. 🐍 Slytherin** — 95 points · ± 0 this week',
          '**4. 🦅 Ravenclaw** — 80 points · ± 0 this week',
        ]);
        // The leader fills the bar (16 cells); the others in proportion: 101/120·16 ≈ 13.
        expect(lines[0]).toContain(`\`${'█'.repeat(16)}\``);
        expect(lines[1]).toContain(`\`${'█'.repeat(13)}${'░'.repeat(3)}\``);
        expect(lines[3]).toContain(`\`${'█'.repeat(11)}${'░'.repeat(5)}\``);
      });

      it('takes another leader’s colour', async () => {
        const { embed } = await pointsMessage(BIG);
        expect(embed.color).toBe(HOUSE_STYLES.ravenclaw.colour);
        expect(embed.description?.split('\n\n')[0]).toContain('Ravenclaw** — 40 points');
      });

      it('answers a guild without points with a short ephemeral message', async () => {
        expectEphemeral(await run('points', SPARSE), NOT_FOUND.points);
        expectEphemeral(await run('points', EMPTY), NOT_FOUND.points);
      });
    });

    describe('/jobs', () => {
      it('lists jobs by id with salary and holder count', async () => {
        const embed = embedOf(await run('jobs', RICH));
        expect(embed.title).toBe('Jobs of this server (3)');
        expect(embed.fields?.map((f) => [f.name, f.value])).toEqual([
          ['Auror', '💰 120 galleons · 👥 1 holder\nCatches dark wizards'],
          ['Healer', '💰 100 galleons · 👥 1 holder\nWorks at St Mungo'],
          ['Wandmaker', '💰 80 galleons · 👥 1 holder'],
        ]);
      });

      it('answers a guild without jobs ephemerally', async () => {
        expectEphemeral(await run('jobs', SPARSE), NOT_FOUND.jobs);
      });
    });

    describe('/premium', () => {
      it('shows active premium with its expiry date', async () => {
        const embed = embedOf(await run('premium', RICH));
        expect(embed.title).toBe('✨ Premium is active');
        expect(embed.description).toContain('Expires on 2099-06-01');
      });

      it('shows premium without expiry', async () => {
        expect(embedOf(await run('premium', LIFETIME)).description).toBe('No expiry.');
      });

      it('shows expired and absent premium as not active', async () => {
        const expired = embedOf(await run('premium', SPARSE));
        expect(expired.title).toBe('Premium is not active');
        expect(expired.description).toContain('Expired on 2020-01-01');
        const none = embedOf(await run('premium', EMPTY));
        expect(none.title).toBe('Premium is not active');
        expect(none.description).toBe('This server has no premium.');
      });
    });

    describe('/players', () => {
      it('lists every profile of a small guild on one page, by user then id, without buttons', async () => {
        const callback = await run('players', RICH);
        const embed = embedOf(callback);
        expect(embed.title).toBe('Players of this server');
        expect(embed.footer?.text).toBe('Page 1 of 1 · 6 profiles');
        const names = (embed.description ?? '').split('\n').map((l) => l.split(' · ')[0]);
        expect(names).toEqual([
          '**Harry**',
          '**Hermione**',
          '**Draco**',
          '**Draco (alt)**',
          '**Draco (third)**',
          '**Luna**',
        ]);
        expect(embed.description?.split('\n')[0]).toBe(
          '**Harry** · 🦁 Gryffindor · Year 5 · 250 galleons · <@200000000000000001>',
        );
        expect(callback.data.components ?? []).toEqual([]);
      });

      it('shows every profile of one member with house, year, job name and galleons', async () => {
        const embed = embedOf(
          await run(
            'players',
            RICH,
            ALICE,
            [{ name: 'member', type: 6, value: DRACO.id }],
            [DRACO],
          ),
        );
        expect(embed.title).toBe('3 profiles');
        expect(embed.description).toBe(`Member: <@${DRACO.id}>`);
        expect(embed.color).toBe(HOUSE_STYLES.slytherin.colour);
        expect(embed.fields?.map((f) => [f.name, f.value])).toEqual([
          ['Draco', '🐍 Slytherin\nYear 5\nJob: No job\n💰 900 galleons'],
          ['Draco (alt)', '🐍 Slytherin\nYear 6\nJob: Healer\n💰 10 galleons'],
          ['Draco (third)', 'No house\nNo year\nJob: No job\n💰 0 galleons'],
        ]);
      });

      it('answers ephemerally for a member without profiles and a guild without players', async () => {
        expectEphemeral(
          await run(
            'players',
            RICH,
            ALICE,
            [{ name: 'member', type: 6, value: NOBODY.id }],
            [NOBODY],
          ),
          NOT_FOUND.member,
        );
        expectEphemeral(await run('players', EMPTY), NOT_FOUND.players);
      });

      it('pages forward and back with ◀ ▶, for the invoker only', async () => {
        const first = await run('players', BIG, ALICE);
        const lineCount = (c: InteractionCallback) => (embedOf(c).description ?? '').split('\n');
        expect(embedOf(first).footer?.text).toBe(`Page 1 of 3 · ${BIG_PROFILES} profiles`);
        expect(lineCount(first)).toHaveLength(10);
        expect(lineCount(first)[0]).toContain(bigName(1));

        const buttons = (c: InteractionCallback) => c.data.components?.[0]?.components ?? [];
        expect(buttons(first).map((b) => [b.custom_id, b.disabled])).toEqual([
          [`players:page:-1:${ALICE.id}`, true],
          [`players:page:1:${ALICE.id}`, false],
        ]);

        const press = (c: InteractionCallback, index: 0 | 1, user: UserData) => {
          const customId = buttons(c)[index]?.custom_id ?? '';
          const message = fake.message(c.data, BIG);
          return fake.sendInteraction(fake.button(customId, message, { guildId: BIG, user }));
        };

        const second = await press(first, 1, ALICE);
        expect(second.type).toBe(7);
        expect(embedOf(second).footer?.text).toBe(`Page 2 of 3 · ${BIG_PROFILES} profiles`);
        expect(lineCount(second)[0]).toContain(bigName(11));
        expect(lineCount(second)).toHaveLength(10);

        const third = await press(second, 1, ALICE);
        expect(embedOf(third).footer?.text).toBe(`Page 3 of 3 · ${BIG_PROFILES} profiles`);
        expect(lineCount(third).map((l) => l.split(' · ')[0])).toEqual([
          `**${bigName(21)}**`,
          `**${bigName(22)}**`,
          `**${bigName(23)}**`,
        ]);
        expect(buttons(third).map((b) => b.disabled)).toEqual([false, true]);

        const back = await press(third, 0, ALICE);
        expect(back.type).toBe(7);
        expect(embedOf(back).footer?.text).toBe(`Page 2 of 3 · ${BIG_PROFILES} profiles`);
        expect(lineCount(back)[9]).toContain(bigName(20));

        const updatesBefore = fake.callbacks.filter((c) => c.type === 7).length;
        const refused = await press(back, 0, BOB);
        expect(refused.type).toBe(4);
        expect((refused.data.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
        expect(refused.data.content).toContain('Only the person who ran this /players');
        expect(fake.callbacks.filter((c) => c.type === 7)).toHaveLength(updatesBefore);
      });
    });

    describe('/apikey', () => {
      it('creates a key shown once, ephemerally, that the HTTP API accepts for this guild only', async () => {
        const callback = await run('apikey', RICH, ALICE, [
          { name: 'create', type: 1, options: [{ name: 'name', type: 3, value: 'stats site' }] },
        ]);
        expect(callback.type).toBe(4);
        expect((callback.data.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
        const embed = embedOf(callback);
        const key = /```\n(\S+)\n```/.exec(embed.description ?? '')?.[1];
        expect(key).toMatch(/^hc_/);
        if (!key) return;
        expect(log.raw.some((line) => line.includes(key))).toBe(false);

        const keyVerifier = createKeyVerifier(database.store.keyTable);
        await keyVerifier.load();
        const app = await buildApp({
          config: { rateLimitPerMinute: 0 },
          read: database.store.read,
          keyVerifier,
          logger: log.logger,
        });
        try {
          const get = (url: string) =>
            app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
          const own = await eventually(
            () => get(`/v1/points/${RICH}`),
            (answer) => answer.statusCode === 200,
          );
          expect(own.statusCode).toBe(200);
          expect(own.json()).toMatchObject({ gryffindor: 120, status: 200 });
          const other = await get(`/v1/players/${OTHER}`);
          expect(other.statusCode).toBe(403);

          // Listed on this guild, not on another; revocable only from here.
          const id = Number(/#(\d+)/.exec(embed.title ?? '')?.[1]);
          const list = embedOf(await run('apikey', RICH, ALICE, [{ name: 'list', type: 1 }]));
          expect(list.description).toContain(`**#${id}** stats site`);
          expect(list.description).not.toContain(key);
          const elsewhere = embedOf(await run('apikey', OTHER, ALICE, [{ name: 'list', type: 1 }]));
          expect(elsewhere.description).not.toContain(`#${id}`);
          const revoke = (guildId: string) =>
            run('apikey', guildId, ALICE, [
              { name: 'revoke', type: 1, options: [{ name: 'id', type: 4, value: id }] },
            ]);
          expectEphemeral(await revoke(OTHER), NOT_FOUND.key);
          expect((await get(`/v1/points/${RICH}`)).statusCode).toBe(200);
          expectEphemeral(
            await revoke(RICH),
            `API key #${id} is revoked: it stops working at once.`,
          );
          const gone = await eventually(
            () => get(`/v1/points/${RICH}`),
            (answer) => answer.statusCode === 401,
          );
          expect(gone.statusCode).toBe(401);
          expectEphemeral(await revoke(RICH), NOT_FOUND.key);
        } finally {
          await app.close();
        }
      });
    });

    describe('the dispatcher', () => {
      it('answers a failing handler with an apology, logs it, and keeps serving', async () => {
        expectEphemeral(await run('points', BROKEN), APOLOGY);
        const failure = log.entries().find((e) => e.msg === 'interaction handler failed');
        expect(failure).toMatchObject({ level: 50, interaction: '/points', guild: BROKEN });
        expect(JSON.stringify(failure)).toContain('points store exploded');

        const next = await pointsMessage(RICH);
        expect(next.embed.title).toBe('🏆 House Cup standings');
      });

      it('defers a slow handler, then edits the deferral with the answer', async () => {
        const deferred = await run('points', SLOW);
        expect(deferred.type).toBe(5);
        const edit = await fake.waitForRequest(
          (r) => r.method === 'PATCH' && r.path.endsWith(`/${deferred.token}/messages/@original`),
        );
        expect((edit.body as { embeds: EmbedData[] }).embeds[0]?.title).toBe(
          '🏆 House Cup standings',
        );
        // Past the deferral time, the picture comes with the edit.
        expect(edit.files).toEqual([{ name: 'points.png', png: true }]);
      });

      it('turns a late "not found" into an ephemeral follow-up, removing the public deferral', async () => {
        const deferred = await run('jobs', SLOW);
        expect(deferred.type).toBe(5);
        const followUp = await fake.waitForRequest(
          (r) => r.method === 'POST' && r.path.endsWith(`/${deferred.token}`),
        );
        expect(followUp.body).toMatchObject({ content: NOT_FOUND.jobs, flags: EPHEMERAL });
        expect(
          fake.requests.some(
            (r) =>
              r.method === 'DELETE' && r.path.endsWith(`/${deferred.token}/messages/@original`),
          ),
        ).toBe(true);
      });

      it('refuses commands outside a server', async () => {
        expectEphemeral(await run('points', null), GUILD_ONLY);
      });
    });
  });
});
