/*
 * /log [house:] [member:] (docs/discord.md, "Awards") through the real discord.js client and the
 * fake Discord, on both stores: the ledger newest first, ten entries a page, who gave, for whom,
 * why and when; the page buttons keep the filters and the pages (an award given meanwhile does
 * not shift them); only whoever ran it turns them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import type { House } from '../../src/records/houses.js';
import type { LedgerEntry } from '../../src/records/points-ledger.js';
import { messageProblems } from '../support/fake-discord/validation.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { ALICE, BOB } from './support/fixture.js';

const GUILD = '1133557799224466960';
const EMPTY = '1133557799224466961';
const EPHEMERAL = 64;
const HOUSES: House[] = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'];

const lines = (c: InteractionCallback) => (c.data.embeds?.[0]?.description ?? '').split('\n');
const buttons = (c: InteractionCallback) => c.data.components?.[0]?.components ?? [];
const idOf = (line: string) => Number(/^`#(\d+)`/.exec(line)?.[1]);

describe.each(storeKinds(import.meta.filename))('/log (%s)', (kind) => {
  let store: TestStore;
  let fake: FakeDiscord;
  let bot: RunningBot;
  /** Every entry of GUILD, newest first. */
  let entries: LedgerEntry[];

  const run = (options: CommandOption[], guildId = GUILD) =>
    fake.ask(fake.command('log', options, { guildId, user: ALICE }, [BOB]));
  const press = (on: InteractionCallback, index: 0 | 1, user = ALICE) => {
    const customId = buttons(on)[index]?.custom_id ?? '';
    return fake.ask(fake.button(customId, fake.message(on.data, GUILD), { guildId: GUILD, user }));
  };
  const award = (i: number, forMember: string | null) =>
    store.store.awards.award({
      guildId: GUILD,
      house: HOUSES[i % 4] as House,
      points: i + 1,
      reason: `Reason ${i}`,
      for: forMember,
      by: ALICE.id,
    });

  beforeAll(async () => {
    store = await openTestStore(kind);
    // 25 awards, every third for Bob: three pages, and filters that leave fewer.
    for (let i = 0; i < 25; i += 1) await award(i, i % 3 === 0 ? BOB.id : null);
    entries = (await store.store.read.ledger.list(GUILD, { limit: 100 })).items;
    fake = await FakeDiscord.start({ guilds: [GUILD, EMPTY] });
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

  it('pages the ledger newest first, ten a page, who gave, for whom, why and when', async () => {
    expect(entries).toHaveLength(25);
    const first = await run([]);
    expect(first.type).toBe(4);
    expect((first.data.flags ?? 0) & EPHEMERAL).toBe(0);
    expect(messageProblems(first.data)).toEqual([]);
    expect(first.data.embeds?.[0]?.title).toBe('📜 Ledger of the house points');
    expect(first.data.embeds?.[0]?.footer?.text).toBe('Page 1 · newest first');
    expect(lines(first).map(idOf)).toEqual(entries.slice(0, 10).map((e) => e.id));
    const newest = entries[0] as LedgerEntry;
    expect(lines(first)[0]).toBe(
      `\`#${newest.id}\` · <t:${Math.floor(Date.parse(newest.at) / 1000)}:R> · 🦁 Gryffindor **+25** · Reason 24 · by <@${ALICE.id}> · for <@${BOB.id}>`,
    );
    const top = newest.id;
    expect(buttons(first).map((b) => b.custom_id)).toEqual([
      `log:page:-1:${ALICE.id}:${top}:all:all`,
      `log:page:1:${ALICE.id}:${top}:all:all`,
    ]);

    // An award given meanwhile is not on the pages turned: they stay those of the anchor.
    await award(99, null);
    const second = await press(first, 1);
    expect(second.type).toBe(7);
    expect(lines(second).map(idOf)).toEqual(entries.slice(10, 20).map((e) => e.id));
    const third = await press(second, 1);
    expect(lines(third).map(idOf)).toEqual(entries.slice(20).map((e) => e.id));
    expect(buttons(third)[1]?.disabled).toBe(true);
    expect(third.data.embeds?.[0]?.footer?.text).toBe('Page 3 · newest first');
    const back = await press(second, 0);
    expect(back.data.embeds).toEqual(first.data.embeds);

    const refused = await press(second, 0, BOB);
    expect((refused.data.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(refused.data.content).toContain('/log');
  });

  it('filters by house and by member (the one it was for)', async () => {
    const house = await run([{ name: 'house', type: 3, value: 'ravenclaw' }]);
    expect(house.data.embeds?.[0]?.title).toBe('📜 Ledger of the house points · 🦅 Ravenclaw');
    expect(lines(house).every((line) => line.includes('🦅 Ravenclaw'))).toBe(true);
    expect(lines(house)).toHaveLength(6);
    expect(buttons(house)).toEqual([]);

    const member = await run([{ name: 'member', type: 6, value: BOB.id }]);
    const [heading, ...shown] = lines(member);
    expect(heading).toBe(`**for <@${BOB.id}>**`);
    expect(shown).toHaveLength(9);
    expect(shown.every((line) => line.endsWith(`for <@${BOB.id}>`))).toBe(true);
    expect(member.data.allowed_mentions).toEqual({ parse: [] });
  });

  it('says privately that a server has no ledger yet', async () => {
    const none = await run([], EMPTY);
    expect((none.data.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(none.data.content).toBe('No change of the house points is in this server’s ledger yet.');
  });
});
