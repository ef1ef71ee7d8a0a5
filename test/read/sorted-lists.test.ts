import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_ROWS, type SerializedList } from '../../src/read/json-list.js';
import type { ReadService } from '../../src/read/service.js';
import type { ProfileCursor } from '../../src/read/types.js';
import { viewKey } from '../../src/records/profile-order.js';
import {
  everyView,
  expectedOrder,
  type RawProfile,
  served,
  sortedFixture,
} from '../support/sorted-profiles.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Sorted and filtered lists read straight from each store (docs/http-api.md): every view, whole and
 * paged, serialized and as objects, equals the order computed from the raw entries.
 */

const GUILD = 'sorted-guild';
// More than two chunks, so that whole lists are read in chunks across a segment's end too.
const profiles = sortedFixture(CHUNK_ROWS * 2 + 37);

const text = (list: SerializedList<unknown> | null) =>
  list ? Buffer.concat(list.json).toString() : null;
const expectedJson = (rows: readonly RawProfile[]) =>
  JSON.stringify(rows.map((p) => served(GUILD, p)));

describe.each(storeKinds(import.meta.filename))('sorted profile lists (%s)', (kind) => {
  let t: TestStore;
  let read: ReadService;
  beforeAll(async () => {
    t = await openTestStore(kind, { guilds: [{ id: GUILD, players: profiles }] });
    read = t.store.read;
  });
  afterAll(() => t.cleanup());

  it.each(everyView().map((view) => [viewKey(view), view] as const))(
    '%s: whole, paged, as objects and by slices, in the expected order',
    async (_name, view) => {
      const expected = expectedOrder(profiles, view);
      expect(text(await read.players.listSerialized(GUILD, undefined, view))).toBe(
        expectedJson(expected),
      );
      expect((await read.players.list(GUILD, undefined, view))?.items).toEqual(
        expected.map((p) => served(GUILD, p)),
      );
      // Walked with a limit: every profile exactly once, in the same order, objects alike.
      const walked: string[] = [];
      let after: ProfileCursor | undefined;
      for (let pages = 0; pages < 20; pages++) {
        const page = await read.players.listSerialized(GUILD, { limit: 997, after }, view);
        const objects = await read.players.list(GUILD, { limit: 997, after }, view);
        expect(text(page)).toBe(JSON.stringify(objects?.items));
        expect(page?.next).toEqual(objects?.next);
        walked.push(text(page)?.slice(1, -1) ?? '');
        if (!page?.next) break;
        after = page.next;
      }
      expect(`[${walked.filter((part) => part !== '').join(',')}]`).toBe(expectedJson(expected));
      // The bot's numbered pages: any slice of the same order.
      for (const offset of [0, 10, Math.floor(expected.length / 2), expected.length - 3]) {
        expect(await read.players.slice(GUILD, offset, 10, view)).toEqual(
          expected.slice(offset, offset + 10).map((p) => served(GUILD, p)),
        );
      }
      expect(await read.players.count(GUILD, view.house)).toBe(
        expectedOrder(profiles, { ...view, sort: 'user_id', order: 'asc' }).length,
      );
    },
  );

  it('answers an empty list for a filter matching nothing, and null for a guild without profiles', async () => {
    const few = await t.reopen();
    await few.importData({
      guilds: [
        {
          id: 'few',
          players: [{ user_id: '1', name: 'Neville', house: 'gryffindor', galleons: 3 }],
        },
      ],
    });
    const view = { sort: 'galleons', order: 'desc', house: 'slytherin' } as const;
    for (const request of [undefined, { limit: 5 }]) {
      const list = await read.players.listSerialized('few', request, view);
      expect(list?.count).toBe(0);
      expect(text(list)).toBe('[]');
      expect((await read.players.list('few', request, view))?.items).toEqual([]);
      expect(await read.players.listSerialized('nobody', request, view)).toBeNull();
      expect(await read.players.list('nobody', request, view)).toBeNull();
    }
    expect(await read.players.count('few', 'slytherin')).toBe(0);
    expect(await read.players.count('few', 'gryffindor')).toBe(1);
  });
});
