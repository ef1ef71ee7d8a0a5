import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTitle } from '../../src/records/published-guild.js';
import { runCli } from '../support/cli.js';
import { fixture, RICH, SPARSE } from '../support/fixture.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * `housecup publish` (the real CLI in a child process) on each store: a guild without house
 * points is refused (a mistyped id must not publish an empty page), and the page's title is
 * checked, stored, kept and changed. `copy` carries it with the rest of published_guilds.
 */

const MISTYPED = '555555555555555555';
const URL = 'http://127.0.0.1:3000/cup';

const lines = (text: string) => text.split('\n').filter(Boolean);

for (const kind of storeKinds(import.meta.filename)) {
  describe(`housecup publish on ${kind}`, () => {
    let test: TestStore;
    const cli = (...args: string[]) => runCli(args, { ...test.env, PORT: '3000' });
    const titleOf = async (guildId: string) =>
      (await test.store.read.publication.get(guildId))?.title;
    beforeAll(async () => {
      test = await openTestStore(kind, fixture);
    });
    afterAll(async () => {
      await test?.cleanup();
    });

    it('refuses a guild that has no house points: exit 1, one line naming it, nothing published', async () => {
      for (const guildId of [MISTYPED, SPARSE]) {
        const refused = cli('publish', guildId);
        expect(refused.status).toBe(1);
        expect(refused.stdout).toBe('');
        expect(lines(refused.stderr)).toEqual([
          `housecup: Guild ${guildId} has no house points: nothing to publish (is the id right?); nothing was published`,
        ]);
        expect(await test.store.read.publication.isPublished(guildId)).toBe(false);
      }
      // With a title too: the points are what it lacks.
      expect(cli('publish', MISTYPED, '--title', 'Cup').status).toBe(1);
      expect(await test.store.publication.list()).toEqual([]);
    });

    it('stores the title, keeps it when published again without one, changes it with a new one', async () => {
      const first = cli('publish', RICH, '--title', '  Hogwarts RP: the cup  ');
      expect(first.stdout).toBe(`Published: ${URL}/${RICH}\n`);
      expect(await titleOf(RICH)).toBe('Hogwarts RP: the cup');
      expect(cli('publish', RICH).stdout).toBe(`Already published: ${URL}/${RICH}\n`);
      expect(await titleOf(RICH)).toBe('Hogwarts RP: the cup');
      expect(cli('publish', RICH, '--title', 'Hogwarts RP: the cup').stdout).toBe(
        `Already published: ${URL}/${RICH}\n`,
      );
      const changed = cli('publish', RICH, '--title', '🦁 <Lions> & "Snakes"');
      expect(changed.stdout).toBe(`Title changed to "🦁 <Lions> & \\"Snakes\\"": ${URL}/${RICH}\n`);
      expect(await titleOf(RICH)).toBe('🦁 <Lions> & "Snakes"');
      // Unpublished then published without a title: the default again.
      expect(cli('unpublish', RICH).status).toBe(0);
      expect(cli('publish', RICH).status).toBe(0);
      expect(await titleOf(RICH)).toBeNull();
    });

    it('refuses a title that is blank, too long or more than one line: one line, nothing changed', async () => {
      cli('publish', RICH, '--title', 'Kept');
      const hundred = `${'ä'.repeat(99)}🦁`;
      expect(cli('publish', RICH, '--title', hundred).status).toBe(0);
      expect(await titleOf(RICH)).toBe(hundred);
      // The CLI refuses what checkTitle refuses, before it opens the store: one process shows
      // the line, checkTitle (what the CLI calls) every kind of bad title.
      const refused = cli('publish', RICH, '--title', 'two\nlines');
      expect(refused.status).toBe(1);
      expect(lines(refused.stderr)).toEqual([
        'housecup: Invalid title: must be one line of 1 to 100 characters',
      ]);
      for (const bad of [
        '',
        '   ',
        'x'.repeat(101),
        'two\nlines',
        'tab\there',
        'bell\u0007',
        'next\u0085line',
      ]) {
        expect(checkTitle(bad), JSON.stringify(bad)).toEqual({
          ok: false,
          problem: 'must be one line of 1 to 100 characters',
        });
      }
      expect(await titleOf(RICH)).toBe(hundred);
    });
  });
}

describe('housecup copy', () => {
  const stores: TestStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.cleanup();
  });

  it("carries each published guild's title to the other store", async () => {
    const kinds = storeKinds(import.meta.filename);
    const source = await openTestStore('sqlite', fixture);
    stores.push(source);
    await source.store.publication.publish(RICH, { title: 'Copied cup' });
    const target = await openTestStore(kinds.at(-1) ?? 'sqlite');
    stores.push(target);
    const to = target.env.DATABASE_URL ?? `${target.dir}/copy.db`;
    const copied = runCli(['copy', '--to', to, '--replace'], source.env);
    expect(copied.status, copied.stderr).toBe(0);
    const reader = to === target.env.DATABASE_URL ? target.store : await target.reopen();
    expect(await reader.read.publication.get(RICH)).toEqual({ title: 'Copied cup' });
  });
});
