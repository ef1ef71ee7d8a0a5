/*
 * /award give and undo (docs/discord.md, "Awards"), over the gateway (the real discord.js client)
 * and over the real POST /interactions, on both stores: the award answered publicly in the
 * server's language, its member a mention that pings no one, the house's new total; each refusal
 * (bad input, an unknown or already undone award, a spent rate) only to whoever ran it, with
 * nothing changed; every body within Discord's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { languageOf } from '../../src/bot/i18n/index.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { AWARDS_PER_MINUTE } from '../../src/records/awards.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { messageProblems } from '../support/fake-discord/validation.js';
import {
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
  type MessageData,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { ALICE, BOB } from './support/fixture.js';

const GUILDS = {
  gateway: '1133557799224466950',
  http: '1133557799224466951',
} as const;
/** Guilds without points: the first award makes their row. */
const BARE = { gateway: '1133557799224466952', http: '1133557799224466953' } as const;
/** Guilds whose rate is spent. */
const BUSY = { gateway: '1133557799224466954', http: '1133557799224466955' } as const;
const POINTS = { gryffindor: 500, slytherin: 300, ravenclaw: 200, hufflepuff: 100 };
const EPHEMERAL = 64;

const en = languageOf('en-US');
const fr = languageOf('fr');

const data = {
  guilds: [GUILDS.gateway, GUILDS.http, BUSY.gateway, BUSY.http].map((id) => ({
    id,
    points: POINTS,
  })),
};

const give = (house: string, points: number, reason: string, member?: string) => [
  {
    name: 'give',
    type: 1,
    options: [
      { name: 'house', type: 3, value: house },
      { name: 'points', type: 4, value: points },
      { name: 'reason', type: 3, value: reason },
      ...(member ? [{ name: 'member', type: 6, value: member }] : []),
    ],
  },
];
const undo = (id: number): CommandOption[] => [
  { name: 'undo', type: 1, options: [{ name: 'id', type: 4, value: id }] },
];
const ephemeral = (message: MessageData) => ((message.flags ?? 0) & EPHEMERAL) === EPHEMERAL;

describe.each(storeKinds(import.meta.filename))('/award (%s)', (kind) => {
  let store: TestStore;
  let fake: FakeDiscord;
  let bot: RunningBot;
  let served: InteractionsApp;

  beforeAll(async () => {
    store = await openTestStore(kind, data);
    fake = await FakeDiscord.start({
      guilds: [...Object.values(GUILDS), ...Object.values(BARE), ...Object.values(BUSY)],
    });
    const config = loadConfig({
      ...store.env,
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
    });
    const services = commandServices(store.store, config);
    const { logger } = captureLog([FAKE_TOKEN]);
    bot = await startBot({ config, services, logger });
    served = await startInteractionsApp({
      store: store.store,
      services,
      publicKey: fake.publicKey,
      restUrl: fake.restUrl,
      logger,
    });
  });
  afterAll(async () => {
    await bot?.stop();
    await served?.close();
    await fake?.close();
    await store?.cleanup();
  });

  describe.each(['gateway', 'http'] as const)('over the %s', (transport) => {
    const guildId = GUILDS[transport];

    beforeAll(async () => {
      await fake.setInteractionsEndpoint(
        transport === 'http' ? `${served.url}/interactions` : null,
      );
    });

    async function run(
      options: CommandOption[],
      { guild = guildId as string, locale = 'en-US', guildLocale = 'en-US' } = {},
    ): Promise<MessageData> {
      const who = { guildId: guild, user: ALICE, locale, guildLocale };
      const interaction = fake.command('award', options, who, [BOB]);
      const message = await fake.finalMessage(await fake.sendInteraction(interaction));
      expect(messageProblems(message)).toEqual([]);
      return message;
    }
    const pointsOf = async (guild: string = guildId) => store.store.read.points.get(guild);

    it('gives points publicly: house, +10, reason, a mention that pings no one, the new total', async () => {
      const before = (await pointsOf())?.gryffindor ?? 0;
      const answer = await run(give('gryffindor', 10, 'Helped a *first year*', BOB.id));
      expect(ephemeral(answer)).toBe(false);
      expect(answer.allowed_mentions).toEqual({ parse: [] });
      const content = answer.content ?? '';
      expect(content).toContain('🦁 Gryffindor **+10**: Helped a \\*first year\\*');
      expect(content).toContain(`For <@${BOB.id}>.`);
      expect(content).toContain(`🦁 Gryffindor now has ${en.number(before + 10)} points.`);
      expect((await pointsOf())?.gryffindor).toBe(before + 10);
      const [entry] = (await store.store.read.ledger.list(guildId, { limit: 1 })).items;
      expect(entry).toMatchObject({
        house: 'gryffindor',
        delta: 10,
        total: before + 10,
        source: 'award',
        by: ALICE.id,
        for: BOB.id,
        reason: 'Helped a *first year*',
      });
      expect(content).toContain(`Award #${entry?.id}`);
    });

    it('takes points away with a true minus, in the server’s language whoever runs it', async () => {
      const before = (await pointsOf())?.slytherin ?? 0;
      const answer = await run(give('slytherin', -5, 'Fil de fer'), {
        locale: 'de',
        guildLocale: 'fr',
      });
      expect(ephemeral(answer)).toBe(false);
      expect(answer.content).toContain('🐍 Serpentard **−5** : Fil de fer');
      expect(answer.content).toContain(
        `Serpentard a maintenant ${fr.amount(fr.t.points.points, before - 5)}.`,
      );
    });

    it('refuses bad input privately, in the member’s language, changing nothing', async () => {
      const before = await pointsOf();
      const cases: [CommandOption[], string][] = [
        [give('ravenclaw', 10, '   '), en.t.award.badReason('200')],
        [give('ravenclaw', 10, 'two\nlines'), en.t.award.badReason('200')],
        // Beyond what Discord lets through: only a forged payload carries it.
        [give('ravenclaw', 0, 'zero'), en.t.award.badPoints('-1,000', '1,000')],
        [give('ravenclaw', 5000, 'many'), en.t.award.badPoints('-1,000', '1,000')],
      ];
      for (const [options, said] of cases) {
        const answer = await run(options);
        expect(answer.content).toBe(said);
        expect(ephemeral(answer)).toBe(true);
      }
      expect(await pointsOf()).toEqual(before);
    });

    it('undoes an award once, publicly; a second undo and an unknown id privately', async () => {
      const given = await store.store.awards.award({
        guildId,
        house: 'hufflepuff',
        points: 7,
        reason: 'Kindness',
        for: null,
        by: BOB.id,
      });
      if (given.outcome !== 'awarded') throw new Error(given.outcome);
      const id = given.entry.id;
      const answer = await run(undo(id));
      expect(ephemeral(answer)).toBe(false);
      expect(answer.content).toContain(`Award #${id} is taken back: 🦡 Hufflepuff **−7**.`);
      expect((await pointsOf())?.hufflepuff).toBe(given.entry.total - 7);
      const again = await run(undo(id));
      expect(again.content).toBe(en.t.award.alreadyUndone(String(id)));
      expect(ephemeral(again)).toBe(true);
      const unknown = await run(undo(987654321));
      expect(unknown.content).toBe(en.t.award.unknown('987654321'));
      expect(ephemeral(unknown)).toBe(true);
    });

    it('refuses to undo what is no award (the points the data came with)', async () => {
      const { items } = await store.store.read.ledger.list(guildId, { limit: 100 });
      const entry = items.find((each) => each.source !== 'award' && each.source !== 'undo');
      if (!entry) throw new Error('the data wrote no entry');
      const answer = await run(undo(entry.id));
      expect(answer.content).toBe(en.t.award.notAward(String(entry.id)));
      expect(ephemeral(answer)).toBe(true);
    });

    it('gives a guild without points its row, the other houses at 0', async () => {
      const answer = await run(give('ravenclaw', 3, 'First points'), { guild: BARE[transport] });
      expect(ephemeral(answer)).toBe(false);
      expect(await pointsOf(BARE[transport])).toMatchObject({
        gryffindor: 0,
        slytherin: 0,
        ravenclaw: 3,
        hufflepuff: 0,
      });
    });

    it(`refuses past ${AWARDS_PER_MINUTE} awards a minute, privately, saying when to try again`, async () => {
      const guild = BUSY[transport];
      for (let i = 0; i < AWARDS_PER_MINUTE; i += 1) {
        const done = await store.store.awards.award({
          guildId: guild,
          house: 'gryffindor',
          points: 1,
          reason: `Award ${i}`,
          for: null,
          by: null,
        });
        expect(done.outcome).toBe('awarded');
      }
      const before = await pointsOf(guild);
      const answer = await run(give('gryffindor', 1, 'One more'), { guild });
      expect(ephemeral(answer)).toBe(true);
      expect(answer.content).toMatch(
        new RegExp(`gave ${AWARDS_PER_MINUTE} awards in the last minute.*try again <t:\\d+:R>`),
      );
      expect(await pointsOf(guild)).toEqual(before);
    });
  });
});
