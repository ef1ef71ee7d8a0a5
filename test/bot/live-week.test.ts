import { afterEach, describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/answers/answer-cache.js';
import { ENGLISH } from '../../src/bot/i18n/index.js';
import { startLiveService } from '../../src/bot/live/live-service.js';
import { botRest } from '../../src/bot/rest.js';
import { RenderSlots } from '../../src/budgets/render-slots.js';
import { periodAt } from '../../src/records/periods.js';
import { FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { foreignWrite } from '../support/history.js';
import { captureLog } from '../support/log-capture.js';
import { patiently } from '../support/patience.js';
import { openTestStore, storeKinds } from '../support/store.js';

/*
 * "This week" starts again on Monday 00:00 UTC without a write: a live scoreboard is edited then,
 * once, to show the new week. The node's clock is set to a moment before next Monday (it runs on
 * from there at the machine's pace), so the test waits for that moment, not for Monday.
 */

const GUILD = '1133557799224466880';
/** How far before the week's turn the second node's clock starts. */
const LEAD_MS = 2_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(storeKinds(import.meta.filename))('a live scoreboard on %s', (kind) => {
  it('is edited at the week’s turn, with no write, to show the new week from nothing', async () => {
    const fake = await FakeDiscord.start({ guilds: [GUILD] });
    cleanups.push(() => fake.close());
    const test = await openTestStore(kind);
    cleanups.push(() => test.cleanup());
    // The game's first points this week, then a gain of 100 for Gryffindor.
    await foreignWrite(
      test,
      `INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff)
       VALUES ('${GUILD}', 10, 20, 30, 40)`,
    );
    await foreignWrite(
      test,
      `UPDATE house_points SET gryffindor = 110 WHERE guild_id = '${GUILD}'`,
    );
    // What the nodes logged (a failed edit, a refused lease) goes with a failure: it is the why.
    const log = captureLog();
    const renders = new RenderSlots({ concurrency: 1, queue: 8 });
    cleanups.push(() => renders.close());
    const parts = {
      store: test.store.liveMessages,
      rest: botRest(fake.restUrl, FAKE_TOKEN),
      read: test.store.read,
      renders,
      cache: new AnswerCache(),
      logger: log.logger,
      timing: { editIntervalMs: 1_000, leaseMs: 30_000 },
    };

    // Posted this week, on the machine's clock: Gryffindor gained 100.
    const first = startLiveService(parts);
    expect(await first.post(GUILD, fake.channelOf(GUILD), ENGLISH)).toMatchObject({
      kind: 'posted',
    });
    await first.close();
    const [posted] = [...fake.channelMessages.values()];
    expect(JSON.stringify(posted?.message.embeds)).toContain('▲ 100 this week');

    // Another node, whose clock reads a moment before next Monday 00:00 UTC, takes the message.
    const turn = Date.parse(periodAt('week', new Date()).to);
    const offset = turn - LEAD_MS - Date.now();
    const second = startLiveService({ ...parts, clock: () => Date.now() + offset });
    cleanups.push(() => second.close());
    const edit = await patiently(
      fake.waitForEdit((e) => e.messageId === posted?.id),
      'the edit at the week’s turn',
    ).catch(async (error: Error) => {
      const asked = fake.requests.map((r) => `${r.method} ${r.path}`).join(', ');
      const held = await test.store.liveMessages.count(GUILD);
      throw new Error(
        `${error.message}; Discord was asked: ${asked}; refused: ${fake.refused.length}; messages stored: ${held}; the second node's clock reads ${new Date(Date.now() + offset).toISOString()}; the nodes logged:\n${log.raw.join('')}`,
      );
    });
    const embeds = JSON.stringify(edit.body.embeds);
    expect(embeds).toContain('— 110 points · ± 0 this week');
    expect(embeds).not.toContain('▲');
  });
});
