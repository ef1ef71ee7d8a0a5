/*
 * /players in a guild of a few thousand profiles: each page is read on its own (count, then
 * LIMIT/OFFSET), never the whole list, and paging reaches the last page exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import type { ReadService } from '../../src/read/service.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import {
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
  type UserData,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';

const HUGE = '1133557799224466877';
/** 301 pages of 10: the last holds 5. */
const PROFILES = 3_005;
const LAST_PAGE = 300;
const ALICE: UserData = { id: '500000000000000001', username: 'alice' };

/** Profile n (1-based) is user 7000…n, named "Member nnnn": list order is n order. */
const memberName = (n: number) => `Member ${String(n).padStart(4, '0')}`;
const data = {
  guilds: [
    {
      id: HUGE,
      points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 },
      players: Array.from({ length: PROFILES }, (_, i) => ({
        user_id: `70000000000000${String(i + 1).padStart(4, '0')}`,
        name: memberName(i + 1),
        house: 'ravenclaw',
        year: 1 + (i % 7),
        galleons: i,
      })),
    },
  ],
};

let database: TestDatabase;
let read: ReadService;
let fake: FakeDiscord;
let bot: RunningBot;

/** The real read service, except that reading a guild's whole list fails the test. */
function withoutWholeList(real: ReadService): ReadService {
  return {
    ...real,
    players: {
      ...real.players,
      async list() {
        throw new Error('/players must read one page, not the whole list');
      },
    },
  };
}

beforeAll(async () => {
  database = await openTestDatabase(data);
  read = database.store.read;
  fake = await FakeDiscord.start({ guilds: [HUGE] });
  const config = loadConfig({
    DATABASE_PATH: database.path,
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
  });
  const services = { ...commandServices(database.store, config), read: withoutWholeList(read) };
  bot = await startBot({ config, services, logger: captureLog([FAKE_TOKEN]).logger });
});

afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  database?.cleanup();
});

const footer = (c: InteractionCallback) => c.data.embeds?.[0]?.footer?.text;
const names = (c: InteractionCallback) =>
  (c.data.embeds?.[0]?.description ?? '').split('\n').map((line) => line.split(' · ')[0]);
const buttons = (c: InteractionCallback) => c.data.components?.[0]?.components ?? [];

/** Presses the button `customId` on the message `on` answered with. */
function press(on: InteractionCallback, customId: string): Promise<InteractionCallback> {
  const message = fake.message(on.data, HUGE);
  return fake.sendInteraction(fake.button(customId, message, { guildId: HUGE, user: ALICE }));
}

describe('the players reader, page by page', () => {
  it('counts the guild and reads any slice of the list order', async () => {
    expect(await read.players.count(HUGE)).toBe(PROFILES);
    expect(await read.players.count('1133557799224466000')).toBe(0);
    const last = await read.players.slice(HUGE, LAST_PAGE * 10, 10);
    expect(last.map((p) => p.name)).toEqual([3001, 3002, 3003, 3004, 3005].map(memberName));
    expect(await read.players.slice(HUGE, PROFILES, 10)).toEqual([]);
    // The same order as the full list.
    const all = await read.players.list(HUGE);
    expect((await read.players.slice(HUGE, 1_234, 3)).map((p) => p.id)).toEqual(
      all?.items.slice(1_234, 1_237).map((p) => p.id),
    );
  });
});

describe('/players in a guild of a few thousand profiles', () => {
  it('pages to the last page and back, reading only the page shown', async () => {
    const first = await fake.sendInteraction(
      fake.command('players', [], { guildId: HUGE, user: ALICE }),
    );
    expect(footer(first)).toBe(`Page 1 of ${LAST_PAGE + 1} · ${PROFILES} profiles`);
    expect(names(first)[0]).toBe(`**${memberName(1)}**`);

    const second = await press(first, buttons(first)[1]?.custom_id ?? '');
    expect(footer(second)).toBe(`Page 2 of ${LAST_PAGE + 1} · ${PROFILES} profiles`);
    expect(names(second)[0]).toBe(`**${memberName(11)}**`);

    // A button naming the last page, as ▶ on page 300 would carry.
    const last = await press(second, `players:page:${LAST_PAGE}:${ALICE.id}`);
    expect(last.type).toBe(7);
    expect(footer(last)).toBe(`Page ${LAST_PAGE + 1} of ${LAST_PAGE + 1} · ${PROFILES} profiles`);
    expect(names(last)).toEqual([3001, 3002, 3003, 3004, 3005].map((n) => `**${memberName(n)}**`));
    expect(buttons(last).map((b) => b.disabled)).toEqual([false, true]);

    const back = await press(last, buttons(last)[0]?.custom_id ?? '');
    expect(footer(back)).toBe(`Page ${LAST_PAGE} of ${LAST_PAGE + 1} · ${PROFILES} profiles`);
    expect(names(back)).toHaveLength(10);
    expect(names(back)[0]).toBe(`**${memberName(2991)}**`);
  });

  it('shows the last page for a page number past the end (a stale button)', async () => {
    const first = await fake.sendInteraction(
      fake.command('players', [], { guildId: HUGE, user: ALICE }),
    );
    const stale = await press(first, `players:page:99999:${ALICE.id}`);
    expect(footer(stale)).toBe(`Page ${LAST_PAGE + 1} of ${LAST_PAGE + 1} · ${PROFILES} profiles`);
  });
});
