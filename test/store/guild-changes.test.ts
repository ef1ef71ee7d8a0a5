import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_SOURCES, type ChangeArea, guildChanges } from '../../src/records/guild-changes.js';
import { RECORDS } from '../../src/records/index.js';
import { columnNames, type RecordDefinition } from '../../src/records/record.js';
import { WEBHOOK_RECORDS } from '../../src/records/webhooks.js';
import { eventually } from '../support/eventually.js';
import { fixture, LIFETIME, OTHER, RICH, SPARSE } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * The one record of what changed (guild_changes), written by the store's triggers whoever writes:
 * here the game's own SQL on a connection of its own, on a real SQLite file and a real
 * PostgreSQL database. A write that leaves every row as it was records nothing (no number moves,
 * the guild's cached answers stay valid); a real change records exactly its areas, for that
 * guild alone.
 */

/** Written after each write under test: once its change shows, the one before would have too. */
const SENTINEL = 'sentinel';
let sentinelPoints = 0;

/** An UPDATE that sets every column of `table`'s rows of RICH to what it already holds. */
function identical(table: string): string {
  const record = RECORDS.find((each) => each.table === table);
  if (!record) throw new Error(`no record ${table}`);
  const columns = columnNames(record).filter((column) => column !== 'id');
  return `UPDATE ${table} SET ${columns.map((column) => `${column} = ${column}`).join(', ')} WHERE guild_id = '${RICH}'`;
}

/** Per table: a write that changes a row of RICH, and the areas it changes. */
const CASES: { table: string; change: string; areas: ChangeArea[]; first?: string }[] = [
  {
    table: 'profiles',
    change: `UPDATE profiles SET galleons = galleons + 1 WHERE guild_id = '${RICH}' AND id = 1`,
    areas: ['players'],
  },
  {
    table: 'jobs',
    change: `UPDATE jobs SET description = description || '!' WHERE guild_id = '${RICH}' AND id = 3`,
    areas: ['jobs'],
  },
  {
    // The history trigger records the new standings: a second area, and only those two.
    table: 'house_points',
    change: `UPDATE house_points SET gryffindor = gryffindor + 1 WHERE guild_id = '${RICH}'`,
    areas: ['points', 'history'],
  },
  {
    table: 'premium',
    change: `UPDATE premium SET expires_at = '2099-07-01T00:00:00.000Z' WHERE guild_id = '${RICH}'`,
    areas: ['premium'],
  },
  {
    table: 'points_history',
    first: `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff)
            VALUES ('${RICH}', '2026-01-01T00:00:00.000Z', 1, 2, 3, 4)`,
    change: `UPDATE points_history SET slytherin = 20 WHERE guild_id = '${RICH}' AND slytherin = 2`,
    areas: ['history'],
  },
  {
    table: 'published_guilds',
    first: `INSERT INTO published_guilds (guild_id, published_at) VALUES ('${RICH}', '2026-01-01T00:00:00.000Z')`,
    change: `UPDATE published_guilds SET published_at = '2026-01-02T00:00:00.000Z' WHERE guild_id = '${RICH}'`,
    areas: ['publication'],
  },
];

describe.each(storeKinds(import.meta.filename))('guild_changes on %s', (kind) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(kind, fixture);
    // Notifications come in commit order: once the sentinel's shows, the fixture's have too.
    await write('SELECT 1');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const changesOf = (guildId: string) => t.store.read.changes.of(guildId);

  /** Runs `sql` as the game, then a sentinel change, and waits until that change shows. */
  async function write(sql: string): Promise<void> {
    await foreignWrite(t, sql);
    const before = t.store.read.generation(SENTINEL);
    sentinelPoints += 1;
    await foreignWrite(
      t,
      `INSERT INTO house_points (guild_id, gryffindor) VALUES ('${SENTINEL}', ${sentinelPoints})
       ON CONFLICT (guild_id) DO UPDATE SET gryffindor = excluded.gryffindor`,
    );
    const after = await eventually(
      async () => t.store.read.generation(SENTINEL),
      (generation) => generation !== before,
    );
    expect(after).not.toBe(before);
  }

  /** The areas whose number moved between two reads of a guild's changes. */
  const moved = (before: Record<ChangeArea, number>, after: Record<ChangeArea, number>) =>
    (Object.keys(after) as ChangeArea[]).filter((area) => after[area] !== before[area]).sort();

  it.each(CASES)(
    '$table: an UPDATE that leaves the rows as they were records nothing; a change records its areas for that guild only',
    async ({ table, change, areas, first }) => {
      if (first) await write(first);
      const rich = { changes: await changesOf(RICH), generation: t.store.read.generation(RICH) };
      const other = { changes: await changesOf(OTHER), generation: t.store.read.generation(OTHER) };

      await write(identical(table));
      expect(await changesOf(RICH)).toEqual(rich.changes);
      expect(t.store.read.generation(RICH)).toBe(rich.generation);

      await write(change);
      expect(moved(rich.changes, await changesOf(RICH))).toEqual([...areas].sort());
      expect(t.store.read.generation(RICH)).not.toBe(rich.generation);
      expect(await changesOf(OTHER)).toEqual(other.changes);
      expect(t.store.read.generation(OTHER)).toBe(other.generation);
    },
  );

  it('an INSERT and a DELETE always count, each with a number past every earlier one', async () => {
    const before = await changesOf(RICH);
    await write(
      `INSERT INTO profiles (id, user_id, guild_id, name, galleons, created_at)
       VALUES (900, '1', '${RICH}', 'New', 0, '2026-01-01T00:00:00.000Z')`,
    );
    const inserted = await changesOf(RICH);
    expect(moved(before, inserted)).toEqual(['players']);
    const highest = Math.max(...Object.values(before));
    expect(inserted.players).toBeGreaterThan(highest);
    await write(`DELETE FROM profiles WHERE guild_id = '${RICH}' AND id = 900`);
    const deleted = await changesOf(RICH);
    expect(moved(inserted, deleted)).toEqual(['players']);
    expect(deleted.players).toBeGreaterThan(inserted.players);
  });

  it('a row moved to another guild changes both guilds', async () => {
    const before = {
      rich: await changesOf(RICH),
      sparse: await changesOf(SPARSE),
      other: t.store.read.generation(OTHER),
    };
    await write(
      `UPDATE profiles SET guild_id = '${SPARSE}', id = 901, job_id = NULL
       WHERE guild_id = '${RICH}' AND id = 2`,
    );
    expect(moved(before.rich, await changesOf(RICH))).toEqual(['players']);
    expect(moved(before.sparse, await changesOf(SPARSE))).toEqual(['players']);
    expect(t.store.read.generation(OTHER)).toBe(before.other);
  });

  it('emptying a table records every guild it held', async () => {
    const before = { rich: await changesOf(RICH), lifetime: await changesOf(LIFETIME) };
    await write(kind === 'postgres' ? 'TRUNCATE premium' : 'DELETE FROM premium');
    expect(moved(before.rich, await changesOf(RICH))).toEqual(['premium']);
    expect(moved(before.lifetime, await changesOf(LIFETIME))).toEqual(['premium']);
  });
});

describe('the change triggers cover', () => {
  it('every table of guild data: each record with a guild_id but guild_changes and the webhooks', () => {
    const notData: readonly RecordDefinition[] = [guildChanges, ...WEBHOOK_RECORDS];
    const withGuild = RECORDS.filter(
      (record) => 'guild_id' in record.fields && !notData.includes(record),
    ).map((record) => record.table);
    expect(CHANGE_SOURCES.map((source) => source.record.table).sort()).toEqual(withGuild.sort());
  });
});

describe('generations per guild on SQLite', () => {
  it('a new epoch when the numbers fall (the table emptied under a running node): every guild moves', async () => {
    const t = await openTestStore('sqlite', fixture);
    try {
      const { read } = t.store;
      // Every number of the fixture seen, then the table emptied by hand: the next change has a
      // smaller number than any seen.
      const before = read.generation(OTHER);
      await foreignWrite(t, 'DELETE FROM guild_changes');
      await foreignWrite(t, `UPDATE house_points SET slytherin = 3 WHERE guild_id = '${RICH}'`);
      const after = await eventually(
        async () => read.generation(OTHER),
        (generation) => generation !== before,
      );
      expect(after).not.toBe(before);
    } finally {
      await t.cleanup();
    }
  });
});

describe.each(storeKinds(import.meta.filename))('copy into %s', (kind) => {
  it('records every guild and area it writes in the target, with the target’s own numbers; over data, only what differs', async () => {
    const source = await openTestStore('sqlite', fixture);
    const target = await openTestStore(kind);
    const changesOf = (guild: string) => target.store.read.changes.of(guild);
    try {
      // The source's numbers are moved far away from the target's: none may come across.
      await foreignWrite(source, 'UPDATE guild_changes SET seq = seq + 1000000');
      const copy = (replace: boolean) =>
        source.store.readEverything((rows) => target.store.writeEverything(rows, { replace }));
      expect(await copy(false)).toBe(true);
      const written = await target.store.read.changes.since(null);
      const areas = (guild: string) =>
        written.changes
          .filter((change) => change.guildId === guild)
          .map((change) => change.area)
          .sort();
      expect(areas(RICH)).toEqual(['history', 'jobs', 'players', 'points', 'premium']);
      expect(areas(OTHER)).toEqual(['jobs', 'players']);
      expect(Math.max(...written.changes.map((change) => change.seq))).toBeLessThan(1000000);

      // Again over the same data (--replace): nothing differs, nothing is written.
      const before = { rich: await changesOf(RICH), other: await changesOf(OTHER) };
      expect(await copy(true)).toBe(true);
      expect(await changesOf(RICH)).toEqual(before.rich);
      expect(await changesOf(OTHER)).toEqual(before.other);

      // The source changes: a profile's galleons and a new profile, premium gone, a job gone (its
      // holder's job_id first). Only those rows are written, in an order the foreign key takes.
      await foreignWrite(
        source,
        `UPDATE profiles SET galleons = galleons + 1 WHERE guild_id = '${RICH}' AND id = 1;
         INSERT INTO profiles (id, user_id, guild_id, name, galleons, created_at)
           VALUES (900, '1', '${RICH}', 'New', 0, '2026-01-01T00:00:00.000Z');
         DELETE FROM premium WHERE guild_id = '${RICH}';
         UPDATE profiles SET job_id = NULL WHERE guild_id = '${OTHER}';
         DELETE FROM jobs WHERE guild_id = '${OTHER}';`,
      );
      // And the target holds a guild the source does not: it goes, history and all (SQLite's
      // trigger records the removal of its points as a history row, which must go too).
      await target.store.importData({
        guilds: [
          { id: 'extra', points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 } },
        ],
      });
      expect(await copy(true)).toBe(true);
      const moved = async (guild: string, was: Record<ChangeArea, number>) => {
        const now = await changesOf(guild);
        return (Object.keys(now) as ChangeArea[]).filter((area) => now[area] !== was[area]).sort();
      };
      expect(await moved(RICH, before.rich)).toEqual(['players', 'premium']);
      expect(await moved(OTHER, before.other)).toEqual(['jobs', 'players']);
      expect(await target.store.exportData()).toEqual(await source.store.exportData());
    } finally {
      await source.cleanup();
      await target.cleanup();
    }
  });
});
