import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSES } from '../../../src/records/houses.js';
import { type ChangeView, PERIOD_KINDS, periodAt } from '../../../src/records/periods.js';
import {
  HOUSE_FILTERS,
  PROFILE_SORTS,
  type ProfileView,
  SORT_ORDERS,
} from '../../../src/records/profile-order.js';
import { foreignWrite } from '../../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../../support/store.js';
import { expectedRank, idsOf } from './support.js';

/*
 * A member's rank is its profile's position in exactly the list the same parameters give: for
 * every sort (the five sorted lists and a period's change), order, house filter and period (this
 * week, this month, and past ones by `at`), on generated guilds whose profiles tie on every
 * value, members holding several profiles, changes written by the game's own SQL on another
 * connection (some returning to 0) and past periods' rows. The list is the store's own list:
 * this holds the counts to it, whatever either does.
 */

const NOW = new Date();
const PAST_WEEK = periodAt('week', new Date(Date.parse(periodAt('week', NOW).from) - 1));
const PAST_MONTH = periodAt('month', new Date(Date.parse(periodAt('month', NOW).from) - 1));

const profileArb = fc.record({
  user: fc.integer({ min: 0, max: 4 }),
  house: fc.constantFrom(...HOUSES, null),
  year: fc.constantFrom(null, 1, 2, 7),
  name: fc.constantFrom('Ann', 'Bo', 'ann', 'Zed'),
  galleons: fc.integer({ min: 0, max: 30 }),
  created: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'),
});

const viewArb = fc.record({
  sort: fc.constantFrom(...PROFILE_SORTS, 'change' as const),
  order: fc.constantFrom(...SORT_ORDERS),
  house: fc.constantFrom(...HOUSE_FILTERS, null),
  kind: fc.constantFrom(...PERIOD_KINDS),
  past: fc.boolean(),
});

const caseArb = fc.record({
  profiles: fc.array(profileArb, { minLength: 1, maxLength: 14 }),
  // Writes by the game: a profile (by index) set to a number of galleons, in order.
  writes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 30 })), { maxLength: 20 }),
  // Rows of past periods, as the triggers wrote them then.
  past: fc.array(
    fc.tuple(
      fc.nat(),
      fc.integer({ min: -9, max: 9 }).filter((n) => n !== 0),
    ),
    {
      maxLength: 6,
    },
  ),
  views: fc.array(viewArb, { minLength: 1, maxLength: 5 }),
});

let run = 0;

describe.each(storeKinds(import.meta.filename))('rank against the list on %s', (kind) => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore(kind);
  });
  afterAll(() => test.cleanup());

  it('is the position in the same list, for every sort, order, house and period', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ profiles, writes, past, views }) => {
        run += 1;
        const guild = `g${run}`;
        await test.store.importData({
          guilds: [
            {
              id: guild,
              players: profiles.map((p, index) => ({
                id: index + 1,
                user_id: `u${p.user}`,
                name: p.name,
                house: p.house,
                year: p.year,
                galleons: p.galleons,
                created_at: p.created,
              })),
            },
          ],
        });
        const sql = writes.map(
          ([index, galleons]) =>
            `UPDATE profiles SET galleons = ${galleons} WHERE guild_id = '${guild}' AND id = ${(index % profiles.length) + 1};`,
        );
        const pastRows = new Map<string, string>();
        for (const [index, change] of past) {
          const p = profiles[index % profiles.length];
          if (!p) continue;
          const id = (index % profiles.length) + 1;
          for (const period of [PAST_WEEK, PAST_MONTH]) {
            pastRows.set(
              `${id}.${period.kind}`,
              `INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
               VALUES ('${guild}', ${id}, 'u${p.user}', '${period.kind}', '${period.from}', ${p.house === null ? 'NULL' : `'${p.house}'`}, ${change});`,
            );
          }
        }
        const all = [...sql, ...pastRows.values()];
        if (all.length > 0) await foreignWrite(test, all.join('\n'));
        const members = [...new Set(profiles.map((p) => `u${p.user}`))];
        for (const chosen of views) {
          const at = chosen.past ? new Date(Date.parse(periodAt(chosen.kind, NOW).from) - 1) : NOW;
          const view: ProfileView | ChangeView =
            chosen.sort === 'change'
              ? {
                  sort: 'change',
                  order: chosen.order,
                  house: chosen.house,
                  period: periodAt(chosen.kind, at),
                }
              : { sort: chosen.sort, order: chosen.order, house: chosen.house };
          const ids = await idsOf(test.store, guild, view);
          // Twice: the second pass counts from the side the first pass's ranks say is shorter.
          for (const member of [...members, ...members.toReversed()]) {
            const entries = await test.store.read.players.rank(guild, member, view);
            const mine = profiles
              .map((p, index) => ({ ...p, id: index + 1 }))
              .filter((p) => `u${p.user}` === member);
            expect(entries?.map((entry) => entry.id)).toEqual(mine.map((p) => p.id));
            for (const entry of entries ?? []) {
              const p = mine.find((each) => each.id === entry.id);
              const inList =
                view.house === null ||
                (view.house === 'none' ? p?.house === null : p?.house === view.house);
              expect(
                { rank: entry.rank, of: entry.of },
                `${JSON.stringify(view)} ${member} #${entry.id}`,
              ).toEqual(expectedRank(ids, entry.id, inList));
            }
          }
        }
      }),
      { numRuns: kind === 'sqlite' ? 60 : 25 },
    );
  });

  it('answers null for a member without a profile', async () => {
    await test.store.importData({
      guilds: [{ id: 'lonely', players: [{ user_id: 'a', name: 'A' }] }],
    });
    const view: ProfileView = { sort: 'galleons', order: 'desc', house: null };
    expect(await test.store.read.players.rank('lonely', 'b', view)).toBeNull();
    expect(await test.store.read.players.rank('nobody', 'a', view)).toBeNull();
  });
});
