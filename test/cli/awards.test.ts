import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveAward, undoAward } from '../../src/cli/awards.js';
import { runCli } from '../support/cli.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * `housecup award` and `housecup unaward` on each store: through the real CLI in a child process
 * (its exit status and its one line), and every refusal in-process through the functions the
 * commands call, which return the line the CLI prints or throw the one it reports.
 */

const GUILD = '1133557799224466880';
const MEMBER = '200000000000000001';
const lines = (text: string) => text.split('\n').filter(Boolean);

for (const kind of storeKinds(import.meta.filename)) {
  describe(`housecup award on ${kind}`, () => {
    let test: TestStore;
    const cli = (...args: string[]) => runCli(args, test.env);
    beforeAll(async () => {
      test = await openTestStore(kind, {
        guilds: [
          { id: GUILD, points: { gryffindor: 150, slytherin: 0, ravenclaw: 0, hufflepuff: 0 } },
        ],
      });
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it('awards and undoes through the real CLI; a bad input is one line and exit 1', async () => {
      const given = cli(
        'award',
        GUILD,
        'gryffindor',
        '10',
        '--reason',
        ' best potion ',
        '--for',
        MEMBER,
        '--by',
        'Snape',
      );
      expect(given.stderr).toBe('');
      expect(given.status).toBe(0);
      const id = Number(/^Award #(\d+):/.exec(given.stdout)?.[1]);
      expect(given.stdout).toBe(
        `Award #${id}: +10 to gryffindor for ${MEMBER} (now 160): best potion\n`,
      );
      const [entry] = (await test.store.read.ledger.list(GUILD, { limit: 1 })).items;
      expect(entry).toMatchObject({
        id,
        by: 'Snape',
        for: MEMBER,
        reason: 'best potion',
        source: 'award',
      });

      const taken = cli('award', GUILD, 'slytherin', '-5', '--reason', 'late');
      expect(taken.stdout).toMatch(/^Award #\d+: -5 to slytherin \(now -5\): late\n$/);

      const undone = cli('unaward', GUILD, String(id));
      expect(undone.status).toBe(0);
      const [undo] = (await test.store.read.ledger.list(GUILD, { limit: 1 })).items;
      expect(undo).toMatchObject({ source: 'undo', house: 'gryffindor', delta: -10 });
      expect(undo?.id).toBeGreaterThan(id);
      expect(undone.stdout).toBe(
        `Undo #${undo?.id} of award #${id}: -10 to gryffindor for ${MEMBER} (now 150)\n`,
      );
      const again = cli('unaward', GUILD, String(id));
      expect(again.status).toBe(1);
      expect(again.stdout).toBe('');
      expect(again.stderr).toBe(
        `housecup: Award #${id} of guild ${GUILD} was undone already; nothing was undone\n`,
      );

      // One refusal of housecup's own checks, one of the command line's (each part's refusal is
      // checked in-process below: every process start costs the suite its budget).
      for (const bad of [
        ['award', GUILD, 'gryffindor', '0', '--reason', 'nothing'],
        ['award', GUILD, 'gryffindor', '5'],
      ]) {
        const refused = cli(...bad);
        expect(refused.status, bad.join(' ')).toBe(1);
        expect(refused.stdout).toBe('');
        expect(lines(refused.stderr), refused.stderr).toHaveLength(1);
        expect(refused.stderr).toMatch(/^housecup: /);
      }
      expect(await test.store.read.points.get(GUILD)).toEqual({
        ...{ gryffindor: 150, slytherin: -5, ravenclaw: 0, hufflepuff: 0 },
      });
    });

    it('refuses every bad part of an award, naming it, and writes nothing', async () => {
      // Each a thunk: an award's refusal is awaited where it is checked.
      const award =
        (house: string, points: string, reason: string, more = {}) =>
        () =>
          giveAward(test.store, GUILD, { house, points, reason, ...more });
      const cases: [() => Promise<string>, string][] = [
        [
          award('muggles', '5', 'r'),
          'Invalid house: must be one of gryffindor, slytherin, ravenclaw, hufflepuff',
        ],
        ...['0', '1001', '-1001', '1.5', '1e3', 'ten', ''].map(
          (points): [() => Promise<string>, string] => [
            award('gryffindor', points, 'r'),
            'Invalid points: must be a whole number from -1000 to 1000, not 0',
          ],
        ),
        [
          award('gryffindor', '5', '   '),
          'Invalid reason: must be one line of 1 to 200 characters',
        ],
        [
          award('gryffindor', '5', 'x'.repeat(201)),
          'Invalid reason: must be one line of 1 to 200 characters',
        ],
        [
          award('gryffindor', '5', 'two\nlines'),
          'Invalid reason: must be one line of 1 to 200 characters',
        ],
        [
          award('gryffindor', '5', 'broken \uD800 text'),
          'Invalid reason: must be well-formed Unicode text (it holds a lone surrogate)',
        ],
        [
          award('gryffindor', '5', 'r', { for: 'Harry' }),
          'Invalid for: must be a Discord user id (its digits)',
        ],
        [
          award('gryffindor', '5', 'r', { by: '' }),
          'Invalid by: must be one line of 1 to 100 characters',
        ],
      ];
      const before = await test.store.read.ledger.list(GUILD, { limit: 1 });
      for (const [refused, message] of cases) await expect(refused()).rejects.toThrow(message);
      expect(await test.store.read.ledger.list(GUILD, { limit: 1 })).toEqual(before);
      // 200 characters (counted as characters, not UTF-16 units), trimmed, and a `+`: taken.
      await expect(award(' Hufflepuff ', '+1000', ` ${'🦡'.repeat(200)} `)()).resolves.toMatch(
        /^Award #\d+: \+1000 to hufflepuff \(now 1000\): 🦡{200}$/u,
      );
    });

    it('refuses to undo what is unknown or no award', async () => {
      await expect(undoAward(test.store, GUILD, 999_999)).rejects.toThrow(
        `Guild ${GUILD} has no ledger entry #999999; nothing was undone`,
      );
      await foreignWrite(test, `UPDATE house_points SET ravenclaw = 3 WHERE guild_id = '${GUILD}'`);
      const [game] = (await test.store.read.ledger.list(GUILD, { limit: 1 })).items;
      await expect(undoAward(test.store, GUILD, game?.id ?? 0, 'McGonagall')).rejects.toThrow(
        `Entry #${game?.id} of guild ${GUILD} is no award (its source is game): only awards are undone; nothing was undone`,
      );
    });
  });
}
