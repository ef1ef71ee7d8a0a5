/*
 * A guild whose points were removed keeps its history, ending with four nulls (docs/http-api.md);
 * if it has no other data, `export` used to leave it out (it listed the guilds of profiles, jobs,
 * points and premium), so export → import lost that history. The real CLI, on both stores.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferFile } from '../../src/transfer/format.js';
import { runCli } from '../support/cli.js';
import { historyOf, points } from '../support/history.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

const GUILD = 'points-removed';
const NULLS = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };
const PAST = [
  { at: '2026-01-01T00:00:00.000Z', ...points(1, 2, 3, 4) },
  { at: '2026-02-01T00:00:00.000Z', ...NULLS },
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-export-history-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(storeKinds(import.meta.filename))('a guild with points removed on %s', (kind) => {
  let source: TestStore;
  let target: TestStore;
  beforeAll(async () => {
    source = await openTestStore(kind, { guilds: [{ id: GUILD, history: PAST }] });
    target = await openTestStore(kind);
  });
  afterAll(async () => {
    await source?.cleanup();
    await target?.cleanup();
  });

  it('is exported with its history, and an import of the export brings it back', async () => {
    expect(await source.store.read.points.get(GUILD)).toBeNull();
    const exported = runCli(['export'], source.env);
    expect(exported.status, exported.stderr).toBe(0);
    const file = JSON.parse(exported.stdout) as TransferFile;
    expect(file.guilds).toEqual([{ id: GUILD, jobs: [], players: [], history: PAST }]);

    const path = join(dir, `${kind}.json`);
    writeFileSync(path, exported.stdout);
    const imported = runCli(['import', path], target.env);
    expect(imported.status, imported.stderr).toBe(0);
    expect(await historyOf(target, GUILD)).toEqual(PAST);
    expect(await target.store.read.points.get(GUILD)).toBeNull();
    expect(runCli(['export', '--guild', GUILD], target.env).stdout).toBe(exported.stdout);
  });
});
