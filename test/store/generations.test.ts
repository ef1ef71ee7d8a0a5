import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { fixture, OTHER, RICH } from '../support/fixture.js';
import { openTestStore, sqliteOf, storeKinds, type TestStore } from '../support/store.js';

/*
 * What caches key on: a guild's generation changes after any commit to its data, whoever made
 * it. It is per guild on both stores (an import of one guild leaves the others'
 * cached answers valid); the keys have their own on PostgreSQL, while on SQLite, whose
 * data_version says only that something changed, they reload on any commit (docs/decisions.md).
 */

let t: TestStore | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const points = { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 };

describe.each(storeKinds(import.meta.filename))('generations on %s', (kind) => {
  it("change after another connection's commit to the guild", async () => {
    t = await openTestStore(kind, fixture);
    const { read } = t.store;
    const before = read.generation(RICH);
    const writer = await t.reopen();
    await writer.importData({ guilds: [{ id: RICH, points }] });
    const after = await eventually(
      async () => read.generation(RICH),
      (generation) => generation !== before,
    );
    expect(after).not.toBe(before);
  });

  it('stay for another guild; keys move only with keys on PostgreSQL', async () => {
    t = await openTestStore(kind, fixture);
    const { read, keyTable } = t.store;
    // Notifications come in commit order: once the sentinel's shows, the fixture's have too.
    const sentinel = read.generation('sentinel');
    await t.store.importData({ guilds: [{ id: 'sentinel', points }] });
    await eventually(
      async () => read.generation('sentinel'),
      (generation) => generation !== sentinel,
    );
    const rich = read.generation(RICH);
    const other = read.generation(OTHER);
    const keys = keyTable.generation();
    const writer = await t.reopen();
    await writer.importData({ guilds: [{ id: RICH, points }] });
    await eventually(
      async () => read.generation(RICH),
      (generation) => generation !== rich,
    );
    expect(read.generation(OTHER)).toBe(other);
    // SQLite's data_version says only that something changed: its keys reload on any commit.
    if (kind === 'postgres') expect(keyTable.generation()).toBe(keys);
    await writer.keyStore.create({ name: 'new' });
    await eventually(
      async () => keyTable.generation(),
      (generation) => generation !== keys,
    );
    expect(read.generation(OTHER)).toBe(other);
  });
});

describe('generations on sqlite, within the millisecond between two reads of data_version', () => {
  it("move at once after each of the connection's own writes through the store", async () => {
    t = await openTestStore('sqlite', fixture);
    const { read } = t.store;
    // Each write follows a read by far less than the millisecond, many times over: one missed
    // would leave an answer cached from before the write.
    for (let i = 0; i < 20; i++) {
      const before = read.generation(RICH);
      await t.store.importData({ guilds: [{ id: RICH, points: { ...points, gryffindor: i } }] });
      expect(read.generation(RICH)).not.toBe(before);
    }
  });

  it('move within the millisecond after a statement run on the connection by hand', async () => {
    t = await openTestStore('sqlite', fixture);
    const { read } = t.store;
    const before = read.generation(RICH);
    sqliteOf(t.store)
      .db.sqlite.prepare('UPDATE house_points SET gryffindor = gryffindor + 1 WHERE guild_id = ?')
      .run(RICH);
    const after = await eventually(
      async () => read.generation(RICH),
      (generation) => generation !== before,
    );
    expect(after).not.toBe(before);
  });
});
