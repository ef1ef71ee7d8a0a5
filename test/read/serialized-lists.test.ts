import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_ROWS, type SerializedList } from '../../src/read/json-list.js';
import type { ReadService } from '../../src/read/service.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/** A serialized list's JSON text (its pieces joined). */
function text(list: SerializedList<unknown> | null | undefined): string | undefined {
  return list ? Buffer.concat(list.json).toString() : undefined;
}

// More profiles than one chunk, with awkward names, so the chunked read is the one under test.
const BIG = 'big-guild';
const SIZE = CHUNK_ROWS * 2 + 37;
const players = Array.from({ length: SIZE }, (_, i) => ({
  id: i + 1,
  user_id: String(100000 + ((i * 7919) % 1500)),
  name: i % 5 === 0 ? `Ünïcødé "quoted" \\ ${i} 🐍\n` : `Player ${i}`,
  house: i % 3 === 0 ? null : 'hufflepuff',
  year: i % 4 === 0 ? null : (i % 7) + 1,
  job_id: i % 2 === 0 ? 1 : null,
  galleons: i,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
}));

describe.each(storeKinds(import.meta.filename))('store-serialized lists (%s)', (kind) => {
  let t: TestStore;
  let read: ReadService;
  beforeAll(async () => {
    t = await openTestStore(kind, {
      guilds: [{ id: BIG, jobs: [{ id: 1, name: 'Job', description: 'd', salary: 1 }], players }],
    });
    read = t.store.read;
  });
  afterAll(() => t.cleanup());

  it('equal JSON.stringify of the object read, across chunk boundaries', async () => {
    const objects = await read.players.list(BIG);
    const serialized = await read.players.listSerialized(BIG);
    expect(serialized?.count).toBe(SIZE);
    expect(text(serialized)).toBe(JSON.stringify(objects?.items));
  });

  it('page exactly like the object read, and say when no page follows', async () => {
    let after: { userId: string; id: number } | undefined;
    const seen: number[] = [];
    for (;;) {
      const page = await read.players.listSerialized(BIG, { limit: 997, after });
      const objects = await read.players.list(BIG, { limit: 997, after });
      expect(text(page)).toBe(JSON.stringify(objects?.items));
      expect(page?.next).toEqual(objects?.next);
      seen.push(...(JSON.parse(text(page) ?? '[]') as { id: number }[]).map((p) => p.id));
      if (!page?.next) break;
      after = page.next;
    }
    expect(seen).toHaveLength(SIZE);
    expect(new Set(seen).size).toBe(SIZE);
  });

  it('serialize one member and jobs the same way', async () => {
    const userId = players[10]?.user_id ?? '';
    expect(text(await read.players.ofMemberSerialized(BIG, userId))).toBe(
      JSON.stringify(await read.players.ofMember(BIG, userId)),
    );
    expect(text(await read.jobs.listSerialized(BIG))).toBe(
      JSON.stringify((await read.jobs.list(BIG))?.items),
    );
    expect(await read.players.listSerialized('nobody')).toBeNull();
    expect(await read.jobs.listSerialized('nobody', { limit: 5 })).toBeNull();
  });

  it('never mix old and new data when another connection replaces the guild mid-read', async () => {
    const writer = await t.reopen();
    const oldJson = text(await read.players.listSerialized(BIG));
    const renamed = players.map((p) => ({ ...p, name: `${p.name}*` }));
    // Start a chunked read, and commit a replacement from another connection while it yields.
    const reading = read.players.listSerialized(BIG);
    await writer.importData({
      guilds: [
        {
          id: BIG,
          jobs: [{ id: 1, name: 'Job', description: 'd', salary: 1 }],
          players: renamed,
        },
      ],
    });
    const result = await reading;
    const newJson = text(await read.players.listSerialized(BIG));
    expect(newJson).not.toBe(oldJson);
    expect([oldJson, newJson]).toContain(text(result));
  });
});
