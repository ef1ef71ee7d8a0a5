/*
 * /rank [member] and /players period:week|month (docs/discord.md), over the gateway (the real
 * discord.js client) and over the real POST /interactions, on a real SQLite file: each rank is
 * the position the read service's list gives, and a period's list shows the changes the game
 * made with its own SQL on a connection of its own, in English and in French.
 */

import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { HOUSE_STYLES } from '../../src/bot/embeds/houses.js';
import { languageOf } from '../../src/bot/i18n/index.js';
import { NOT_FOUND } from '../../src/bot/not-found.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import type { ProfileWithChange } from '../../src/read/types.js';
import { changeView, periodAt } from '../../src/records/periods.js';
import type { HouseFilter, ProfileView } from '../../src/records/profile-order.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { messageProblems } from '../support/fake-discord/validation.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type MessageData,
  type UserData,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';

const GUILD = '1133557799224466895';
/** Carol's own server: 30 profiles of hers, with long names, some without a house. */
const CAROLS = '1133557799224466896';
const ALICE: UserData = { id: '500000000000000001', username: 'alice' };
const BOB: UserData = { id: '500000000000000002', username: 'bob' };
const NOBODY: UserData = { id: '500000000000000099', username: 'nobody' };
const CAROL: UserData = { id: '500000000000000003', username: 'carol' };
const EPHEMERAL = 64;
const HOUSES = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff', null] as const;

/**
 * Alice has two profiles in two houses, Bob one; 16 others, with galleons that tie with theirs
 * (ties go by user_id then id), one without a house: 19 profiles, two pages of a period's list.
 */
const PLAYERS = [
  { id: 1, user_id: ALICE.id, name: 'Alice', house: 'gryffindor', galleons: 50 },
  { id: 2, user_id: ALICE.id, name: 'Alice (alt)', house: 'slytherin', galleons: 30 },
  { id: 3, user_id: BOB.id, name: 'Bob', house: 'hufflepuff', galleons: 100 },
  ...Array.from({ length: 16 }, (_, i) => ({
    id: 4 + i,
    user_id: `6000000000000000${String(i + 10)}`,
    name: `Member ${i + 4}`,
    house: HOUSES[i % HOUSES.length],
    galleons: [50, 30, 100, 70, 10][i % 5],
  })),
];

/** What the game writes this week, by SQL of its own: gains, losses, a write that changes nothing. */
const GAME_WRITES = `
  UPDATE profiles SET galleons = galleons + 20 WHERE guild_id = '${GUILD}' AND id = 1;
  UPDATE profiles SET galleons = galleons + 40 WHERE guild_id = '${GUILD}' AND id = 2;
  UPDATE profiles SET galleons = galleons - 15 WHERE guild_id = '${GUILD}' AND id = 3;
  UPDATE profiles SET galleons = galleons + 5 WHERE guild_id = '${GUILD}' AND id IN (7, 11);
  UPDATE profiles SET galleons = galleons WHERE guild_id = '${GUILD}' AND id = 12;`;

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;
const log = captureLog([FAKE_TOKEN]);

beforeAll(async () => {
  const carols = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    user_id: CAROL.id,
    name: `Carol ${i + 1} ${'of the long name '.repeat(5)}`,
    house: HOUSES[i % HOUSES.length],
    galleons: 1_000 * (i + 1),
  }));
  database = await openTestDatabase({
    guilds: [
      { id: GUILD, players: PLAYERS },
      { id: CAROLS, players: carols },
    ],
  });
  const game = new Sqlite(database.path);
  try {
    game.exec(GAME_WRITES);
  } finally {
    game.close();
  }
  fake = await FakeDiscord.start({ guilds: [GUILD, CAROLS] });
  const config = loadConfig({
    DATABASE_PATH: database.path,
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
  });
  const services = commandServices(database.store, config);
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

async function run(
  name: string,
  options: CommandOption[] = [],
  { user = ALICE, locale = 'en-US', resolved = [] as UserData[], guildId = GUILD } = {},
): Promise<MessageData> {
  const interaction = fake.command(name, options, { guildId, user, locale }, resolved);
  const message = await fake.finalMessage(await fake.sendInteraction(interaction));
  expect(messageProblems(message)).toEqual([]);
  return message;
}

async function press(on: MessageData, index: 0 | 1, user = ALICE): Promise<MessageData> {
  const customId = on.components?.[0]?.components?.[index]?.custom_id ?? '';
  const message = fake.message(on, GUILD);
  return fake.finalMessage(
    await fake.sendInteraction(fake.button(customId, message, { guildId: GUILD, user })),
  );
}

const member = (user: UserData): CommandOption => ({ name: 'member', type: 6, value: user.id });
const option = (name: string, value: string): CommandOption => ({ name, type: 3, value });
const lines = (message: MessageData) => (message.embeds?.[0]?.description ?? '').split('\n');

/** The 1-based position of each profile in the read service's list, and the list's length. */
async function positions(house: HouseFilter | null): Promise<Map<number, [number, number]>> {
  const view: ProfileView = { sort: 'galleons', order: 'desc', house };
  const ids = (await database.store.read.players.list(GUILD, undefined, view))?.items ?? [];
  return new Map(ids.map((p, index) => [p.id, [index + 1, ids.length]]));
}

/** This week's list as the read service gives it. */
async function weekList(): Promise<ProfileWithChange[]> {
  const view = changeView('week', new Date(), 'desc', undefined);
  return (await database.store.read.players.changes(GUILD, undefined, view))?.items ?? [];
}

/** What /rank must say of one profile, in English, from the read service's own lists. */
async function expectedField(id: number): Promise<{ name: string; value: string }> {
  const profile = PLAYERS.find((p) => p.id === id);
  if (!profile?.house) throw new Error('a profile of the fixture with a house');
  const [rank, of] = (await positions(null)).get(id) ?? [];
  const [inHouse, ofHouse] = (await positions(profile.house as HouseFilter)).get(id) ?? [];
  const galleons = (await database.store.read.players.ofMember(GUILD, profile.user_id))?.find(
    (p) => p.id === id,
  )?.galleons;
  const change = (await weekList()).find((p) => p.id === id)?.change ?? 0;
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '±';
  const house = profile.house as keyof typeof HOUSE_STYLES;
  const name = house[0]?.toUpperCase() + house.slice(1);
  return {
    name: profile.name,
    value: [
      `🏆 #${rank} of ${of} in the server`,
      `${HOUSE_STYLES[house].emoji} #${inHouse} of ${ofHouse} in ${name}`,
      `💰 ${galleons} galleons`,
      // The writes are this week's and this month's alike.
      `${arrow} ${Math.abs(change)} galleons this week`,
      `${arrow} ${Math.abs(change)} galleons this month`,
    ].join('\n'),
  };
}

describe.each(['gateway', 'http'] as const)('over the %s', (transport) => {
  beforeAll(async () => {
    await fake.setInteractionsEndpoint(transport === 'http' ? `${served.url}/interactions` : null);
  });

  it("/rank: the member's own profiles, each at the position the read service's lists give", async () => {
    const message = await run('rank');
    const embed = message.embeds?.[0];
    expect(embed?.title).toBe('Ranks of 2 profiles');
    expect(embed?.description).toBe(`Member: <@${ALICE.id}>`);
    expect(embed?.color).toBe(HOUSE_STYLES.gryffindor.colour);
    expect(embed?.fields?.map(({ name, value }) => ({ name, value }))).toEqual([
      await expectedField(1),
      await expectedField(2),
    ]);
    // Both of Alice's profiles hold 70 galleons, as three others do: the ties are ranked by the
    // store as the list orders them.
    expect(embed?.fields?.[0]?.value).toMatch(/^🏆 #\d+ of 19 in the server\n🦁 #\d+ of 5 in/);
  });

  it("/rank member: another member's, and the private not-found answer for one without a profile", async () => {
    const bob = await run('rank', [member(BOB)], { resolved: [BOB] });
    expect(bob.embeds?.[0]?.title).toBe('Rank');
    expect(bob.embeds?.[0]?.description).toBe(`Member: <@${BOB.id}>`);
    expect(bob.embeds?.[0]?.fields?.map(({ name, value }) => ({ name, value }))).toEqual([
      await expectedField(3),
    ]);
    expect(bob.embeds?.[0]?.fields?.[0]?.value).toContain('▼ 15 galleons this week');

    const nobody = await run('rank', [member(NOBODY)], { resolved: [NOBODY] });
    expect((nobody.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(nobody.content).toBe(NOT_FOUND.member);
    expect(nobody.embeds ?? []).toEqual([]);
    // Run by a member who has none, without `member`: the same answer.
    const self = await run('rank', [], { user: NOBODY });
    expect(self.content).toBe(NOT_FOUND.member);
  });

  it("/players period:week: this week's leaders by the changes the game's SQL made, paged", async () => {
    const expected = await weekList();
    expect(expected.slice(0, 5).map((p) => [p.id, p.change])).toEqual([
      [2, 40],
      [1, 20],
      [11, 5],
      [7, 5],
      // The first of the profiles without a change, by user_id then id, reversed.
      [19, 0],
    ]);
    const week = periodAt('week', new Date());
    const last = new Date(Date.parse(week.to) - 1).toISOString().slice(0, 10);
    const first = await run('players', [option('period', 'week')]);
    const embed = first.embeds?.[0];
    expect(embed?.title).toBe(`This week's leaders (${week.from.slice(0, 10)} – ${last})`);
    expect(embed?.footer?.text).toBe('Page 1 of 2 · 19 profiles');
    expect(lines(first)[0]).toBe(`**Alice (alt)** · 🐍 Slytherin · ▲ 40 galleons · <@${ALICE.id}>`);
    const changeOf = (line: string) => line.split(' · ').at(2);
    const text = (p: ProfileWithChange) =>
      `${p.change > 0 ? '▲' : p.change < 0 ? '▼' : '±'} ${Math.abs(p.change)} galleons`;
    expect(lines(first).map(changeOf)).toEqual(expected.slice(0, 10).map(text));
    expect(first.components?.[0]?.components?.map((b) => b.custom_id)).toEqual([
      `players:page:-1:${ALICE.id}:week:all`,
      `players:page:1:${ALICE.id}:week:all`,
    ]);

    const second = await press(first, 1);
    expect(second.embeds?.[0]?.title).toBe(embed?.title);
    expect(second.embeds?.[0]?.footer?.text).toBe('Page 2 of 2 · 19 profiles');
    expect(lines(second).map(changeOf)).toEqual(expected.slice(10).map(text));
    expect(lines(second).at(-1)).toBe(`**Bob** · 🦡 Hufflepuff · ▼ 15 galleons · <@${BOB.id}>`);
    const back = await press(second, 0);
    expect(back.embeds).toEqual(first.embeds);
  });

  it('/players period:month house: one house, the month named by its days', async () => {
    const month = periodAt('month', new Date());
    const last = new Date(Date.parse(month.to) - 1).toISOString().slice(0, 10);
    const message = await run('players', [option('period', 'month'), option('house', 'slytherin')]);
    const embed = message.embeds?.[0];
    expect(embed?.title).toBe(
      `This month's leaders (${month.from.slice(0, 10)} – ${last}) · Slytherin`,
    );
    expect(embed?.color).toBe(HOUSE_STYLES.slytherin.colour);
    expect(lines(message)[0]).toBe(
      `**Alice (alt)** · 🐍 Slytherin · ▲ 40 galleons · <@${ALICE.id}>`,
    );
    expect(lines(message)).toHaveLength(4);
    expect(message.components ?? []).toEqual([]);
  });

  it('/rank of a member with 30 profiles: as many fields as Discord allows, then how many more', async () => {
    const message = await run('rank', [], { user: CAROL, guildId: CAROLS });
    const embed = message.embeds?.[0];
    expect(embed?.title).toBe('Ranks of 30 profiles');
    const fields = embed?.fields ?? [];
    expect(fields.length).toBeLessThanOrEqual(25);
    expect(fields.at(-1)?.value).toMatch(/^and \d+ more$/);
    // Richest last: profile n is #31-n; the fifth, without a house, says so.
    expect(fields[0]?.value.split('\n')[0]).toBe('🏆 #30 of 30 in the server');
    expect(fields[4]?.value.split('\n').slice(0, 2)).toEqual([
      '🏆 #26 of 30 in the server',
      'No house',
    ]);
  });

  it('/rank and /players period:week in French', async () => {
    const fr = languageOf('fr');
    const week = periodAt('week', new Date());
    const leaders = await run('players', [option('period', 'week')], { locale: 'fr' });
    expect(leaders.embeds?.[0]?.title).toBe(
      `Meneurs de la semaine (${fr.day(week.from)} – ${fr.day(new Date(Date.parse(week.to) - 1).toISOString())})`,
    );
    expect(lines(leaders)[0]).toBe(
      `**Alice (alt)** · 🐍 Serpentard · ▲ 40 gallions · <@${ALICE.id}>`,
    );
    expect(leaders.embeds?.[0]?.footer?.text).toBe(
      fr.t.players.footer('1', '2', fr.count(fr.t.players.profiles, 19)),
    );

    const rank = await run('rank', [member(BOB)], { locale: 'fr', resolved: [BOB] });
    const [place, of] = (await positions(null)).get(3) ?? [];
    const [inHouse, ofHouse] = (await positions('hufflepuff')).get(3) ?? [];
    expect(rank.embeds?.[0]?.title).toBe('Rang');
    expect(rank.embeds?.[0]?.description).toBe(fr.t.players.member(`<@${BOB.id}>`));
    expect(rank.embeds?.[0]?.fields?.[0]?.value).toBe(
      [
        `🏆 n° ${place} sur ${of} du serveur`,
        `🦡 n° ${inHouse} sur ${ofHouse} à Poufsouffle`,
        '💰 85 gallions',
        '▼ 15 gallions cette semaine',
        '▼ 15 gallions ce mois-ci',
      ].join('\n'),
    );
    const none = await run('rank', [member(NOBODY)], { locale: 'fr', resolved: [NOBODY] });
    expect(none.content).toBe(fr.t.notFound.member);
  });
});

it('logged no error on the way', () => {
  expect(log.entries().filter((entry) => entry.level >= 50)).toEqual([]);
});
