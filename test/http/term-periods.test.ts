import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/answers/errors.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { fixture, MEMBER_WITH_THREE, RICH } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { storeKinds } from '../support/store.js';

/*
 * The members' race over a term (docs/http-api.md, "Periods: who did most this week"): while a term is open, the
 * store's triggers add every galleons change to the profile's row of that term, whoever writes;
 * `period=term` lists the open term's (or, with `at`, the term that held it), the envelope naming
 * the term's bounds; a guild without such a term answers 404; a term's cursor is its own.
 */

const galleons = (id: number, by: number) =>
  `UPDATE profiles SET galleons = galleons + ${by} WHERE guild_id = '${RICH}' AND id = ${id}`;

interface Listed {
  id: number;
  change: number;
}

for (const kind of storeKinds(import.meta.filename)) {
  describe(`period=term on ${kind}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(fixture, { store: kind });
    });
    afterAll(async () => {
      await t.close();
    });
    const get = async (url: string) => {
      const response = await t.app.inject({ url, headers: { authorization: t.key } });
      return { status: response.statusCode, body: response.json() };
    };
    const changes = (body: { results: Listed[] }) =>
      body.results.filter((each) => each.change !== 0).map((each) => [each.id, each.change]);

    it('reads the open term, then a past one by `at`, and 404 without a term', async () => {
      expect(await get(`/v1/players/${RICH}?period=term`)).toEqual({
        status: 404,
        body: { error: MESSAGES.noTerm, status: 404 },
      });
      // A change before any term counts in no term.
      await foreignWrite(t, galleons(2, 7));
      const autumn = await t.store.terms.start(RICH, 'Autumn');
      if (autumn.outcome !== 'started') throw new Error('not started');
      await foreignWrite(t, `${galleons(1, 50)}; ${galleons(2, -10)}; ${galleons(1, 5)}`);

      const open = await get(`/v1/players/${RICH}?period=term`);
      expect(open.status).toBe(200);
      expect(open.body.period).toEqual({ kind: 'term', from: autumn.term.startedAt, to: null });
      expect(changes(open.body)).toEqual([
        [1, 55],
        [2, -10],
      ]);
      expect(open.body.results[0].id).toBe(1);
      expect(open.body.results.at(-1).id).toBe(2);
      // The week's list counts every change, the one before the term too.
      const week = await get(`/v1/players/${RICH}?period=week`);
      expect(changes(week.body)).toContainEqual([2, -3]);

      const rank = await get(`/v1/players/${RICH}/${MEMBER_WITH_THREE}/rank?period=term&order=asc`);
      expect(rank.status).toBe(200);
      expect(rank.body.period).toEqual(open.body.period);

      const ended = await t.store.terms.end(RICH);
      // PostgreSQL's notification of the change may come a few milliseconds after the commit.
      const noneOpen = await eventually(
        () => get(`/v1/players/${RICH}?period=term`),
        (answer) => answer.status === 404,
      );
      expect(noneOpen.body).toEqual({ error: MESSAGES.noTerm, status: 404 });
      const winter = await t.store.terms.start(RICH, 'Winter');
      if (winter.outcome !== 'started') throw new Error('not started');
      await foreignWrite(t, galleons(3, 4));
      const winterList = await eventually(
        () => get(`/v1/players/${RICH}?period=term`),
        (answer) => answer.status === 200 && changes(answer.body).length === 1,
      );
      expect(changes(winterList.body)).toEqual([[3, 4]]);

      const past = await get(`/v1/players/${RICH}?period=term&at=${autumn.term.startedAt}`);
      expect(past.body.period).toEqual({
        kind: 'term',
        from: autumn.term.startedAt,
        to: ended?.endedAt,
      });
      expect(changes(past.body)).toEqual([
        [1, 55],
        [2, -10],
      ]);
      expect(await get(`/v1/players/${RICH}?period=term&at=2000-01-01T00:00:00Z`)).toMatchObject({
        status: 404,
        body: { error: MESSAGES.noTerm },
      });
    });

    it('a cursor of one term’s list is refused by another’s', async () => {
      const terms = (await t.store.read.terms.list(RICH)).items;
      const first = terms.at(-1);
      if (!first) throw new Error('no term');
      const page = await get(`/v1/players/${RICH}?period=term&at=${first.startedAt}&limit=1`);
      expect(typeof page.body.next).toBe('string');
      const again = await get(
        `/v1/players/${RICH}?period=term&at=${first.startedAt}&limit=1&after=${page.body.next}`,
      );
      expect(again.status).toBe(200);
      expect(await get(`/v1/players/${RICH}?period=term&limit=1&after=${page.body.next}`)).toEqual({
        status: 400,
        body: { error: MESSAGES.invalidAfter, status: 400 },
      });
    });
  });
}
