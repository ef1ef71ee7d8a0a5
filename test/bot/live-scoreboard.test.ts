import { rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/eventually.js';
import {
  type AcceptedEdit,
  type CommandOption,
  FAKE_TOKEN,
  FakeDiscord,
} from '../support/fake-discord.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * The live scoreboard through the fake Discord, on SQLite: posted by `/scoreboard post` over the
 * gateway and over `POST /interactions`, then edited after direct SQL writes of another
 * connection (as the game writes). The edit interval is shortened (LIVE_EDIT_INTERVAL_MS) so the
 * suite runs in seconds; nothing here asserts a duration, only what Discord got, in what order.
 */

const GUILD = '1133557799224466880';
const ADMIN = { id: '300000000000000009', username: 'admin' };
const INTERVAL_MS = 1_500;
/** View Channel, Send Messages, Embed Links; no Attach Files. */
const WITHOUT_ATTACH = String((1n << 10n) | (1n << 11n) | (1n << 14n));

function shows(edit: AcceptedEdit, gryffindor: string): boolean {
  return JSON.stringify(edit.body.embeds).includes(`— ${gryffindor} points`);
}

describe('a live scoreboard in a channel (SQLite, gateway and /interactions)', () => {
  let fake: FakeDiscord;
  let s: TestService;
  let game: InstanceType<typeof Database>;
  const setPoints = (gryffindor: number) =>
    game
      .prepare('UPDATE house_points SET gryffindor = ? WHERE guild_id = ?')
      .run(gryffindor, GUILD);
  const liveRows = () =>
    game.prepare('SELECT message_id FROM live_messages WHERE guild_id = ?').all(GUILD) as {
      message_id: string;
    }[];
  const post = async (
    extra: { appPermissions?: string; locale?: string; guildLocale?: string } = {},
  ) =>
    fake.ask(
      fake.command('scoreboard', [{ name: 'post', type: 1, options: [] }], {
        guildId: GUILD,
        user: ADMIN,
        ...extra,
      }),
    );

  beforeAll(async () => {
    fake = await FakeDiscord.start({ guilds: [GUILD], checkRestToken: true });
    s = await startTestService({
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
      DISCORD_PUBLIC_KEY: fake.publicKey,
      LIVE_EDIT_INTERVAL_MS: String(INTERVAL_MS),
    });
    game = new Database(s.databasePath);
    await until(() => s.botState() === 'ready', 'the bot');
  });
  afterAll(async () => {
    game?.close();
    await s?.shutdown();
    await fake?.close();
  });

  let messageId = '';

  it('posts the house cup message (embed and picture) in the channel, and says so ephemerally', async () => {
    const answer = await post();
    expect(answer.data.flags).toBe(64);
    expect(answer.data.content).toContain(`<#${fake.channelOf(GUILD)}>`);
    const [message] = [...fake.channelMessages.values()];
    expect(message?.channelId).toBe(fake.channelOf(GUILD));
    expect(JSON.stringify(message?.message.embeds)).toContain('— 1,240 points');
    // The demo's open term began on 880 / 910 / 700 / 760: its leader by what it gained, not won.
    expect(JSON.stringify(message?.message.embeds)).toContain(
      'Leading: 🦁 Gryffindor — 360 points gained',
    );
    expect(message?.png?.subarray(1, 4).toString()).toBe('PNG');
    writeFileSync('/tmp/live-scoreboard-posted.png', message?.png ?? Buffer.alloc(0));
    // Posted with the bot's token, as every channel message.
    const request = fake.requests.find((r) => r.method === 'POST' && r.path.endsWith('/messages'));
    expect(request?.authorization).toBe(`Bot ${FAKE_TOKEN}`);
    messageId = message?.id ?? '';
    expect(liveRows()).toEqual([{ message_id: messageId }]);
  });

  it('edits it after a direct SQL change of the points, with the new embed and picture', async () => {
    setPoints(2_001);
    const edit = await fake.waitForEdit((e) => shows(e, '2,001'));
    expect(edit.messageId).toBe(messageId);
    expect(JSON.stringify(edit.body.embeds)).toContain(
      'Leading: 🦁 Gryffindor — 1,121 points gained',
    );
    expect(edit.png?.subarray(1, 4).toString()).toBe('PNG');
    writeFileSync('/tmp/live-scoreboard-edited.png', edit.png ?? Buffer.alloc(0));
  });

  it('a term ended and started with /term (through the service itself): each brings an edit', async () => {
    const term = (option: CommandOption) =>
      fake.ask(fake.command('term', [option], { guildId: GUILD, user: ADMIN }));
    const embeds = (edit: AcceptedEdit) => JSON.stringify(edit.body.embeds);
    // The demo guild has a term open: the message names it, and ending it takes it away.
    const [posted] = [...fake.channelMessages.values()];
    expect(JSON.stringify(posted?.message.embeds)).toContain('🎓');
    const before = fake.edits.length;
    const ended = await term({ name: 'end', type: 1, options: [] });
    expect(ended.data.flags).toBe(64);
    const edit = await fake.waitForEdit(
      (e) => fake.edits.indexOf(e) >= before && !embeds(e).includes('🎓'),
    );
    expect(edit.messageId).toBe(messageId);
    const started = await term({
      name: 'start',
      type: 1,
      options: [{ name: 'name', type: 3, value: 'Spring' }],
    });
    expect(started.data.content).toContain('Spring');
    await fake.waitForEdit((e) => embeds(e).includes('🎓 Term: **Spring**'));
  });

  it('a burst of 10 changes: one or two edits, the last showing the last standings', async () => {
    const before = fake.edits.length;
    for (let i = 1; i <= 10; i += 1) setPoints(3_000 + i);
    await fake.waitForEdit((e) => shows(e, '3,010'));
    // Two intervals more: any edit still due has come by then.
    await sleep(INTERVAL_MS * 2 + 500);
    const burst = fake.edits.slice(before);
    expect(burst.length).toBeGreaterThanOrEqual(1);
    expect(burst.length).toBeLessThanOrEqual(2);
    expect(shows(burst.at(-1) as AcceptedEdit, '3,010')).toBe(true);
  });

  it('waits out a 429 with its retry_after, then edits', async () => {
    fake.failEdits({ status: 429, retryAfter: 0.5 });
    setPoints(4_004);
    await fake.waitForEdit((e) => shows(e, '4,004'));
    expect(fake.failedEdits.map((f) => f.status)).toEqual([429]);
  });

  it('a 5xx is tried again later', async () => {
    // @discordjs/rest retries a 5xx three times itself: four failures reach housecup once.
    fake.failEdits({ status: 500 }, 4);
    setPoints(5_005);
    await fake.waitForEdit((e) => shows(e, '5,005'));
    expect(fake.failedEdits.filter((f) => f.status === 500)).toHaveLength(4);
  });

  it('over POST /interactions too; then /scoreboard stop ends the channel’s live messages', async () => {
    await fake.setInteractionsEndpoint(`${s.url}/interactions`);
    try {
      const answer = await post();
      expect(answer.data.content).toContain('posted');
      expect(fake.channelMessages.size).toBe(2);
      expect(liveRows()).toHaveLength(2);
      const stop = await fake.ask(
        fake.command('scoreboard', [{ name: 'stop', type: 1, options: [] }], {
          guildId: GUILD,
          user: ADMIN,
        }),
      );
      expect(stop.data.content).toContain('no longer kept current');
      expect(liveRows()).toEqual([]);
      // The bot's permissions come in the signed payload too (`app_permissions`).
      const missing = await post({ appPermissions: WITHOUT_ATTACH });
      expect(missing.via).toBe('http');
      expect(missing.data.content).toContain('it lacks Attach Files there');
      expect(liveRows()).toEqual([]);
      const edits = fake.edits.length;
      setPoints(6_006);
      await sleep(INTERVAL_MS * 2);
      expect(fake.edits.length).toBe(edits);
    } finally {
      await fake.setInteractionsEndpoint(null);
    }
  });

  it('names a missing permission, in the admin’s language, and posts nothing', async () => {
    const messages = fake.channelMessages.size;
    const answer = await post({ appPermissions: WITHOUT_ATTACH, locale: 'fr' });
    expect(answer.data.flags).toBe(64);
    expect(answer.data.content).toContain('Joindre des fichiers');
    expect(answer.data.content).not.toContain('Voir le salon');
    expect(fake.channelMessages.size).toBe(messages);
    expect(liveRows()).toEqual([]);
  });

  it('in another channel: the bot’s permissions there are asked of Discord, a missing one named', async () => {
    const open = '1133557799224469001';
    const closed = '1133557799224469002';
    // @everyone (the guild's id) may not embed links in `closed`.
    fake.addChannel(GUILD, open);
    fake.addChannel(GUILD, closed, [{ id: GUILD, type: 0, allow: '0', deny: String(1n << 14n) }]);
    const inChannel = (channelId: string) =>
      fake.ask(
        fake.command(
          'scoreboard',
          [{ name: 'post', type: 1, options: [{ name: 'channel', type: 7, value: channelId }] }],
          { guildId: GUILD, user: ADMIN },
        ),
      );
    const refused = await inChannel(closed);
    expect(refused.data.content).toContain('it lacks Embed Links there');
    expect([...fake.channelMessages.values()].some((m) => m.channelId === closed)).toBe(false);
    const posted = await inChannel(open);
    expect(posted.data.content).toContain(`<#${open}>`);
    expect([...fake.channelMessages.values()].some((m) => m.channelId === open)).toBe(true);
    // Discord refusing the post all the same (a permission taken away meanwhile): nothing stored.
    fake.refuseChannel(closed, 403);
    fake.addChannel(GUILD, closed);
    const raced = await inChannel(closed);
    expect(raced.data.content).toContain('Discord refused the message');
    expect(liveRows()).toHaveLength(1);
    fake.refuseChannel(closed, null);
    const stop = await fake.ask(
      fake.command(
        'scoreboard',
        [{ name: 'stop', type: 1, options: [{ name: 'channel', type: 7, value: open }] }],
        { guildId: GUILD, user: ADMIN },
      ),
    );
    expect(stop.data.content).toContain('no longer kept current');
    expect(liveRows()).toEqual([]);
  });

  it('a message deleted in Discord is forgotten at its next edit', async () => {
    await post();
    const [row] = liveRows();
    expect(row).toBeDefined();
    fake.channelMessages.delete(row?.message_id ?? '');
    setPoints(7_007);
    await until(() => liveRows().length === 0, 'the message forgotten');
  });

  it('a permission taken away (403 on an edit): forgotten', async () => {
    await post();
    expect(liveRows()).toHaveLength(1);
    fake.failEdits({ status: 403 });
    setPoints(7_107);
    await until(() => liveRows().length === 0, 'the message forgotten');
    expect(fake.failedEdits.at(-1)?.status).toBe(403);
  });

  it('speaks the server’s language in the channel, the admin’s to the admin', async () => {
    const before = new Set(fake.channelMessages.keys());
    const answer = await post({ locale: 'en-US', guildLocale: 'fr' });
    expect(answer.data.content).toContain('is posted in');
    const message = [...fake.channelMessages.values()].find((m) => !before.has(m.id));
    expect(JSON.stringify(message?.message.embeds)).toContain('Gryffondor');
    writeFileSync('/tmp/live-scoreboard-fr.png', message?.png ?? Buffer.alloc(0));
    expect(game.prepare('SELECT locale FROM live_messages').all()).toEqual([{ locale: 'fr' }]);
    game.prepare('DELETE FROM live_messages').run();
  });

  it('at most 5 per guild', async () => {
    for (let i = 0; i < 5; i += 1) await post();
    expect(liveRows()).toHaveLength(5);
    const sixth = await post();
    expect(sixth.data.content).toContain('5 live house cups already');
    expect(liveRows()).toHaveLength(5);
    game.prepare('DELETE FROM live_messages').run();
  });

  it('a message the store cannot keep is taken back from the channel, and the admin told', async () => {
    // The store refuses the live message's row (as a failing or locked store would).
    game.exec(
      "CREATE TRIGGER refuse_live BEFORE INSERT ON live_messages BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
    );
    try {
      const channel = `/channels/${fake.channelOf(GUILD)}/messages`;
      const held = new Set(fake.channelMessages.keys());
      const since = fake.requests.length;
      const answer = await post();
      expect(answer.data.content).toContain('Sorry, something went wrong');
      const calls = fake.requests.slice(since).filter((r) => r.path.startsWith(channel));
      // Posted, then deleted: nothing left in the channel that nothing would edit or stop.
      expect(calls.map((r) => r.method)).toEqual(['POST', 'DELETE']);
      expect(new Set(fake.channelMessages.keys())).toEqual(held);
      expect(liveRows()).toHaveLength(0);
    } finally {
      game.exec('DROP TRIGGER refuse_live');
    }
  });
});

describe('a restart resumes the edits', () => {
  it('from the store: the new process edits the message the old one posted', async () => {
    const fake = await FakeDiscord.start({ guilds: [GUILD] });
    const env = {
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
      LIVE_EDIT_INTERVAL_MS: String(INTERVAL_MS),
    };
    const first = await startTestService(env);
    let second: TestService | undefined;
    try {
      await until(() => first.botState() === 'ready', 'the bot');
      const posted = await fake.sendInteraction(
        fake.command('scoreboard', [{ name: 'post', type: 1, options: [] }], {
          guildId: GUILD,
          user: ADMIN,
        }),
      );
      // Once the admin is told (after a deferral on a busy machine), the message is posted.
      expect((await fake.finalMessage(posted)).content).toContain('posted');
      const [message] = [...fake.channelMessages.values()];
      await first.stop();
      second = await startTestService({ ...env, DATABASE_PATH: first.databasePath });
      const game = new Database(first.databasePath);
      game.prepare('UPDATE house_points SET slytherin = 8008 WHERE guild_id = ?').run(GUILD);
      game.close();
      const edit = await fake.waitForEdit((e) =>
        JSON.stringify(e.body.embeds).includes('8,008 points'),
      );
      expect(edit.messageId).toBe(message?.id);
    } finally {
      await second?.shutdown();
      rmSync(first.dir, { recursive: true, force: true });
      await fake.close();
    }
  });
});
