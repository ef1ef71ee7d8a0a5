import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuildChange } from '../../src/read/service.js';
import { fixture, OTHER, RICH } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Reading guild_changes past a cursor (ReadService.changes.since), as the coming webhooks will:
 * every committed change is given once its number is settled, never skipped. On PostgreSQL the
 * numbers come from a sequence when a transaction changes data, not when it commits, so a reader
 * that went on from the largest number it saw would lose the change of a transaction that took a
 * smaller number and committed later: the test makes two transactions overlap that way.
 */

const key = (change: GuildChange) => `${change.guildId}:${change.area}`;

describe.each(storeKinds(import.meta.filename))('changes past a cursor on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind, fixture);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  /** Reads until nothing more is settled: what a poller would have got by then. */
  async function readAll(cursor: string | null, limit?: number) {
    const got: GuildChange[] = [];
    let at = cursor;
    for (let round = 0; round < 100; round += 1) {
      const page = await t.store.read.changes.since(at, limit);
      got.push(...page.changes);
      if (page.changes.length === 0 && page.cursor === at) break;
      at = page.cursor;
    }
    return { got, cursor: at };
  }

  it('gives every guild’s areas from the start, by number, a page at a time', async () => {
    const { got, cursor } = await readAll(null, 3);
    expect(cursor).not.toBeNull();
    const seqs = got.map((change) => change.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(got.map(key)).toEqual(
      expect.arrayContaining([
        `${RICH}:players`,
        `${RICH}:jobs`,
        `${RICH}:points`,
        `${RICH}:premium`,
        `${RICH}:history`,
        `${OTHER}:players`,
        `${OTHER}:jobs`,
      ]),
    );
    expect(got.length).toBe(new Set(got.map(key)).size);

    // Then only what changed since, and nothing for a write that changes nothing.
    await foreignWrite(t, `UPDATE jobs SET salary = salary WHERE guild_id = '${RICH}'`);
    await foreignWrite(t, `UPDATE jobs SET salary = salary + 1 WHERE guild_id = '${OTHER}'`);
    const next = await readAll(cursor);
    expect(next.got.map(key)).toEqual([`${OTHER}:jobs`]);
  });

  if (kind !== 'postgres') return;

  it('never loses the change of a transaction that took its number first and committed last', async () => {
    const { cursor } = await readAll(null);
    const first = new pg.Client({ connectionString: t.env.DATABASE_URL });
    const second = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await first.connect();
    await second.connect();
    try {
      // T1 takes its number, and stays open.
      await first.query('BEGIN');
      await first.query(`UPDATE profiles SET galleons = galleons + 1 WHERE guild_id = '${RICH}'`);
      const held = await first.query<{ seq: number }>(
        `SELECT seq FROM guild_changes WHERE guild_id = '${RICH}' AND area = 'players'`,
      );
      // T2 takes the next number and commits.
      await second.query('BEGIN');
      await second.query(`UPDATE jobs SET salary = salary + 1 WHERE guild_id = '${OTHER}'`);
      await second.query('COMMIT');

      // A reader that goes on from the largest number it saw takes T2's change and moves past
      // the number T1 holds.
      const naive = (await t.store.read.changes.of(OTHER)).jobs;
      expect(Number(held.rows[0]?.seq)).toBeLessThan(naive);

      const during = await readAll(cursor);

      await first.query('COMMIT');
      const after = await readAll(during.cursor);
      const all = [...during.got, ...after.got].map(key);
      expect(all).toContain(`${RICH}:players`);
      expect(all).toContain(`${OTHER}:jobs`);
      expect(all.filter((each) => each === `${OTHER}:jobs`)).toHaveLength(1);
      // Which it does by holding T2's change back while T1, with a smaller number, was open.
      expect(during.got.map(key)).toEqual([]);

      // The naive reader never sees T1's change: its number is behind the one it went on from.
      const { rows } = await second.query(
        'SELECT guild_id, area FROM guild_changes WHERE seq > $1',
        [naive],
      );
      expect(rows).toEqual([]);
    } finally {
      await first.end();
      await second.end();
    }
  });
});
