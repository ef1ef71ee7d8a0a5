import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekChange } from '../../src/answers/house-cup.js';
import type { HousePoints } from '../../src/records/house-points.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * "This week" means one thing everywhere: the UTC week from Monday 00:00, each house's change
 * counted from its points when the week began, or from its first value inside the week (a first
 * value is not a gain). The history is imported with explicit instants; `now` is chosen.
 */

const NOW = Date.parse('2026-11-26T12:00:00.000Z'); // a Thursday; the week began Monday the 23rd
const at = (text: string) => `${text}T10:00:00.000Z`;
const points = (g: number, s: number, r: number, h: number): HousePoints => ({
  gryffindor: g,
  slytherin: s,
  ravenclaw: r,
  hufflepuff: h,
});
const entry = (when: string, p: HousePoints) => ({ at: when, ...p });

const GUILDS = {
  // Imported inside the week: its first values are not gains.
  fresh: { id: '701', points: points(310, 295, 330, 120), history: [] },
  // Standings before the week (Sunday) and moves inside it.
  running: {
    id: '702',
    points: points(150, 90, 100, 70),
    history: [
      entry(at('2026-11-16'), points(10, 20, 30, 40)),
      entry(at('2026-11-22'), points(100, 100, 100, 100)),
      entry(at('2026-11-24'), points(120, 95, 100, 80)),
      entry(at('2026-11-25'), points(150, 90, 100, 70)),
    ],
  },
  // No points before the week: counted from the first value inside it.
  newThisWeek: {
    id: '703',
    points: points(60, 40, 20, 10),
    history: [
      entry(at('2026-11-24'), points(50, 50, 50, 50)),
      entry(at('2026-11-25'), points(60, 40, 20, 10)),
    ],
  },
  // A change at Monday 00:00:00.000 UTC is the week's, as a member's change then is.
  atTheTurn: {
    id: '704',
    points: points(110, 100, 100, 100),
    history: [
      entry(at('2026-11-22'), points(100, 100, 100, 100)),
      entry('2026-11-23T00:00:00.000Z', points(110, 100, 100, 100)),
    ],
  },
};

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the week's change on ${kind}`, () => {
    let test: TestStore;
    beforeAll(async () => {
      test = await openTestStore(kind, { guilds: Object.values(GUILDS) });
    });
    afterAll(async () => {
      await test.cleanup();
    });
    const change = (guild: { id: string; points: HousePoints }) =>
      weekChange(test.store.read, guild.id, guild.points, NOW);

    it('counts from the points as they stood on Monday 00:00 UTC, not a rolling 7 days', async () => {
      expect(await change(GUILDS.running)).toEqual(points(50, -10, 0, -30));
    });

    it('counts a guild that first had points inside the week from its first values', async () => {
      expect(await change(GUILDS.newThisWeek)).toEqual(points(10, -10, -30, -40));
    });

    it('counts a change at Monday 00:00:00.000 UTC in the week it begins', async () => {
      expect(await change(GUILDS.atTheTurn)).toEqual(points(10, 0, 0, 0));
    });

    it('shows no gain for a guild imported minutes ago', async () => {
      // The import was its only change: now, not in the chosen week; read at the import's week.
      expect(
        await weekChange(test.store.read, GUILDS.fresh.id, GUILDS.fresh.points, Date.now()),
      ).toEqual(points(0, 0, 0, 0));
    });

    it('rolls over at Monday 00:00 UTC: the week before counts no more', async () => {
      const monday = Date.parse('2026-11-30T00:00:00.000Z');
      expect(
        await weekChange(test.store.read, GUILDS.running.id, GUILDS.running.points, monday),
      ).toEqual(points(0, 0, 0, 0));
      // A millisecond before, it was still the week that began on the 23rd.
      expect(
        await weekChange(test.store.read, GUILDS.running.id, GUILDS.running.points, monday - 1),
      ).toEqual(points(50, -10, 0, -30));
    });
  });
}
