import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTerm, listTerms, startTerm } from '../../src/cli/terms.js';
import { runCli } from '../support/cli.js';
import { fixture, OTHER, RICH } from '../support/fixture.js';
import { foreignWrite, points } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * `housecup term start|end|list` on each store: one case of each through the real CLI in a child
 * process (its exit status and lines), the rest in-process through the functions the commands
 * call, which return the lines the CLI prints or throw the one it reports.
 */

const MISTYPED = '555555555555555555';
/** A guild whose term ends with a reset, by someone named. */
const ENDED_BY = '555555555555555556';
const lines = (text: string) => text.split('\n').filter(Boolean);
const INSTANT = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';

for (const kind of storeKinds(import.meta.filename)) {
  describe(`housecup term on ${kind}`, () => {
    let test: TestStore;
    const cli = (...args: string[]) => runCli(args, test.env);
    beforeAll(async () => {
      test = await openTestStore(kind, fixture);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it('start, a second start refused, end --reset and list, through the real CLI', async () => {
      const started = cli('term', 'start', RICH, '--name', '  Autumn 2026 ');
      expect(started.status).toBe(0);
      expect(started.stdout).toMatch(
        new RegExp(`^Term 1 "Autumn 2026" started on guild ${RICH} at ${INSTANT}\\.\\n$`),
      );
      const refused = cli('term', 'start', RICH, '--name', 'Winter');
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe('');
      expect(lines(refused.stderr)).toHaveLength(1);
      expect(refused.stderr).toMatch(
        new RegExp(
          `^housecup: Guild ${RICH} has term 1 "Autumn 2026" open since ${INSTANT}: end it first \\(housecup term end ${RICH}\\); no term was started\\n$`,
        ),
      );
      // The term began on the points carried in: its cup is what the houses gain from them.
      await foreignWrite(
        test,
        `UPDATE house_points SET slytherin = 125 WHERE guild_id = '${RICH}'`,
      );
      const ended = cli('term', 'end', RICH, '--reset');
      expect(ended.status).toBe(0);
      expect(ended.stdout).toMatch(
        new RegExp(
          `^Term 1 "Autumn 2026" ended at ${INSTANT}: gained gryffindor 0, slytherin \\+30, ravenclaw 0, hufflepuff 0 \\(points gryffindor 120, slytherin 125, ravenclaw 80, hufflepuff 101\\); won by slytherin\\. The houses' points are reset to 0\\.\\n$`,
        ),
      );
      expect(await test.store.read.points.get(RICH)).toEqual({
        gryffindor: 0,
        slytherin: 0,
        ravenclaw: 0,
        hufflepuff: 0,
      });
      const listed = cli('term', 'list', RICH);
      expect(listed.status).toBe(0);
      const [header, row] = lines(listed.stdout);
      expect(header?.split(/\s+/)).toEqual([
        'id',
        'name',
        'started',
        'ended',
        'gryffindor',
        'slytherin',
        'ravenclaw',
        'hufflepuff',
        'result',
      ]);
      expect(row).toMatch(
        new RegExp(
          `^1\\s+Autumn 2026\\s+${INSTANT}\\s+${INSTANT}\\s+0\\s+\\+30\\s+0\\s+0\\s+won by slytherin$`,
        ),
      );
    });

    it("in-process: --by names who ended a term on its reset's ledger entries", async () => {
      await test.store.importData({ guilds: [{ id: ENDED_BY, points: points(5, 0, 3, 0) }] });
      await startTerm(test.store, ENDED_BY, 'Short');
      await expect(endTerm(test.store, ENDED_BY, true, 'two\nlines')).rejects.toThrow(
        /^Invalid by: /,
      );
      expect(await endTerm(test.store, ENDED_BY, true, 'Professor McGonagall')).toMatch(
        /The houses' points are reset to 0\.$/,
      );
      const resets = await test.store.read.ledger.list(
        ENDED_BY,
        { limit: 10 },
        { source: 'term-reset' },
      );
      expect(resets.items.map((entry) => [entry.house, entry.delta, entry.by])).toEqual([
        ['ravenclaw', -3, 'Professor McGonagall'],
        ['gryffindor', -5, 'Professor McGonagall'],
      ]);
    });

    it('in-process: a guild without house points starts its term, told it has none yet', async () => {
      expect(await startTerm(test.store, MISTYPED, 'Spring')).toMatch(
        new RegExp(
          `^Term 1 "Spring" started on guild ${MISTYPED} at ${INSTANT}\\. The guild has no house points yet \\(is the id right\\?\\): each house counts from its first points\\.$`,
        ),
      );
      expect(await test.store.read.terms.open(MISTYPED)).toMatchObject({ name: 'Spring' });
    });

    it('in-process: refusals say why in one line and change nothing', async () => {
      await expect(startTerm(test.store, RICH, ' \n ')).rejects.toThrow(
        'Invalid name: must be one line of 1 to 100 characters',
      );
      await expect(startTerm(test.store, RICH, 'x'.repeat(101))).rejects.toThrow(
        'Invalid name: must be one line of 1 to 100 characters',
      );
      await expect(endTerm(test.store, RICH, false)).rejects.toThrow(
        `Guild ${RICH} has no open term: nothing was ended`,
      );
      expect(await listTerms(test.store, OTHER, false)).toBe(`No terms on guild ${OTHER}.`);
      expect((await test.store.read.terms.list(RICH)).items).toHaveLength(1);
    });

    it('in-process: an end without --reset keeps the points; ties, leaders and no points say so', async () => {
      expect(await startTerm(test.store, RICH, 'Winter')).toMatch(/^Term 2 "Winter" started/);
      await foreignWrite(
        test,
        `UPDATE house_points SET gryffindor = 40, slytherin = 40, ravenclaw = 7, hufflepuff = 40 WHERE guild_id = '${RICH}'`,
      );
      expect(await endTerm(test.store, RICH, false)).toMatch(
        /: gained gryffindor \+40, slytherin \+40, ravenclaw \+7, hufflepuff \+40 \(points gryffindor 40, slytherin 40, ravenclaw 7, hufflepuff 40\); won by gryffindor and slytherin and hufflepuff\.$/,
      );
      expect((await test.store.read.points.get(RICH))?.gryffindor).toBe(40);
      // Begun on the points Winter ended with: no house is ahead yet, so none leads.
      await startTerm(test.store, RICH, 'Spring');
      expect(lines(await listTerms(test.store, RICH, false))[1]).toMatch(
        /^3\s+Spring\s+\S+\s+open\s+0\s+0\s+0\s+0\s+no house leads yet$/,
      );
      // Then the open term has leaders, never winners.
      await foreignWrite(test, `UPDATE house_points SET ravenclaw = 2 WHERE guild_id = '${RICH}'`);
      const [, spring, winter] = lines(await listTerms(test.store, RICH, false));
      expect(spring).toMatch(
        /^3\s+Spring\s+\S+\s+open\s+0\s+0\s+-5\s+0\s+leading: gryffindor and slytherin and hufflepuff$/,
      );
      expect(winter).toMatch(
        /\+40\s+\+40\s+\+7\s+\+40\s+won by gryffindor and slytherin and hufflepuff$/,
      );
      await foreignWrite(test, `DELETE FROM house_points WHERE guild_id = '${RICH}'`);
      expect(await endTerm(test.store, RICH, true)).toMatch(
        /^Term 3 "Spring" ended at .*: no house points, no winner\. The guild has no house points to reset\.$/,
      );
      const json = JSON.parse(await listTerms(test.store, RICH, true)) as { id: number }[];
      expect(json.map((term) => term.id)).toEqual([3, 2, 1]);
      expect(json[1]).toMatchObject({
        standings: points(40, 40, 7, 40),
        totals: points(40, 40, 7, 40),
        winners: ['gryffindor', 'slytherin', 'hufflepuff'],
      });
    });
  });
}
