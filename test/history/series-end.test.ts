import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsHistoryAnswer } from '../../src/answers/points-history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';
import { points } from './support.js';

/*
 * DESIGN §10: without `to`, the history's last entry is what GET /v1/points answers at that
 * moment, a change committed a millisecond before the request included. The series used to end
 * at the current second rounded down, so for the rest of that second after a change (an import
 * with new points, a game's UPDATE) the history still ended with the old standings: /v1/points
 * said 1,312 and the history 1,012. A clock given to the answer makes the instant exact.
 */

const GUILD = 'series-end';
const CHANGED_AT = '2026-11-25T10:00:00.500Z';

describe.each(storeKinds(import.meta.filename))('the default end of the history on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind, {
      guilds: [
        {
          id: GUILD,
          points: points(1312, 0, 0, 0),
          history: [
            { at: '2026-11-20T00:00:00.000Z', ...points(1012, 0, 0, 0) },
            { at: CHANGED_AT, ...points(1312, 0, 0, 0) },
          ],
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('holds a change committed earlier in the same second as the request', async () => {
    const clock = () => Date.parse(CHANGED_AT) + 100;
    const answer = await pointsHistoryAnswer(t.store.read, GUILD, {}, clock).build();
    const body = JSON.parse(answer.body.toString()) as {
      to: string;
      points: { at: string; gryffindor: number | null }[];
    };
    expect(body.points.at(-1)).toMatchObject({ at: body.to, gryffindor: 1312 });
    expect(body.to).toBe('2026-11-25T10:00:01.000Z');
    // Cached until then, no longer.
    expect(answer.staleAt).toBe(Date.parse('2026-11-25T10:00:01.000Z'));
  });
});
