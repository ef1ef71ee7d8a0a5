/*
 * /players sort:… house:… (docs/http-api.md) through the real discord.js client and the fake
 * Discord, on both stores: the title says what is shown, the pages follow the chosen order and
 * filter (computed here from the raw entries), and the page buttons keep them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { HOUSE_STYLES } from '../../src/bot/embeds/houses.js';
import { NOT_FOUND } from '../../src/bot/not-found.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
  type UserData,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { expectedOrder, sortedFixture } from '../support/sorted-profiles.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

const GUILD = '1133557799224466870';
const NO_SLYTHERIN = '1133557799224466871';
const EMPTY = '1133557799224466872';
const ALICE: UserData = { id: '500000000000000001', username: 'alice' };
const BOB: UserData = { id: '500000000000000002', username: 'bob' };
const EPHEMERAL = 64;

const profiles = sortedFixture(95);
const data = {
  guilds: [
    { id: GUILD, players: profiles },
    {
      id: NO_SLYTHERIN,
      players: [{ user_id: '1', name: 'Cedric', house: 'hufflepuff', galleons: 1 }],
    },
    { id: EMPTY, points: { gryffindor: 0, slytherin: 0, ravenclaw: 0, hufflepuff: 0 } },
  ],
};

const option = (name: string, value: string): CommandOption => ({ name, type: 3, value });
const title = (c: InteractionCallback) => c.data.embeds?.[0]?.title;
const footer = (c: InteractionCallback) => c.data.embeds?.[0]?.footer?.text;
const buttons = (c: InteractionCallback) => c.data.components?.[0]?.components ?? [];
/** The profile names of a page, as its lines show them (names are escaped markdown). */
const lines = (c: InteractionCallback) => (c.data.embeds?.[0]?.description ?? '').split('\n');

describe.each(storeKinds(import.meta.filename))('/players sorted and filtered (%s)', (kind) => {
  let store: TestStore;
  let fake: FakeDiscord;
  let bot: RunningBot;
  const run = (guildId: string, options: CommandOption[], user = ALICE) =>
    fake.sendInteraction(fake.command('players', options, { guildId, user }));
  const press = (on: InteractionCallback, index: 0 | 1, user = ALICE) => {
    const message = fake.message(on.data, GUILD);
    const customId = buttons(on)[index]?.custom_id ?? '';
    return fake.sendInteraction(fake.button(customId, message, { guildId: GUILD, user }));
  };

  beforeAll(async () => {
    store = await openTestStore(kind, data);
    fake = await FakeDiscord.start({ guilds: [GUILD, NO_SLYTHERIN, EMPTY] });
    const config = loadConfig({
      ...store.env,
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
    });
    const services = commandServices(store.store, config);
    bot = await startBot({ config, services, logger: captureLog([FAKE_TOKEN]).logger });
  });
  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await store?.cleanup();
  });

  it('shows the richest Gryffindors first, says so, and keeps sort and house on every page', async () => {
    const expected = expectedOrder(profiles, {
      sort: 'galleons',
      order: 'desc',
      house: 'gryffindor',
    });
    const first = await run(GUILD, [option('sort', 'galleons'), option('house', 'gryffindor')]);
    expect(first.type).toBe(4);
    expect(title(first)).toBe('Richest first · Gryffindor');
    expect(first.data.embeds?.[0]?.color).toBe(HOUSE_STYLES.gryffindor.colour);
    expect(footer(first)).toBe(`Page 1 of 2 · ${expected.length} profiles`);
    expect(lines(first)).toHaveLength(10);
    expect(lines(first).map((line) => line.split(' · ').at(3))).toEqual(
      expected.slice(0, 10).map((p) => `${p.galleons} galleons`),
    );
    expect(buttons(first).map((b) => b.custom_id)).toEqual([
      `players:page:-1:${ALICE.id}:galleons:gryffindor`,
      `players:page:1:${ALICE.id}:galleons:gryffindor`,
    ]);

    const second = await press(first, 1);
    expect(second.type).toBe(7);
    expect(title(second)).toBe('Richest first · Gryffindor');
    expect(footer(second)).toBe(`Page 2 of 2 · ${expected.length} profiles`);
    expect(lines(second).map((line) => line.split(' · ').at(3))).toEqual(
      expected.slice(10, 20).map((p) => `${p.galleons} galleons`),
    );
    const back = await press(second, 0);
    expect(back.data.embeds).toEqual(first.data.embeds);
    // Only whoever ran the command turns its pages, sorted or not.
    const refused = await press(second, 0, BOB);
    expect((refused.data.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
  });

  it('follows every sort, each in its own order, for the whole list and without a house', async () => {
    const titles = {
      user_id: 'Players of this server',
      galleons: 'Richest first',
      name: 'By name',
      year: 'By year, from first years',
      created_at: 'Oldest profiles first',
    } as const;
    for (const [sort, expectedTitle] of Object.entries(titles)) {
      for (const house of [null, 'none'] as const) {
        const order = sort === 'galleons' ? 'desc' : 'asc';
        const view = { sort: sort as keyof typeof titles, order, house } as const;
        const expected = expectedOrder(profiles, view);
        const options = [option('sort', sort), ...(house ? [option('house', house)] : [])];
        const first = await run(GUILD, options);
        expect(title(first)).toBe(house ? `${expectedTitle} · No house` : expectedTitle);
        // The page's profiles, by the ids their lines cannot show: the slice read for the page
        // equals the expected order's first ten.
        const shown = await store.store.read.players.slice(GUILD, 0, 10, view);
        expect(shown.map((p) => p.id)).toEqual(expected.slice(0, 10).map((p) => p.id));
        expect(footer(first)).toBe(
          `Page 1 of ${Math.ceil(expected.length / 10)} · ${expected.length} profiles`,
        );
        const custom = buttons(first)[1]?.custom_id ?? '';
        expect(custom.length).toBeLessThanOrEqual(100);
        expect(custom).toBe(
          sort === 'user_id' && house === null
            ? `players:page:1:${ALICE.id}`
            : `players:page:1:${ALICE.id}:${sort}:${house ?? 'all'}`,
        );
      }
    }
  });

  it('says when no profile is in the house, and keeps the guild without players apart', async () => {
    const none = await run(NO_SLYTHERIN, [option('house', 'slytherin')]);
    expect((none.data.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(none.data.content).toBe(NOT_FOUND.house);
    const empty = await run(EMPTY, [option('house', 'slytherin')]);
    expect(empty.data.content).toBe(NOT_FOUND.players);
  });
});
