/*
 * The members' language (docs/discord.md) through the fake Discord, on both transports: the real
 * discord.js client on the gateway and the real POST /interactions, over one SQLite file. Every
 * command answers in each of the ten locales, each reply valid for Discord (the fake refuses
 * what Discord would, and each message is checked again here); the fallbacks; numbers, days
 * and the houses' names as each language writes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import {
  ENGLISH,
  type Language,
  languageOf,
  languagesBuilt,
  SPOKEN_LOCALES,
} from '../../src/bot/i18n/index.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import type { LocaleOptions } from '../support/fake-discord/objects.js';
import { messageProblems } from '../support/fake-discord/validation.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionOptions,
  type MessageData,
  type UserData,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { ALICE, BOB } from './support/fixture.js';
import { BROKEN, withTroubleGuilds } from './support/trouble.js';

const GUILD = '1133557799224466870';
const EMPTY = '1133557799224466871';
const PUBLIC_URL = 'https://cup.example';
const EXPIRES = '2099-06-01T00:00:00.000Z';
const PROFILES = 12;
/** Interactions with an odd locale: each used to build (and keep) one more language. */
const ODD_LOCALE_ROUNDS = 300;

const data = {
  guilds: [
    {
      id: GUILD,
      points: { gryffindor: 4321, slytherin: 1, ravenclaw: 2, hufflepuff: 0 },
      // Standings two weeks ago, so this week's change is the import's: ▲ 4,321 for Gryffindor.
      history: [
        {
          at: new Date(Date.now() - 14 * 86_400_000).toISOString(),
          gryffindor: 0,
          slytherin: 1,
          ravenclaw: 2,
          hufflepuff: 0,
        },
      ],
      premium: { expiresAt: EXPIRES },
      jobs: [{ id: 1, name: 'Auror', description: 'Catches dark wizards', salary: 4321 }],
      players: Array.from({ length: PROFILES }, (_, i) => ({
        id: i + 1,
        // Alice has two profiles; the others one each.
        user_id: i < 2 ? ALICE.id : `30000000000000000${String(i).padStart(2, '0')}`,
        name: `Player ${i + 1}`,
        house: i % 2 === 0 ? 'gryffindor' : 'hufflepuff',
        year: 1 + (i % 7),
        job_id: i === 0 ? 1 : null,
        galleons: i === 0 ? 4321 : i,
        created_at: '2026-09-01T10:00:00.000Z',
      })),
    },
  ],
};

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;
const log = captureLog([FAKE_TOKEN]);

beforeAll(async () => {
  database = await openTestDatabase(data);
  fake = await FakeDiscord.start({ guilds: [GUILD, EMPTY, BROKEN] });
  const config = loadConfig({
    DATABASE_PATH: database.path,
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
    PUBLIC_URL,
  });
  const services = {
    ...commandServices(database.store, config),
    read: withTroubleGuilds(database.store.read, 0),
  };
  bot = await startBot({ config, services, logger: log.logger });
  served = await startInteractionsApp({
    database,
    services,
    publicKey: fake.publicKey,
    restUrl: fake.restUrl,
    logger: log.logger,
  });
});

afterAll(async () => {
  await bot?.stop();
  await served?.close();
  await fake?.close();
  database?.cleanup();
});

type Who = InteractionOptions & LocaleOptions;

function who(locale: string, extra: Partial<Who> = {}): Who {
  return { guildId: GUILD, user: ALICE, locale, ...extra };
}

async function run(
  name: string,
  from: Who,
  options: CommandOption[] = [],
  resolved: UserData[] = [],
): Promise<MessageData> {
  const callback = await fake.sendInteraction(fake.command(name, options, from, resolved));
  const message = await fake.finalMessage(callback);
  // Within every one of Discord's limits (embed total, title, field, label…).
  expect(messageProblems(message)).toEqual([]);
  return message;
}

function embedOf(message: MessageData) {
  const embed = message.embeds?.[0];
  if (!embed) throw new Error(`no embed in ${JSON.stringify(message)}`);
  return embed;
}

const option = (name: string, value: string | number, type = 3): CommandOption => ({
  name,
  type,
  value,
});
const sub = (name: string, options: CommandOption[] = []): CommandOption => ({
  name,
  type: 1,
  options,
});

/** A text with a value in it, as a pattern of what is around the value. */
function around(text: (value: string) => string): RegExp {
  const [before = '', after = ''] = text('\u0000').split('\u0000');
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${quote(before)}.+${quote(after)}$`, 's');
}

/** Every command, one reply each (and the not-found, apology and DM texts), in `language`. */
async function everyReply(language: Language): Promise<void> {
  const { t } = language;
  const from = who(language.locale);

  const points = embedOf(await run('points', from));
  expect(points.title).toBe(t.points.title);
  expect(points.description).toContain(
    `**1. 🦁 ${t.houses.gryffindor}** — ${language.amount(t.points.points, 4321)} · ${t.points.week(`▲ ${language.number(4321)}`)}`,
  );

  const page = await run('players', from);
  const players = embedOf(page);
  expect(players.title).toBe(t.players.title);
  expect(players.footer?.text).toBe(
    t.players.footer('1', '2', language.count(t.players.profiles, PROFILES)),
  );
  expect(players.description).toContain(
    `**Player 3** · 🦁 ${t.houses.gryffindor} · ${t.players.year('3')}`,
  );

  const member = embedOf(await run('players', from, [option('member', ALICE.id, 6)], [ALICE]));
  expect(member.title).toBe(language.count(t.players.memberTitle, 2));
  expect(member.description).toBe(t.players.member(`<@${ALICE.id}>`));
  expect(member.fields?.[0]?.value).toContain(t.players.jobLine('Auror'));

  const sorted = await run('players', from, [
    option('sort', 'galleons'),
    option('house', 'gryffindor'),
  ]);
  expect(embedOf(sorted).title).toBe(`${t.sorts.galleons} · ${t.houses.gryffindor}`);

  // Another member's press on the pager: told so, in their own language.
  const next = page.components?.[0]?.components[1]?.custom_id ?? '';
  const press = fake.button(next, fake.message(page, GUILD), who(language.locale, { user: BOB }));
  const notYours = await fake.ask(press);
  expect(notYours.data.content).toBe(t.players.notYours);

  const jobs = embedOf(await run('jobs', from));
  expect(jobs.title).toBe(t.jobs.title('1'));
  expect(jobs.fields?.[0]?.value).toBe(
    `💰 ${language.amount(t.galleons, 4321)} · 👥 ${language.count(t.jobs.holders, 1)}\nCatches dark wizards`,
  );

  const premium = embedOf(await run('premium', from));
  expect(premium.title).toBe(t.premium.activeTitle);
  const seconds = Date.parse(EXPIRES) / 1000;
  expect(premium.description).toBe(
    t.premium.expiresOn(`${language.day(EXPIRES)} (<t:${seconds}:R>)`),
  );

  const created = embedOf(await run('apikey', from, [sub('create')]));
  expect(created.title).toMatch(around(t.apikey.createdTitle));
  expect(created.description).toContain(t.apikey.copyNow);
  const list = embedOf(await run('apikey', from, [sub('list')]));
  expect(list.title).toMatch(around(t.apikey.listTitle));
  expect(list.description).toContain(
    t.apikey.dates(language.day(new Date().toISOString()), t.apikey.never),
  );
  expect(list.description).toContain(t.apikey.defaultName(ALICE.username));
  const revoked = await run('apikey', from, [sub('revoke', [option('id', 999_999, 4)])]);
  expect(revoked.content).toBe(t.notFound.key);

  const hook = embedOf(
    await run('webhook', from, [sub('add', [option('url', 'https://8.8.8.8/l')])]),
  );
  expect(hook.title).toMatch(around(t.webhook.addedTitle));
  expect(hook.description).toContain(t.webhook.keepSecret);
  expect(hook.description).toContain(t.webhook.howToVerify);
  const hooks = embedOf(await run('webhook', from, [sub('list')]));
  expect(hooks.title).toBe(t.webhook.listTitle(language.digits(1), language.digits(10)));
  expect(hooks.footer?.text).toBe(t.webhook.urlsCut);
  const privateHost = await run('webhook', from, [
    sub('add', [option('url', 'https://10.0.0.1/')]),
  ]);
  expect(privateHost.content).toBe(t.webhook.url.forbiddenAddress('`10.0.0.1`'));
  const hookId = Number(/\d+/.exec(hook.title ?? '')?.[0]);
  expect((await run('webhook', from, [sub('remove', [option('id', hookId, 4)])])).content).toBe(
    t.webhook.removed(language.digits(hookId)),
  );

  const url = `${PUBLIC_URL}/cup/${GUILD}`;
  // A server without house points: refused, privately, in the member's language (issue 30).
  const empty = await run('scoreboard', who(language.locale, { guildId: EMPTY }), [sub('publish')]);
  expect(empty.content).toBe(t.scoreboard.noPoints);
  expect((empty.flags ?? 0) & 64).toBe(64);
  expect(await database.store.read.publication.isPublished(EMPTY)).toBe(false);
  const title = `Cup · ${language.locale}`;
  const published = await run('scoreboard', from, [sub('publish', [option('title', title)])]);
  expect(published.content).toBe(t.scoreboard.published(url));
  expect((published.flags ?? 0) & 64).toBe(64);
  expect(await database.store.read.publication.get(GUILD)).toEqual({ title });
  expect((await run('scoreboard', from, [sub('publish')])).content).toBe(t.scoreboard.already(url));
  expect(
    (await run('scoreboard', from, [sub('publish', [option('title', ` ${title}!\t`)])])).content,
  ).toBe(t.scoreboard.retitled(url, `${title}!`));
  for (const bad of ['two\nlines', '   ', 'x'.repeat(101), 'nul\u0000']) {
    const refused = await run('scoreboard', from, [sub('publish', [option('title', bad)])]);
    expect(refused.content).toBe(t.scoreboard.badTitle(language.digits(100)));
  }
  expect(await database.store.read.publication.get(GUILD)).toEqual({ title: `${title}!` });
  expect((await run('scoreboard', from, [sub('unpublish')])).content).toBe(
    t.scoreboard.unpublished,
  );

  expect((await run('points', who(language.locale, { guildId: EMPTY }))).content).toBe(
    t.notFound.points,
  );
  expect((await run('jobs', who(language.locale, { guildId: EMPTY }))).content).toBe(
    t.notFound.jobs,
  );
  expect((await run('points', who(language.locale, { guildId: BROKEN }))).content).toBe(
    t.errors.apology,
  );
  expect((await run('points', who(language.locale, { guildId: null }))).content).toBe(
    t.errors.guildOnly,
  );
}

describe.each(['gateway', 'http'] as const)('over the %s', (transport) => {
  beforeAll(async () => {
    await fake.setInteractionsEndpoint(transport === 'http' ? `${served.url}/interactions` : null);
  });

  it.each(SPOKEN_LOCALES)('answers every command in %s', async (locale) => {
    await everyReply(languageOf(locale));
  });

  it('falls back: an unknown locale to the guild’s, then to English', async () => {
    const title = async (from: Who) => embedOf(await run('points', from)).title;
    expect(await title(who('ja', { guildLocale: 'de' }))).toBe(languageOf('de').t.points.title);
    expect(await title(who('ja', { guildLocale: 'ko' }))).toBe('🏆 House Cup standings');
    expect(await title(who('fr', { guildLocale: 'de' }))).toBe(languageOf('fr').t.points.title);
    // A DM has no guild locale: the member's, else English.
    const dm = async (locale: string) =>
      (await run('points', who(locale, { guildId: null }))).content;
    expect(await dm('pl')).toBe('To polecenie działa tylko na serwerze.');
    expect(await dm('ja')).toBe('This command works only inside a server.');
  });

  it('a locale that is no string (`["fr"]`) falls back to the guild’s, then English', async () => {
    const title = async (locale: unknown, guildLocale: unknown) => {
      const payload = fake.command('jobs', [], who('en-US'));
      const message = await fake.ask({
        ...payload,
        locale,
        guild_locale: guildLocale,
      });
      return embedOf(message.data).title;
    };
    const german = languageOf('de').t.jobs.title('1');
    expect(await title(['fr'], 'de')).toBe(german);
    expect(await title({ 0: 'fr' }, 'de')).toBe(german);
    expect(await title(['fr'], ['de'])).toBe(ENGLISH.t.jobs.title('1'));
    expect(await title('fr', ['de'])).toBe(languageOf('fr').t.jobs.title('1'));
  });

  it('builds each language once, whatever the locales interactions carry', async () => {
    for (let i = 0; i < ODD_LOCALE_ROUNDS; i++) {
      const payload = fake.command('jobs', [], who('en-US'));
      const reply = await fake.ask({ ...payload, locale: ['fr'] });
      expect(reply.data.embeds).toHaveLength(1);
    }
    expect(languagesBuilt()).toBeLessThanOrEqual(SPOKEN_LOCALES.length);
  });

  it('writes numbers as each locale does: 4 321 (fr), 4.321 (de), 4,321 (English)', async () => {
    const jobs = async (locale: string) =>
      embedOf(await run('jobs', who(locale))).fields?.[0]?.value;
    expect(await jobs('fr')).toContain('💰 4\u202f321 gallions');
    expect(await jobs('de')).toContain('💰 4.321 Galleonen');
    expect(await jobs('en-US')).toContain('💰 4,321 galleons');
    expect(await jobs('en-GB')).toContain('💰 4,321 galleons');
    const points = async (locale: string) => embedOf(await run('points', who(locale))).description;
    expect(await points('fr')).toContain('**1. 🦁 Gryffondor** — 4\u202f321 points');
    expect(await points('de')).toContain('**1. 🦁 Gryffindor** — 4.321 Punkte');
    expect(await points('en-US')).toContain('**1. 🦁 Gryffindor** — 4,321 points');
  });

  it('names the houses as each language’s books do', async () => {
    const houses = async (locale: string) => embedOf(await run('points', who(locale))).description;
    const expected: Record<string, string[]> = {
      fr: ['Gryffondor', 'Serpentard', 'Serdaigle', 'Poufsouffle'],
      it: ['Grifondoro', 'Serpeverde', 'Corvonero', 'Tassorosso'],
      'pt-BR': ['Grifinória', 'Sonserina', 'Corvinal', 'Lufa-Lufa'],
      nl: ['Griffoendor', 'Zwadderich', 'Ravenklauw', 'Huffelpuf'],
      de: ['Gryffindor', 'Slytherin', 'Ravenclaw', 'Hufflepuff'],
    };
    for (const [locale, names] of Object.entries(expected)) {
      const description = await houses(locale);
      for (const name of names) expect(description, locale).toContain(` ${name}**`);
    }
  });

  it('answers en-GB exactly as en-US', async () => {
    const us = await run('players', who('en-US'));
    const gb = await run('players', who('en-GB'));
    expect(gb.embeds).toEqual(us.embeds);
    expect(embedOf(us).title).toBe(ENGLISH.t.players.title);
  });
});
