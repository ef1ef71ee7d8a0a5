import type { HousePoints } from '../../src/records/house-points.js';
import { HOUSES } from '../../src/records/houses.js';

/*
 * A close race with a past, for the public page's chart: 60 days of history, two changes a day,
 * the lead changing hands, and standings that end 1,240 / 1,185 / 1,012 / 960.
 */

export const RACE_END: HousePoints = {
  gryffindor: 1240,
  slytherin: 1185,
  ravenclaw: 960,
  hufflepuff: 1012,
};

const START: HousePoints = { gryffindor: 180, slytherin: 260, ravenclaw: 240, hufflepuff: 150 };
/** How each house's season goes: 1 an even climb, below 1 a fast start, above 1 a late run. */
const PACE: HousePoints = { gryffindor: 1.5, slytherin: 0.8, ravenclaw: 0.9, hufflepuff: 1.1 };

const DAY = 86_400_000;

/** An import file's entry for guild `id`: its points and history, ending `now` minus an hour. */
export function raceGuild(id: string, now = Date.now()) {
  const steps = 120;
  const first = now - 60 * DAY;
  let seed = 7;
  const wobble = () => {
    seed = (seed * 48271) % 2147483647;
    return seed / 2147483647 - 0.5;
  };
  const history = Array.from({ length: steps + 1 }, (_, step) => {
    const progress = step / steps;
    const at = new Date(first + progress * (now - DAY / 24 - first)).toISOString();
    const entry: { at: string } & Record<string, number | string> = { at };
    for (const house of HOUSES) {
      const start = START[house];
      const end = RACE_END[house];
      // Points lost and won on the way, less of it as the term ends on its standings.
      const noise = step === steps ? 0 : Math.round(wobble() * 40 * (1 - progress));
      entry[house] = Math.round(start + (end - start) * progress ** PACE[house]) + noise;
    }
    return entry;
  });
  return { id, points: RACE_END, history };
}
