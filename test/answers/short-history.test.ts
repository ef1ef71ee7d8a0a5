import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartInput } from '../../src/answers/chart.js';
import { layoutChart } from '../../src/pictures/chart-layout.js';
import { HOUSES } from '../../src/records/houses.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * A chart's lines are drawn whatever the history's length: a guild whose history falls within one
 * hour gets lines over that hour in its 30-day chart (the series starts at its first row), not a
 * dot per house at the end of a month of nothing; an old history still gives the whole period.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const NOW = Date.now();
const at = (ms: number) => new Date(ms).toISOString();
const standings = { gryffindor: 120, slytherin: 95, ravenclaw: 80, hufflepuff: 101 };

const GUILDS = {
  // Set up 50 minutes ago; one change 20 minutes ago.
  hour: {
    id: '801',
    points: standings,
    history: [
      {
        at: at(NOW - 50 * MINUTE),
        gryffindor: 100,
        slytherin: 100,
        ravenclaw: 100,
        hufflepuff: 100,
      },
      { at: at(NOW - 20 * MINUTE), ...standings },
    ],
  },
  // Flat for 90 days.
  old: {
    id: '802',
    points: standings,
    history: [{ at: at(NOW - 90 * DAY), ...standings }],
  },
};

for (const kind of storeKinds(import.meta.filename)) {
  describe(`a chart's lines on ${kind}`, () => {
    let test: TestStore;
    beforeAll(async () => {
      test = await openTestStore(kind, { guilds: Object.values(GUILDS) });
    });
    afterAll(async () => {
      await test.cleanup();
    });
    const drawn = async (guildId: string) => {
      const input = await chartInput(
        test.store.read,
        guildId,
        { width: 800, height: 400, days: 30 },
        NOW,
      );
      if (!input) throw new Error(`no chart for ${guildId}`);
      return { input, lines: layoutChart(input).lines };
    };

    it('draws a history of an hour as lines from its first row, by the hour', async () => {
      const { input, lines } = await drawn(GUILDS.hour.id);
      expect(input.series[0]?.at).toBe(GUILDS.hour.history[0]?.at);
      expect(input.series.length).toBeGreaterThanOrEqual(2);
      for (const house of HOUSES) {
        const longest = Math.max(...(lines?.paths[house] ?? []).map((segment) => segment.length));
        expect(longest, house).toBeGreaterThanOrEqual(2);
      }
      expect(input.series.at(-1)).toMatchObject({ values: standings });
    });

    it('draws a flat history older than the period over the whole period, by the day', async () => {
      const { input, lines } = await drawn(GUILDS.old.id);
      // Each midnight of the 30 days (from the one before their start), then now.
      expect(input.series.length).toBe(32);
      for (const house of HOUSES) {
        expect(lines?.paths[house]).toHaveLength(1);
        expect(lines?.paths[house]?.[0]).toHaveLength(32);
      }
    });
  });
}
