import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { openEventStream } from '../support/event-stream.js';
import { fixture, RICH } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { storeKinds } from '../support/store.js';

/*
 * Issue 20.7, docs/live-updates.md: `players` is sent whenever a profile changes (a galleons change
 * is what a leaderboard shows), not only when the number of profiles moves; `jobs` alike.
 */

for (const kind of storeKinds(import.meta.filename)) {
  describe(`live events on ${kind}`, () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await buildTestApp(fixture, { store: kind });
      ({ url } = await listen(t.app));
    });
    afterAll(async () => {
      await t.close();
    });

    it('sends players and jobs on a change that leaves their counts as they were', async () => {
      const stream = await openEventStream(`${url}/v1/events/${RICH}`, { authorization: t.key });
      const first = await stream.waitForEvents(4);
      const players = first.find((event) => event.event === 'players');
      await foreignWrite(
        t,
        `UPDATE profiles SET galleons = galleons + 1 WHERE guild_id = '${RICH}'`,
      );
      const [, , , , fifth] = await stream.waitForEvents(5);
      expect(fifth?.event).toBe('players');
      expect(fifth?.data).toBe(players?.data);
      expect(fifth?.id).not.toBe(players?.id);
      await foreignWrite(t, `UPDATE jobs SET salary = salary + 1 WHERE guild_id = '${RICH}'`);
      const sixth = (await stream.waitForEvents(6))[5];
      expect(sixth?.event).toBe('jobs');
      stream.close();
    });
  });
}
