import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodAt } from '../../src/records/periods.js';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { foreignWrite } from '../support/history.js';
import { type RawProfile, sortedFixture } from '../support/sorted-profiles.js';
import { storeKinds } from '../support/store.js';

/*
 * The members' race over HTTP (docs/http-api.md, "Periods: who did most this week" and "A
 * member's rank"), on both stores, through the real server on a loopback port: a period's list
 * by change, computed here from the writes the test made; paging it exactly once; a member's
 * rank, which must be the position in the very list the same parameters fetch; every 400 text,
 * the 404, ETag/304, a write by another connection, the rollover read through `at`, and cursors
 * bound to their list and period. The store's property test holds the ranks to the lists for
 * every other case.
 */

const GUILD = '1133557799224466880';
const EMPTY = '1133557799224466881';
const profiles = sortedFixture(60);

const NOW = new Date();
const WEEK = periodAt('week', NOW);
const MONTH = periodAt('month', NOW);
const LAST_WEEK = periodAt('week', new Date(Date.parse(WEEK.from) - 1));
const NEXT_WEEK = periodAt('week', new Date(WEEK.to));
/** An instant inside last week, and one inside next week. */
const IN_LAST_WEEK = new Date(Date.parse(LAST_WEEK.from) + 3_600_000).toISOString();
const IN_NEXT_WEEK = new Date(Date.parse(NEXT_WEEK.from) + 3_600_000).toISOString();

/** The game's writes this period: profile id → galleons added (some to 0 again, some lost). */
const WRITES: [number, number][] = [
  [3, 40],
  [7, -5],
  [8, 12],
  [11, 40],
  [20, -30],
  [21, 7],
  [22, 3],
  [22, -3],
  [35, 12],
  [50, 1],
];
/** Last week's rows, as the triggers wrote them then. */
const LAST_WEEK_ROWS: [number, number][] = [
  [1, 9],
  [2, -4],
  [60, 9],
];

function changesOf(writes: readonly [number, number][]): Map<number, number> {
  const changes = new Map<number, number>();
  for (const [id, delta] of writes) changes.set(id, (changes.get(id) ?? 0) + delta);
  return changes;
}

/** The list by change, computed from the raw profiles: ties by user_id then id, `desc` reversed. */
function expectedList(
  changes: Map<number, number>,
  order: 'asc' | 'desc',
  house?: string,
): { id: number; change: number }[] {
  const rows = profiles
    .filter((p) => house === undefined || (house === 'none' ? p.house === null : p.house === house))
    .map((p) => ({ p, change: changes.get(p.id) ?? 0 }));
  rows.sort(
    (a, b) =>
      a.change - b.change ||
      (a.p.user_id < b.p.user_id ? -1 : a.p.user_id > b.p.user_id ? 1 : 0) ||
      a.p.id - b.p.id,
  );
  if (order === 'desc') rows.reverse();
  return rows.map(({ p, change }) => ({ id: p.id, change }));
}

interface ListBody {
  results: (RawProfile & { change: number })[];
  count: number;
  next?: string | null;
  period?: { kind: string; from: string; to: string };
  status: number;
}
interface RankBody {
  guildId: string;
  userId: string;
  sort: string;
  order: string;
  period?: { kind: string; from: string; to: string };
  results: { id: number; rank: number | null; of: number; value: unknown }[];
  status: number;
}

describe.each(storeKinds(import.meta.filename))('periods and ranks over HTTP (%s)', (store) => {
  let t: TestApp;
  let base: string;
  const get = async <T>(path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      headers: { authorization: t.key, ...headers },
    });
    const raw = await response.text();
    return {
      status: response.status,
      raw,
      body: (raw ? JSON.parse(raw) : undefined) as T,
      etag: response.headers.get('etag'),
    };
  };
  const list = (query: string) => get<ListBody>(`/v1/players/${GUILD}?${query}`);
  const rank = (user: string, query: string) =>
    get<RankBody>(`/v1/players/${GUILD}/${user}/rank?${query}`);

  const applyWrites = (writes: readonly [number, number][]) =>
    foreignWrite(
      t,
      writes
        .map(
          ([id, delta]) =>
            `UPDATE profiles SET galleons = galleons + (${delta}) WHERE guild_id = '${GUILD}' AND id = ${id};`,
        )
        .join('\n'),
    );

  beforeAll(async () => {
    // Enough galleons for every loss to stay at 0 or above.
    const rich = profiles.map((p) => ({ ...p, galleons: p.galleons + 100 }));
    t = await buildTestApp(
      {
        guilds: [
          { id: GUILD, players: rich },
          { id: EMPTY, points: { gryffindor: 1, slytherin: 1, ravenclaw: 1, hufflepuff: 1 } },
        ],
      },
      { store },
    );
    base = (await listen(t.app)).url;
    await applyWrites(WRITES);
    const rows = LAST_WEEK_ROWS.map(([id, change]) => {
      const p = profiles.find((each) => each.id === id);
      const house = p?.house ? `'${p.house}'` : 'NULL';
      return `INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
        VALUES ('${GUILD}', ${id}, '${p?.user_id}', 'week', '${LAST_WEEK.from}', ${house}, ${change});`;
    });
    await foreignWrite(t, rows.join('\n'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists this week's and this month's changes, largest first, each profile with its change and the period in the envelope", async () => {
    const expected = expectedList(changesOf(WRITES), 'desc');
    for (const [query, period] of [
      ['sort=change&period=week', WEEK],
      ['period=week', WEEK],
      ['sort=change&period=week&order=desc', WEEK],
      ['sort=change&period=month', MONTH],
    ] as const) {
      const answer = await list(query);
      expect(answer.status, query).toBe(200);
      expect(
        answer.body.results.map(({ id, change }) => ({ id, change })),
        query,
      ).toEqual(expected);
      expect(answer.body.count).toBe(profiles.length);
      expect(answer.body.period).toEqual(period);
      expect(answer.body).not.toHaveProperty('next');
      // The envelope: results, count, period, status, in that order; a profile's fields, then change.
      expect(Object.keys(answer.body)).toEqual(['results', 'count', 'period', 'status']);
      expect(Object.keys(answer.body.results[0] ?? {})).toEqual([
        'id',
        'user_id',
        'guild_id',
        'name',
        'house',
        'year',
        'job_id',
        'galleons',
        'created_at',
        'change',
      ]);
    }
    // The same bytes whether the period is named by default or by an `at` inside it.
    const plain = await list('sort=change&period=week');
    expect(
      (await list(`sort=change&period=week&at=${encodeURIComponent(NOW.toISOString())}`)).raw,
    ).toBe(plain.raw);
    const losers = await list('sort=change&period=week&order=asc&house=gryffindor');
    expect(losers.body.results.map(({ id, change }) => ({ id, change }))).toEqual(
      expectedList(changesOf(WRITES), 'asc', 'gryffindor'),
    );
  });

  it('pages a period list exactly once, in its order, whatever the page size', async () => {
    for (const query of [
      'sort=change&period=week',
      'sort=change&period=month&order=asc&house=none',
    ]) {
      const whole = (await list(query)).body.results.map((p) => p.id);
      for (const limit of [1, 4, 25]) {
        const walked: number[] = [];
        let url = `${query}&limit=${limit}`;
        for (let pages = 0; pages < 100; pages++) {
          const page = await list(url);
          expect(page.status).toBe(200);
          expect(page.body.results.length).toBeLessThanOrEqual(limit);
          expect(Object.keys(page.body)).toEqual(['results', 'count', 'next', 'period', 'status']);
          walked.push(...page.body.results.map((p) => p.id));
          if (!page.body.next) break;
          url = `${query}&limit=${limit}&after=${page.body.next}`;
        }
        expect(walked, `${query} by ${limit}`).toEqual(whole);
      }
    }
  });

  it('gives a rank that is the position in the list fetched with the same parameters', async () => {
    const members = [...new Set(profiles.map((p) => p.user_id))].slice(0, 12);
    for (const query of [
      '',
      'sort=galleons&order=asc',
      'sort=name&house=gryffindor',
      'sort=year&order=desc&house=none',
      'sort=user_id',
      'sort=change&period=week',
      'period=month&order=asc',
      'sort=change&period=week&house=ravenclaw',
      `sort=change&period=week&at=${IN_LAST_WEEK}`,
    ]) {
      const sorted = await list(query || 'sort=galleons');
      const ids = sorted.body.results.map((p) => p.id);
      for (const member of members) {
        const answer = await rank(member, query);
        expect(answer.status).toBe(200);
        const mine = profiles.filter((p) => p.user_id === member).map((p) => p.id);
        expect(answer.body.results.map((entry) => entry.id)).toEqual(mine);
        for (const entry of answer.body.results) {
          const position = ids.indexOf(entry.id);
          expect(entry, `${query} ${member}`).toEqual({
            id: entry.id,
            rank: position === -1 ? null : position + 1,
            of: ids.length,
            value: entry.value,
          });
          const row = sorted.body.results[position];
          if (row) {
            const sort =
              new URLSearchParams(query).get('sort') ??
              (query.includes('period') ? 'change' : 'galleons');
            expect(entry.value).toEqual(row[sort as keyof typeof row]);
          }
        }
      }
    }
  });

  it('answers the rank envelope of the spec, with the period when one is asked', async () => {
    const member = profiles[0]?.user_id ?? '';
    const plain = await rank(member, '');
    expect(Object.keys(plain.body)).toEqual([
      'guildId',
      'userId',
      'sort',
      'order',
      'results',
      'status',
    ]);
    expect(plain.body).toMatchObject({
      guildId: GUILD,
      userId: member,
      sort: 'galleons',
      order: 'desc',
    });
    const weekly = await rank(member, 'period=week');
    expect(Object.keys(weekly.body)).toEqual([
      'guildId',
      'userId',
      'sort',
      'order',
      'period',
      'results',
      'status',
    ]);
    expect(weekly.body).toMatchObject({ sort: 'change', order: 'desc', period: WEEK });
    expect(Object.keys(weekly.body.results[0] ?? {})).toEqual(['id', 'rank', 'of', 'value']);
  });

  it('answers the players 404 for a member without a profile and a guild without players', async () => {
    const body = '{"error":"No player found on this server","status":404}';
    for (const path of [
      `/v1/players/${GUILD}/nobody/rank`,
      `/v1/players/${GUILD}/nobody/rank?period=week`,
      `/v1/players/${EMPTY}/${profiles[0]?.user_id}/rank`,
      `/v1/players/${EMPTY}?sort=change&period=week`,
      `/v1/players/${EMPTY}?sort=change&period=month&limit=5`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.raw, path).toBe(body);
    }
  });

  it.each([
    ['sort=changes', 'Invalid sort: must be one of user_id, galleons, name, year, created_at'],
    ['sort=change', 'Invalid sort: change needs a period'],
    ['sort=change&order=asc', 'Invalid sort: change needs a period'],
    ['period=day', 'Invalid period: must be one of week, month, term'],
    ['sort=change&period=Week', 'Invalid period: must be one of week, month, term'],
    ['sort=galleons&period=term', 'Invalid period: only sort=change takes a period'],
    ['period=term&at=yesterday', 'Invalid at: must be an ISO 8601 date-time'],
    ['sort=galleons&period=week', 'Invalid period: only sort=change takes a period'],
    ['at=2026-11-02', 'Invalid at: only with a period'],
    ['sort=change&period=week&at=yesterday', 'Invalid at: must be an ISO 8601 date-time'],
    ['period=week&at=2026-02-30', 'Invalid at: must be an ISO 8601 date-time'],
    ['period=week&at=', 'Invalid at: must be an ISO 8601 date-time'],
    ['period=week&order=up', 'Invalid order: must be one of asc, desc'],
    ['period=week&limit=0', 'Invalid limit: must be an integer from 1 to 1000'],
  ])('refuses ?%s with its 400 text, on the list and the rank', async (query, error) => {
    const body = JSON.stringify({ error, status: 400 });
    const member = profiles[0]?.user_id ?? '';
    const refused = await list(query);
    expect(refused.status).toBe(400);
    expect(refused.raw).toBe(body);
    if (query.includes('limit')) return;
    const ranked = await rank(member, query);
    expect(ranked.status).toBe(400);
    expect(ranked.raw).toBe(body);
  });

  it('refuses a cursor of another list: another period, order, house, sort or week', async () => {
    const queries = [
      'sort=change&period=week',
      'sort=change&period=month',
      'sort=change&period=week&order=asc',
      'sort=change&period=week&house=gryffindor',
      `sort=change&period=week&at=${IN_LAST_WEEK}`,
      'sort=galleons',
    ];
    const cursors = await Promise.all(
      queries.map(async (query) => (await list(`${query}&limit=2`)).body.next ?? ''),
    );
    for (const [i, query] of queries.entries()) {
      expect((await list(`${query}&limit=2&after=${cursors[i]}`)).status).toBe(200);
      for (const cursor of cursors.filter((_, j) => j !== i)) {
        const refused = await list(`${query}&limit=2&after=${cursor}`);
        expect(refused.status, `${query} ← ${cursor}`).toBe(400);
        expect(refused.raw).toBe(
          '{"error":"Invalid after: not a cursor of this list","status":400}',
        );
      }
    }
  });

  it('reads another week through at: last week its own rows, next week everyone at 0', async () => {
    const past = await list(`sort=change&period=week&at=${IN_LAST_WEEK}`);
    expect(past.body.period).toEqual(LAST_WEEK);
    expect(past.body.results.map(({ id, change }) => ({ id, change }))).toEqual(
      expectedList(changesOf(LAST_WEEK_ROWS), 'desc'),
    );
    // The rollover: the week after this one has no change yet, whatever this week holds.
    const next = await list(`sort=change&period=week&at=${IN_NEXT_WEEK}`);
    expect(next.body.period).toEqual(NEXT_WEEK);
    expect(next.body.results.map(({ id, change }) => ({ id, change }))).toEqual(
      expectedList(new Map(), 'desc'),
    );
    const member = profiles[2]?.user_id ?? '';
    const ranked = await rank(member, `period=week&at=${IN_NEXT_WEEK}`);
    expect(ranked.body.period).toEqual(NEXT_WEEK);
    expect(ranked.body.results.every((entry) => entry.value === 0)).toBe(true);
  });

  it('reads the period of an at in any year of four digits, a year below 100 too', async () => {
    const month = await list('period=month&at=0099-12-31T12:00:00Z&limit=1');
    expect(month.body.period).toEqual({
      kind: 'month',
      from: '0099-12-01T00:00:00.000Z',
      to: '0100-01-01T00:00:00.000Z',
    });
    // The last week of year 9999 ends in year 10000, past what an answer writes: the one before.
    for (const at of ['0099-12-31T12:00:00Z', '9999-12-24T23:59:59Z', '2026-11-02']) {
      const week = await list(`period=week&at=${at}&limit=1`);
      expect(week.status, at).toBe(200);
      const { from, to } = week.body.period ?? { from: '', to: '' };
      const instant = Date.parse(at.length === 10 ? `${at}T00:00:00Z` : at);
      expect(Date.parse(from), at).toBeLessThanOrEqual(instant);
      expect(Date.parse(to), at).toBeGreaterThan(instant);
      expect(Date.parse(to) - Date.parse(from)).toBe(7 * 86_400_000);
      expect(new Date(from).getUTCDay(), at).toBe(1);
    }
  });

  it('answers 304 to its ETag, and a write by another connection changes the list and the rank', async () => {
    const member = profiles[4]?.user_id ?? '';
    const before = await list('sort=change&period=week');
    const rankBefore = await rank(member, 'period=week');
    for (const answer of [before, rankBefore]) expect(answer.etag).toMatch(/^"/);
    const again = await get(`/v1/players/${GUILD}?sort=change&period=week`, {
      'if-none-match': before.etag ?? '',
    });
    expect(again.status).toBe(304);
    expect(again.raw).toBe('');
    const rankAgain = await get(`/v1/players/${GUILD}/${member}/rank?period=week`, {
      'if-none-match': rankBefore.etag ?? '',
    });
    expect(rankAgain.status).toBe(304);

    // Profile 5 (the member's) gains the most of the week, written by the game's own SQL.
    await applyWrites([[5, 1000]]);
    // PostgreSQL's nodes learn of a commit by its notification, a few milliseconds later.
    const after = await eventually(
      () => list('sort=change&period=week'),
      (answer) => answer.etag !== before.etag,
    );
    expect(after.etag).not.toBe(before.etag);
    expect(after.body.results[0]).toMatchObject({ id: 5, change: 1000 });
    const rankAfter = await rank(member, 'period=week');
    expect(rankAfter.body.results.find((entry) => entry.id === 5)).toEqual({
      id: 5,
      rank: 1,
      of: profiles.length,
      value: 1000,
    });
    const stale = await get(`/v1/players/${GUILD}/${member}/rank?period=week`, {
      'if-none-match': rankBefore.etag ?? '',
    });
    expect(stale.status).toBe(200);
    await applyWrites([[5, -1000]]);
    await eventually(
      () => list('sort=change&period=week'),
      (answer) => answer.body.results[0]?.id !== 5,
    );
  });
});
