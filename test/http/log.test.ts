import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/answers/errors.js';
import { encodeTermCursor } from '../../src/http/cursor.js';
import type { LedgerEntry } from '../../src/records/points-ledger.js';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { foreignWrite, points } from '../support/history.js';
import { storeKinds } from '../support/store.js';

/*
 * GET /v1/points/:guildId/log on a real server on a loopback port, over each store: the ledger
 * newest first, in pages that walk it once, each filter, the entries' JSON exactly, ETag and 304
 * until a change, a 400 naming each bad parameter, a guild without entries, and the key's scope.
 */

const GUILD = '111';
/** A guild whose entries were written at known instants. */
const TIMED = '222';
const NONE = '444';
const A = '300000000000000001';
const B = '300000000000000002';
const M1 = '200000000000000001';
const M2 = '200000000000000002';

const timed = (month: number, total: number) =>
  `('${TIMED}', '2026-0${month}-01T00:00:00.000Z', ${total})`;

for (const kind of storeKinds(import.meta.filename)) {
  describe(`the log endpoint on ${kind}`, () => {
    let t: TestApp;
    let base: string;
    /** The ids of GUILD's entries, E[1] its first (written in this order below). */
    let E: number[] = [];
    const of = (...n: number[]) => n.map((i) => E[i]);
    beforeAll(async () => {
      // The import writes the guild's first entries, source `import`: gryffindor, slytherin,
      // hufflepuff (1-3).
      t = await buildTestApp(
        { guilds: [{ id: GUILD, points: points(10, 20, 0, 5) }] },
        {
          store: kind,
        },
      );
      base = (await listen(t.app)).url;
      const award = (
        house: 'gryffindor' | 'slytherin' | 'hufflepuff',
        n: number,
        ...who: string[]
      ) =>
        t.store.awards.award({
          ...{ guildId: GUILD, house, points: n },
          ...{ by: who[0] ?? null, for: who[1] ?? null, reason: who[2] ?? 'why' },
        });
      const fourth = await award('gryffindor', 15, A, M1, 'quidditch'); // 4
      if (fourth.outcome !== 'awarded') throw new Error(fourth.outcome);
      await award('slytherin', -5, B, M2, 'late'); // 5
      await foreignWrite(t, `UPDATE house_points SET ravenclaw = 7 WHERE guild_id = '${GUILD}'`); // 6
      await award('hufflepuff', 2, A, M1, 'kind'); // 7
      await t.store.awards.undo({ guildId: GUILD, id: fourth.entry.id, by: B }); // 8
      await foreignWrite(
        t,
        `INSERT INTO points_history (guild_id, at, gryffindor) VALUES
           ${timed(1, 1)}, ${timed(2, 2)}, ${timed(3, 3)}`,
      );
      const all = await t.store.read.ledger.list(GUILD, { limit: 100 });
      E = [0, ...all.items.map((entry) => entry.id).reverse()];
    });
    afterAll(async () => {
      await t?.close();
    });

    async function get(path: string, headers: Record<string, string> = {}) {
      const response = await fetch(`${base}${path}`, {
        headers: { authorization: t.key, ...headers },
      });
      const text = await response.text();
      return { status: response.status, etag: response.headers.get('etag'), text };
    }
    const ids = async (query: string, guild = GUILD) => {
      const { status, text } = await get(`/v1/points/${guild}/log${query}`);
      expect(status, text).toBe(200);
      return (JSON.parse(text).results as LedgerEntry[]).map((entry) => entry.id);
    };

    it('answers every entry newest first, each as the contract writes it', async () => {
      const { status, text } = await get(`/v1/points/${GUILD}/log`);
      expect(status).toBe(200);
      const body = JSON.parse(text);
      expect(body).toMatchObject({ guildId: GUILD, count: 8, next: null, status: 200 });
      expect(Object.keys(body)).toEqual(['guildId', 'results', 'count', 'next', 'status']);
      expect(body.results.map((entry: LedgerEntry) => entry.id)).toEqual(
        of(8, 7, 6, 5, 4, 3, 2, 1),
      );
      const award = body.results.find((entry: LedgerEntry) => entry.id === E[4]);
      expect(JSON.stringify(award)).toMatch(
        /^\{"id":\d+,"at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","house":"gryffindor","delta":15,"total":25,"source":"award","by":"300000000000000001","for":"200000000000000001","reason":"quidditch","undone":true\}$/,
      );
      expect(body.results[0]).toMatchObject({
        ...{ id: E[8], house: 'gryffindor', delta: -15, total: 10, source: 'undo', by: B },
        ...{ for: M1, reason: `Undo of award #${E[4]}: quidditch`, undone: false },
      });
      expect(body.results[2]).toMatchObject({ id: E[6], source: 'game', by: null, for: null });
      // Each later than the one before; an award and an undo are each one change of one house.
      expect(E.slice(1)).toEqual([...E.slice(1)].sort((a, b) => a - b));
    });

    it('pages it once through, in order, with `limit` and `after`', async () => {
      const walked: number[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=3${next ? `&after=${next}` : ''}`;
        const body = JSON.parse((await get(`/v1/points/${GUILD}/log${query}`)).text);
        walked.push(...body.results.map((entry: LedgerEntry) => entry.id));
        expect(body.count).toBe(body.results.length);
        next = body.next;
        pages += 1;
      } while (next);
      expect(walked).toEqual(of(8, 7, 6, 5, 4, 3, 2, 1));
      expect(pages).toBe(3);
      // `after` alone: the default page from there.
      const first = JSON.parse((await get(`/v1/points/${GUILD}/log?limit=2`)).text);
      expect(await ids(`?after=${first.next}`)).toEqual(of(6, 5, 4, 3, 2, 1));
      // A filtered walk goes on from the same cursor.
      expect(await ids(`?after=${first.next}&source=award`)).toEqual(of(5, 4));
    });

    it('keeps the entries every filter given matches', async () => {
      expect(await ids('?house=gryffindor')).toEqual(of(8, 4, 1));
      expect(await ids('?source=award')).toEqual(of(7, 5, 4));
      expect(await ids('?source=game')).toEqual(of(6));
      expect(await ids('?source=import')).toEqual(of(3, 2, 1));
      expect(await ids(`?by=${A}`)).toEqual(of(7, 4));
      expect(await ids(`?for=${M1}`)).toEqual(of(8, 7, 4));
      expect(await ids(`?for=${M1}&source=award&house=hufflepuff`)).toEqual(of(7));
      expect(await ids('?source=term-reset')).toEqual([]);
      const [jan, feb, mar] = await ids('?limit=3', TIMED).then((found) => found.reverse());
      expect(await ids('?from=2026-02-01T00:00:00Z', TIMED)).toEqual([mar, feb]);
      expect(await ids('?to=2026-02-01', TIMED)).toEqual([jan]);
      expect(await ids('?from=2026-01-15&to=2026-03-01T00:00:00.000Z', TIMED)).toEqual([feb]);
      // A zone: 01:00 in Paris is midnight UTC.
      expect(await ids('?from=2026-03-01T01:00:00%2B01:00', TIMED)).toEqual([mar]);
    });

    it('answers a guild without entries with no results', async () => {
      const { status, text } = await get(`/v1/points/${NONE}/log`);
      expect(status).toBe(200);
      expect(JSON.parse(text)).toEqual({
        ...{ guildId: NONE, results: [], count: 0, next: null, status: 200 },
      });
    });

    it('answers 304 to its ETag until a change, then the new entries', async () => {
      const first = await get(`/v1/points/${GUILD}/log?limit=1`);
      expect(first.etag).toBeTruthy();
      const again = await get(`/v1/points/${GUILD}/log?limit=1`, {
        'if-none-match': String(first.etag),
      });
      expect(again.status).toBe(304);
      const given = await t.store.awards.award({
        ...{ guildId: GUILD, house: 'ravenclaw', points: 1, reason: 'new' },
        ...{ by: null, for: null },
      });
      const changed = await eventually(
        () => get(`/v1/points/${GUILD}/log?limit=1`, { 'if-none-match': String(first.etag) }),
        (answer) => answer.status === 200,
      );
      expect(changed.status).toBe(200);
      expect(JSON.parse(changed.text).results).toEqual(
        given.outcome === 'awarded' ? [given.entry] : [],
      );
    });

    it('refuses each malformed parameter with a 400 naming it', async () => {
      const cases: [string, string][] = [
        ['limit=0', MESSAGES.invalidLimit],
        ['limit=1001', MESSAGES.invalidLimit],
        ['after=nope', MESSAGES.invalidAfter],
        [`after=${encodeTermCursor({ id: 3 })}`, MESSAGES.invalidAfter],
        [
          'house=muggles',
          'Invalid house: must be one of gryffindor, slytherin, ravenclaw, hufflepuff',
        ],
        [
          'house=gryffindor&house=slytherin',
          'Invalid house: must be one of gryffindor, slytherin, ravenclaw, hufflepuff',
        ],
        ['source=magic', 'Invalid source: must be one of award, undo, game, import, term-reset'],
        ['by=', 'Invalid by: must be 1 to 100 characters'],
        [`by=${'x'.repeat(101)}`, 'Invalid by: must be 1 to 100 characters'],
        ['for=bad.id', 'Invalid for: must be a user id'],
        ['from=yesterday', MESSAGES.invalidFrom],
        ['to=2026-02-31', MESSAGES.invalidTo],
        ['from=0000-12-31T23:00:00Z', MESSAGES.fromOutsideYears],
        ['to=0001-01-01T00:30:00%2B01:00', MESSAGES.toOutsideYears],
        ['from=2026-03-01&to=2026-03-01', MESSAGES.fromAfterTo],
        ['from=2026-04-01&to=2026-03-01', MESSAGES.fromAfterTo],
      ];
      for (const [query, error] of cases) {
        const { status, text } = await get(`/v1/points/${GUILD}/log?${query}`);
        expect({ query, status, body: JSON.parse(text) }).toEqual({
          ...{ query, status: 400 },
          body: { error, status: 400 },
        });
      }
      const badGuild = await get('/v1/points/bad.id/log');
      expect(JSON.parse(badGuild.text)).toEqual({ error: MESSAGES.invalidGuildId, status: 400 });
    });

    it('follows the key rules: none, and one scoped to other guilds', async () => {
      const missing = await fetch(`${base}/v1/points/${GUILD}/log`);
      expect(missing.status).toBe(401);
      const { key } = await t.keyStore.create({ name: 'other', guilds: [NONE] });
      // A new key reaches the app's verifier through the store's change of the keys.
      const other = await eventually(
        () => get(`/v1/points/${GUILD}/log`, { authorization: key }),
        (answer) => answer.status !== 401,
      );
      expect(other.status).toBe(403);
      expect((await get(`/v1/points/${NONE}/log`, { authorization: key })).status).toBe(200);
    });
  });
}
