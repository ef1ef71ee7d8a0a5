/*
 * A file's `history`, imported with the real CLI on each store, and read back from the store:
 * whatever the file holds, a guild's last history row equals its points afterwards (the
 * import's own change follows the file's history when they differ, at the import's time); an
 * entry after the import's time, or out of order, is refused with its path, and nothing is
 * written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/records/points-history.js';
import { runCli } from '../support/cli.js';
import { historyOf } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

const GUILD = '1133557799224466880';
const DAY_MS = 86_400_000;
const points = (g: number, s: number, r: number, h: number) => ({
  gryffindor: g,
  slytherin: s,
  ravenclaw: r,
  hufflepuff: h,
});
const NULLS = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };
const PAST = [
  { at: '2026-01-01T00:00:00.000Z', ...points(1, 1, 1, 1) },
  { at: '2026-02-01T00:00:00.000Z', ...points(2, 2, 2, 2) },
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-import-history-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(storeKinds(import.meta.filename))('import of a history on %s', (kind) => {
  let test: TestStore;
  beforeAll(async () => {
    test = await openTestStore(kind);
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  let files = 0;
  /** Imports `guild` with the CLI; its result, and the times just before and after it ran. */
  function importGuild(guild: object) {
    files += 1;
    const file = join(dir, `${kind}-${files}.json`);
    writeFileSync(file, JSON.stringify({ guilds: [{ id: GUILD, ...guild }] }));
    const before = new Date().toISOString();
    const result = runCli(['import', file], test.env);
    return { ...result, before, after: new Date().toISOString() };
  }

  /** The guild's points and whole history, as the store holds them now. */
  async function stored(): Promise<{ points: object | null; history: HistoryEntry[] }> {
    return {
      points: await test.store.read.points.get(GUILD),
      history: await historyOf(test, GUILD),
    };
  }

  it('`history: []` with points: one row, the import’s own change, at the import’s time', async () => {
    const imported = importGuild({ points: points(5, 6, 7, 8), history: [] });
    expect(imported.status, imported.stderr).toBe(0);
    const { history } = await stored();
    expect(history).toEqual([{ at: expect.any(String), ...points(5, 6, 7, 8) }]);
    const at = history[0]?.at ?? '';
    expect(at >= imported.before && at <= imported.after, at).toBe(true);
  });

  it('a history whose last entry is not the points: the file’s, then the import’s change', async () => {
    const imported = importGuild({ points: points(9, 9, 9, 9), history: PAST });
    expect(imported.status, imported.stderr).toBe(0);
    const { history } = await stored();
    expect(history).toEqual([...PAST, { at: expect.any(String), ...points(9, 9, 9, 9) }]);
    expect((history[2]?.at ?? '') >= imported.before).toBe(true);
  });

  it('a history that ends with the points, or with four nulls and no points: the file’s', async () => {
    expect(importGuild({ points: points(2, 2, 2, 2), history: PAST }).status).toBe(0);
    expect(await stored()).toEqual({ points: points(2, 2, 2, 2), history: PAST });
    const removed = [...PAST, { at: '2026-03-01T00:00:00.000Z', ...NULLS }];
    expect(importGuild({ history: removed }).status).toBe(0);
    expect(await stored()).toEqual({ points: null, history: removed });
  });

  it('no points and an empty history: the guild has neither', async () => {
    expect(importGuild({ history: [] }).status).toBe(0);
    expect(await stored()).toEqual({ points: null, history: [] });
  });

  it('no points, a history ending with points: the removal follows it', async () => {
    const imported = importGuild({ history: PAST });
    expect(imported.status, imported.stderr).toBe(0);
    expect((await stored()).history).toEqual([...PAST, { at: expect.any(String), ...NULLS }]);
  });

  it('refuses an entry after the import’s time, with its path, and writes nothing', async () => {
    expect(importGuild({ points: points(2, 2, 2, 2), history: PAST }).status).toBe(0);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
    const future = [...PAST, { at: tomorrow, ...points(3, 3, 3, 3) }];
    const refused = importGuild({ points: points(3, 3, 3, 3), history: future });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('guilds[0].history[2].at: must not be in the future');
    expect(await stored()).toEqual({ points: points(2, 2, 2, 2), history: PAST });
  });

  it('refuses entries out of time order, with their path; equal instants are fine', async () => {
    const unordered = [PAST[1], PAST[0]];
    const refused = importGuild({ points: points(1, 1, 1, 1), history: unordered });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'guilds[0].history[1].at: must not be earlier than guilds[0].history[0].at (oldest first)',
    );
    expect(await stored()).toEqual({ points: points(2, 2, 2, 2), history: PAST });

    const same = [...PAST, { ...PAST[1], ...points(3, 3, 3, 3) }];
    expect(importGuild({ points: points(3, 3, 3, 3), history: same }).status).toBe(0);
    expect(await stored()).toEqual({ points: points(3, 3, 3, 3), history: same });
  });
});
