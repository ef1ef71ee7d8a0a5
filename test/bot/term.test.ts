/*
 * /term start|end|list (docs/discord.md, "Terms") and the open term in /points, over the gateway
 * (the real discord.js client) and over the real POST /interactions, on a real SQLite file: start
 * and end answered privately, Manage Server checked for both, the store's own rules (one open
 * term, a name of one line) said in the member's language, the list public, newest first, each
 * term's cup the points gained in it (the open one's leaders, never its winners).
 */

import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { dateText } from '../../src/bot/embeds/dates.js';
import { languageOf } from '../../src/bot/i18n/index.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { messageProblems } from '../support/fake-discord/validation.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type MessageData,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { ALICE } from './support/fixture.js';

/** A guild per transport, so each starts from no term. */
const GUILDS = { gateway: '1133557799224466930', http: '1133557799224466931' } as const;
/** A guild without house points or terms. */
const EMPTY = '1133557799224466932';
/** Guilds without house points, where a term starts. */
const BARE = { gateway: '1133557799224466934', http: '1133557799224466935' } as const;
const POINTS = { gryffindor: 500, slytherin: 300, ravenclaw: 200, hufflepuff: 500 };
/** Three members' profiles, for /players period:term. */
const PLAYERS = ['Hermione', 'Draco', 'Luna'].map((name, i) => ({
  id: i + 1,
  user_id: `50000000000000001${i}`,
  name,
  house: ['gryffindor', 'slytherin', 'ravenclaw'][i],
  galleons: 100,
}));
const EPHEMERAL = 64;
/** Send Messages and View Channel: a member without Manage Server. */
const MEMBER_ONLY = String((1n << 11n) | (1n << 10n));

const en = languageOf('en-US');
const fr = languageOf('fr');

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;
const log = captureLog([FAKE_TOKEN]);

beforeAll(async () => {
  database = await openTestDatabase({
    guilds: [
      { id: GUILDS.gateway, points: POINTS, players: PLAYERS },
      { id: GUILDS.http, points: POINTS, players: PLAYERS },
    ],
  });
  fake = await FakeDiscord.start({
    guilds: [GUILDS.gateway, GUILDS.http, EMPTY, BARE.gateway, BARE.http],
  });
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

const sub = (name: string, options: CommandOption[] = []): CommandOption => ({
  name,
  type: 1,
  options,
});
const named = (name: string): CommandOption[] => [{ name: 'name', type: 3, value: name }];
const reset = (value: boolean): CommandOption[] => [{ name: 'reset', type: 5, value }];
const ephemeral = (message: MessageData) => ((message.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

describe.each(['gateway', 'http'] as const)('over the %s', (transport) => {
  const guildId = GUILDS[transport];

  beforeAll(async () => {
    await fake.setInteractionsEndpoint(transport === 'http' ? `${served.url}/interactions` : null);
  });

  async function run(
    name: string,
    options: CommandOption[] = [],
    {
      locale = 'en-US',
      permissions,
      guild = guildId,
    }: {
      locale?: string;
      permissions?: string;
      guild?: string;
    } = {},
  ): Promise<MessageData> {
    const who = { guildId: guild, user: ALICE, locale, ...(permissions ? { permissions } : {}) };
    const message = await fake.finalMessage(
      await fake.sendInteraction(fake.command(name, options, who)),
    );
    expect(messageProblems(message)).toEqual([]);
    return message;
  }

  it('/points names no term while none is open', async () => {
    const points = await run('points');
    expect(points.embeds?.[0]?.description).not.toContain('🎓');
  });

  it('refuses start and end to a member without Manage Server, privately, changing nothing', async () => {
    for (const subcommand of [sub('start', named('Autumn 2026')), sub('end', reset(true))]) {
      const refused = await run('term', [subcommand], { permissions: MEMBER_ONLY });
      expect(refused.content).toBe(en.t.term.manageServer);
      expect(ephemeral(refused)).toBe(true);
    }
    expect(await database.store.read.terms.open(guildId)).toBeNull();
    expect((await database.store.read.points.get(guildId))?.gryffindor).toBe(500);
  });

  it.each([
    ['-1', 'a negative number'],
    ['9'.repeat(32), 'a number of 32 digits'],
    ['18446744073709551616', '2^64, past any bit set of 64'],
    ['0x20', 'not decimal'],
  ])('reads member permissions of %s (%s) as none: start refused', async (permissions) => {
    const refused = await run('term', [sub('start', named('Odd'))], { permissions });
    expect(refused.content).toBe(en.t.term.manageServer);
    expect(ephemeral(refused)).toBe(true);
    expect(await database.store.read.terms.open(guildId)).toBeNull();
  });

  it('refuses a blank name or one of two lines', async () => {
    for (const bad of ['   ', 'two\nlines', 'x'.repeat(101)]) {
      const refused = await run('term', [sub('start', named(bad))]);
      expect(refused.content).toBe(en.t.term.badName('100'));
      expect(ephemeral(refused)).toBe(true);
    }
    expect(await database.store.read.terms.open(guildId)).toBeNull();
  });

  it('starts a term on a server without points yet: each house counts from its first points', async () => {
    const started = await run('term', [sub('start', named('First'))], { guild: BARE[transport] });
    expect(started.content).toBe(en.t.term.started('First'));
    expect(await database.store.read.terms.open(BARE[transport])).toMatchObject({
      name: 'First',
      totals: { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null },
    });
    // Open, so no winner yet: nobody leads it.
    const list = await run('term', [sub('list')], { guild: BARE[transport] });
    expect(list.embeds?.[0]?.fields?.[0]?.value).toContain(en.t.term.noLeader);
  });

  it('starts a term privately; a second start is refused and names the open one', async () => {
    const started = await run('term', [sub('start', named('  Autumn 2026 '))]);
    expect(started.content).toBe(en.t.term.started('Autumn 2026'));
    expect(ephemeral(started)).toBe(true);
    const open = await database.store.read.terms.open(guildId);
    expect(open?.name).toBe('Autumn 2026');

    const again = await run('term', [sub('start', named('Winter'))]);
    expect(again.content).toBe(
      en.t.term.alreadyOpen('Autumn 2026', dateText(open?.startedAt ?? '', en)),
    );
    expect(ephemeral(again)).toBe(true);
    expect((await database.store.read.terms.list(guildId)).items).toHaveLength(1);
  });

  it('/points names the open term, since when (Discord counts the days), and who leads it by what they gained', async () => {
    // The game awards points while the term is open: the houses carried in 500, 300, 200, 500.
    const game = new Sqlite(database.path);
    try {
      game.exec(
        `UPDATE house_points SET gryffindor = 520, hufflepuff = 520 WHERE guild_id = '${guildId}'`,
      );
    } finally {
      game.close();
    }
    const open = await database.store.read.terms.open(guildId);
    const seconds = Math.floor(Date.parse(open?.startedAt ?? '') / 1000);
    const points = await run('points');
    const description = points.embeds?.[0]?.description ?? '';
    expect(description.split('\n').slice(0, 2)).toEqual([
      en.t.points.term('Autumn 2026', `${en.day(open?.startedAt ?? '')} (<t:${seconds}:R>)`),
      en.t.term.leading('🦁 Gryffindor and 🦡 Hufflepuff', '20 points gained'),
    ]);
    expect(description).not.toContain('Won by');
    const french = await run('points', [], { locale: 'fr' });
    expect(french.embeds?.[0]?.description).toContain(
      `${fr.t.points.term('Autumn 2026', dateText(open?.startedAt ?? '', fr))}\n${fr.t.term.leading('🦁 Gryffondor et 🦡 Poufsouffle', '20 points gagnés')}`,
    );
  });

  it('ends it with reset: both winners of the tie said, points 0, the points it ended with kept', async () => {
    const ended = await run('term', [sub('end', reset(true))]);
    expect(ended.content).toBe(
      `${en.t.term.ended('Autumn 2026', '🦁 Gryffindor and 🦡 Hufflepuff')} ${en.t.term.reset}`,
    );
    expect(ephemeral(ended)).toBe(true);
    expect(await database.store.read.points.get(guildId)).toEqual({
      gryffindor: 0,
      slytherin: 0,
      ravenclaw: 0,
      hufflepuff: 0,
    });
    const [kept] = (await database.store.read.terms.list(guildId)).items;
    expect(kept?.standings).toEqual({ gryffindor: 20, slytherin: 0, ravenclaw: 0, hufflepuff: 20 });
    expect(kept?.totals).toEqual({ ...POINTS, gryffindor: 520, hufflepuff: 520 });
    expect(kept?.winners).toEqual(['gryffindor', 'hufflepuff']);

    const nothing = await run('term', [sub('end')]);
    expect(nothing.content).toBe(en.t.term.noneOpen);
    expect(ephemeral(nothing)).toBe(true);
    expect((await run('points')).embeds?.[0]?.description).not.toContain('🎓');
  });

  it('lists the terms publicly, newest first, each with its dates and winners', async () => {
    await run('term', [sub('start', named('Winter <b>*2027*</b>'))]);
    const list = await run('term', [sub('list')], { permissions: MEMBER_ONLY });
    expect(ephemeral(list)).toBe(false);
    const embed = list.embeds?.[0];
    expect(embed?.title).toBe(en.t.term.listTitle);
    const [winter, autumn] = embed?.fields ?? [];
    const terms = (await database.store.read.terms.list(guildId)).items;
    // The name as plain text: its markdown escaped.
    expect(winter?.name).toBe('🎓 Winter \\<b\\>\\*2027\\*\\</b\\>');
    // Open, begun on the reset, all four at nothing gained: no house leads yet (not "all four").
    expect(winter?.value.split('\n')).toEqual([
      en.t.term.open(en.day(terms[0]?.startedAt ?? '')),
      en.t.term.noLeader,
    ]);
    expect(autumn?.name).toBe('🏆 Autumn 2026');
    // Begun and ended in this run: one day, unless the run crossed midnight UTC.
    const [from, to] = [en.day(terms[1]?.startedAt ?? ''), en.day(terms[1]?.endedAt ?? '')];
    expect(autumn?.value).toBe(
      `${from === to ? to : en.t.term.dates(from, to)}\n${en.t.term.wonBy('🦁 Gryffindor and 🦡 Hufflepuff', '20 points gained')}`,
    );
    expect(embed?.footer).toBeUndefined();
  });

  it('/players period:term: the open term’s leaders by the galleons they gained in it', async () => {
    // The game writes, on a connection of its own, while the term is open.
    const game = new Sqlite(database.path);
    try {
      game.exec(`UPDATE profiles SET galleons = galleons + 40 WHERE guild_id = '${guildId}' AND id = 3;
        UPDATE profiles SET galleons = galleons - 15 WHERE guild_id = '${guildId}' AND id = 2;`);
    } finally {
      game.close();
    }
    const open = await database.store.read.terms.open(guildId);
    const leaders = await run('players', [{ name: 'period', type: 3, value: 'term' }]);
    const embed = leaders.embeds?.[0];
    expect(embed?.title).toBe(
      en.t.players.leaders.term('Winter \\<b\\>\\*2027\\*\\</b\\>', en.day(open?.startedAt ?? '')),
    );
    const lines = (embed?.description ?? '').split('\n').map((line) => line.split(' · ')[0]);
    expect(lines).toEqual(['**Luna**', '**Hermione**', '**Draco**']);
    expect(embed?.description).toContain('▲ 40 galleons');
    expect(embed?.description).toContain('▼ 15 galleons');
  });

  it('speaks French: the list, a refusal and an end', async () => {
    const list = await run('term', [sub('list')], { locale: 'fr' });
    expect(list.embeds?.[0]?.title).toBe(fr.t.term.listTitle);
    expect(list.embeds?.[0]?.fields?.[1]?.value).toContain(
      fr.t.term.wonBy('🦁 Gryffondor et 🦡 Poufsouffle', '20 points gagnés'),
    );
    const refused = await run('term', [sub('end')], { locale: 'fr', permissions: MEMBER_ONLY });
    expect(refused.content).toBe(fr.t.term.manageServer);
    const ended = await run('term', [sub('end')], { locale: 'fr' });
    expect(ended.content).toBe(
      fr.t.term.ended(
        'Winter \\<b\\>\\*2027\\*\\</b\\>',
        '🦁 Gryffondor, 🐍 Serpentard, 🦅 Serdaigle et 🦡 Poufsouffle',
      ),
    );
  });

  it('a guild without terms: the list says so privately; without an open term, so does /players period:term', async () => {
    const none = await run('term', [sub('list')], { guild: EMPTY });
    expect(none.content).toBe(en.t.term.empty);
    expect(ephemeral(none)).toBe(true);
    const noTerm = await run('players', [{ name: 'period', type: 3, value: 'term' }]);
    expect(noTerm.content).toBe(en.t.notFound.term);
    expect(ephemeral(noTerm)).toBe(true);
  });
});
