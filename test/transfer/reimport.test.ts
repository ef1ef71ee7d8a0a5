import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

/*
 * Issue 20.6, docs/cli-and-data.md: a re-import without ids (a game's export, every few minutes)
 * keeps the ids and creation times of the profiles and jobs it matches; a removed one shifts
 * nothing.
 */

const G = 'reimported';
const players = [
  { user_id: '1', name: 'Harry', house: 'gryffindor', job_id: 2 },
  { user_id: '2', name: 'Luna', house: 'ravenclaw', created_at: '2026-01-01T00:00:00.000Z' },
  { user_id: '3', name: 'Cedric', house: 'hufflepuff', job_id: 1 },
];
const jobs = [{ name: 'Auror' }, { name: 'Healer' }];
const file = (p: object[], j: object[] = jobs) => ({ guilds: [{ id: G, jobs: j, players: p }] });

for (const kind of storeKinds(import.meta.filename)) {
  describe(`a re-import without ids on ${kind}`, () => {
    let test: TestStore;
    afterEach(async () => {
      await test?.cleanup();
    });

    it('keeps ids and created_at; a removed profile shifts nothing; a new one comes after', async () => {
      test = await openTestStore(kind, file(players));
      const [first] = (await test.store.exportData([G])).guilds;
      const before = new Map(first?.players?.map((p) => [p.name, p]));
      expect([...before.values()].map((p) => p.id)).toEqual([1, 2, 3]);
      await sleep(20);
      // Harry leaves; Ginny joins; the jobs come in the other order.
      const again = [
        ...players.slice(1),
        { user_id: '4', name: 'Ginny', house: 'gryffindor', job_id: 1 },
      ];
      await test.store.importData(file(again, [{ name: 'Healer' }, { name: 'Auror' }]));
      const [second] = (await test.store.exportData([G])).guilds;
      const after = new Map(second?.players?.map((p) => [p.name, p]));
      for (const name of ['Luna', 'Cedric']) {
        expect(after.get(name)?.id, name).toBe(before.get(name)?.id);
        expect(after.get(name)?.created_at, name).toBe(before.get(name)?.created_at);
      }
      expect(after.get('Ginny')?.id).toBe(4);
      // Jobs keep their ids by name; players' job_id follow the file's jobs.
      expect(second?.jobs?.map((j) => [j.name, j.id])).toEqual([
        ['Auror', 1],
        ['Healer', 2],
      ]);
      expect(after.get('Cedric')?.job_id).toBe(2);
      expect(after.get('Ginny')?.job_id).toBe(2);
    });

    it('writes only what differs: the same file changes nothing, one new galleons count only players', async () => {
      const withPoints = (p: object[]) => ({
        guilds: [
          {
            ...file(p).guilds[0],
            points: { gryffindor: 1, slytherin: 2, ravenclaw: 3, hufflepuff: 4 },
            premium: { expiresAt: null },
          },
        ],
      });
      test = await openTestStore(kind, withPoints(players));
      const { read } = test.store;
      const before = await read.changes.of(G);
      const exported = await test.store.exportData([G]);

      await test.store.importData(withPoints(players));
      await test.store.importData(exported);
      expect(await read.changes.of(G)).toEqual(before);
      expect(await test.store.exportData([G])).toEqual(exported);

      const richer = players.map((p, i) => (i === 1 ? { ...p, galleons: 50 } : p));
      await test.store.importData(withPoints(richer));
      const after = await read.changes.of(G);
      expect(after.players).toBeGreaterThan(before.players);
      expect({ ...after, players: before.players }).toEqual(before);
      const [guild] = (await test.store.exportData([G])).guilds;
      expect(guild?.players?.map((p) => p.galleons)).toEqual([0, 50, 0]);
      expect(guild?.players?.map((p) => p.created_at)).toEqual(
        exported.guilds[0]?.players?.map((p) => p.created_at),
      );
    });
  });
}
