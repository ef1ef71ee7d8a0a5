import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { killChildren, startMain } from '../support/child.js';
import { until } from '../support/eventually.js';
import { type EditFault, FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { patiently } from '../support/patience.js';
import { startTestService, type TestService } from '../support/service.js';
import { storeKinds } from '../support/store.js';

/*
 * A rate-limited or failing channel holds only its own live message: while Discord makes four
 * channels of one guild wait (a 429 with a long retry_after), answers their edits with 500s, or
 * never answers them, another guild's message is still edited after its change, the waiting
 * channels get no edit before their wait is over, and stopping the node does not wait for it. Nothing here asserts a duration: each step waits for what must happen,
 * with the patience ceiling far above any normal wait.
 */

const BUSY = '1133557799224466880';
const OTHER = '1133557799224466881';
const CHANNELS = [
  '1133557799224469101',
  '1133557799224469102',
  '1133557799224469103',
  '1133557799224469104',
];
const ADMIN = { id: '300000000000000009', username: 'admin' };
/** Longer than the test: a channel told to wait this long gets no edit while it runs. */
const RETRY_AFTER_S = 600;

/** The game's SQL, on a connection of its own. */
async function gameWrite(s: TestService, sql: string): Promise<void> {
  if (s.storeEnv.DATABASE_PATH) {
    const db = new Database(s.storeEnv.DATABASE_PATH);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: s.storeEnv.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await killChildren();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(storeKinds(import.meta.filename))('live scoreboards on %s', (kind) => {
  /** Four live messages of BUSY, one per channel, whose edits all get `fault`; one of OTHER, not. */
  async function world(fault: EditFault = { status: 429, retryAfter: RETRY_AFTER_S }) {
    const fake = await FakeDiscord.start({ guilds: [BUSY, OTHER] });
    cleanups.push(() => fake.close());
    const s = await startTestService(
      { DISCORD_TOKEN: FAKE_TOKEN, DISCORD_REST_URL: fake.restUrl, LIVE_EDIT_INTERVAL_MS: '1000' },
      kind,
    );
    let stopped = false;
    cleanups.push(() => (stopped ? Promise.resolve() : s.shutdown()));
    await until(() => s.botState() === 'ready', 'the bot');
    await gameWrite(
      s,
      `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff)
       VALUES ('${OTHER}', 10, 20, 30, 40)`,
    );
    const post = async (guildId: string, channelId?: string) =>
      (
        await fake.finalMessage(
          await fake.sendInteraction(
            fake.command(
              'scoreboard',
              [
                {
                  name: 'post',
                  type: 1,
                  options: channelId ? [{ name: 'channel', type: 7, value: channelId }] : [],
                },
              ],
              { guildId, user: ADMIN },
            ),
          ),
        )
      ).content;
    for (const channel of CHANNELS) {
      fake.addChannel(BUSY, channel);
      expect(await post(BUSY, channel)).toContain(`<#${channel}>`);
    }
    expect(await post(OTHER)).toContain(`<#${fake.channelOf(OTHER)}>`);
    for (const channel of CHANNELS) fake.failEditsIn(channel, fault);
    // The busy guild changes: each of its four messages is refused (or left hanging).
    await gameWrite(s, `UPDATE house_points SET gryffindor = 7777 WHERE guild_id = '${BUSY}'`);
    await until(() => fake.failedEdits.length >= CHANNELS.length, 'the four channels refused');
    return {
      fake,
      s,
      stop: async () => {
        stopped = true;
        await s.shutdown();
      },
    };
  }

  it('channels waiting out a 429 hold only their own messages: another guild’s is edited', async () => {
    const { fake, s } = await world();
    await gameWrite(s, `UPDATE house_points SET slytherin = 2468 WHERE guild_id = '${OTHER}'`);
    const edit = await patiently(
      fake.waitForEdit((e) => JSON.stringify(e.body.embeds).includes('2,468 points')),
      'the other guild’s edit',
    );
    expect(edit.channelId).toBe(fake.channelOf(OTHER));
    // Again: the places stay free while the four channels wait.
    await gameWrite(s, `UPDATE house_points SET slytherin = 1357 WHERE guild_id = '${OTHER}'`);
    await patiently(
      fake.waitForEdit((e) => JSON.stringify(e.body.embeds).includes('1,357 points')),
      'the other guild’s second edit',
    );
    // Each waiting channel was asked once, then left to wait: no edit sent into its wait.
    expect(fake.failedEdits.map((each) => each.status)).toEqual(CHANNELS.map(() => 429));
    expect(new Set(fake.failedEdits.map((each) => each.path.split('/')[2]))).toEqual(
      new Set(CHANNELS),
    );
  });

  /** How many edits each busy channel was sent so far. */
  const editsAsked = (fake: FakeDiscord) =>
    CHANNELS.map(
      (channel) => fake.failedEdits.filter((e) => e.path.includes(`/${channel}/`)).length,
    );

  it('channels that never answer an edit hold their places only a while: another guild’s is edited before they are tried a fourth time', async () => {
    const { fake, s } = await world({ status: 'hang' });
    await gameWrite(s, `UPDATE house_points SET slytherin = 2468 WHERE guild_id = '${OTHER}'`);
    const edit = await patiently(
      fake.waitForEdit((e) => JSON.stringify(e.body.embeds).includes('2,468 points')),
      'the other guild’s edit',
    );
    expect(edit.channelId).toBe(fake.channelOf(OTHER));
    // The REST client's own timeout and retries would have sent each hanging edit four times
    // before giving its place up: the node gives up on its own sooner, and tries again later.
    for (const asked of editsAsked(fake)) expect(asked).toBeLessThan(4);
    // Again, while the hanging channels are tried again.
    await gameWrite(s, `UPDATE house_points SET slytherin = 1357 WHERE guild_id = '${OTHER}'`);
    await patiently(
      fake.waitForEdit((e) => JSON.stringify(e.body.embeds).includes('1,357 points')),
      'the other guild’s second edit',
    );
  });

  it('channels answering 500 hold only their own messages: another guild’s is edited, twice', async () => {
    const { fake, s } = await world({ status: 500 });
    for (const slytherin of [2468, 1357]) {
      await gameWrite(
        s,
        `UPDATE house_points SET slytherin = ${slytherin} WHERE guild_id = '${OTHER}'`,
      );
      const shown = new Intl.NumberFormat('en').format(slytherin);
      const edit = await patiently(
        fake.waitForEdit((e) => JSON.stringify(e.body.embeds).includes(`${shown} points`)),
        'the other guild’s edit',
      );
      expect(edit.channelId).toBe(fake.channelOf(OTHER));
    }
    // Every busy channel was tried, and failed: none of its edits went through.
    for (const asked of editsAsked(fake)) expect(asked).toBeGreaterThan(0);
    expect(fake.edits.every((e) => e.channelId === fake.channelOf(OTHER))).toBe(true);
  });

  it('stopping the node does not wait for a 429 to run out', async () => {
    const { stop } = await world();
    await patiently(stop(), 'the node to stop');
  });
});

describe('the process', () => {
  it('exits 0 on SIGTERM while a live message waits out a 429, before the shutdown’s grace runs out', async () => {
    const fake = await FakeDiscord.start({ guilds: [BUSY] });
    cleanups.push(() => fake.close());
    const dir = mkdtempSync(join(tmpdir(), 'housecup-live-stop-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'housecup.db');
    const { child } = await startMain({
      DATABASE_PATH: path,
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
      LIVE_EDIT_INTERVAL_MS: '1000',
    });
    await child.waitForStdout(/Discord bot ready/);
    const game = new Database(path);
    try {
      game.exec(
        `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff)
         VALUES ('${BUSY}', 1, 2, 3, 4)`,
      );
      const posted = await fake.sendInteraction(
        fake.command('scoreboard', [{ name: 'post', type: 1, options: [] }], {
          guildId: BUSY,
          user: ADMIN,
        }),
      );
      expect((await fake.finalMessage(posted)).content).toContain('posted');
      fake.failEditsIn(fake.channelOf(BUSY), { status: 429, retryAfter: RETRY_AFTER_S });
      game.exec(`UPDATE house_points SET gryffindor = 99 WHERE guild_id = '${BUSY}'`);
    } finally {
      game.close();
    }
    await until(() => fake.failedEdits.length > 0, 'the edit refused');
    child.process.kill('SIGTERM');
    const code = await patiently(child.exited, 'the process to exit');
    expect(child.stdout()).not.toContain('shutdown took over');
    expect(code).toBe(0);
  });
});
