import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_GUILD } from '../../../src/http/endpoints/demo-ids.js';
import { changeView } from '../../../src/records/periods.js';
import { loadDemoData } from '../../../src/store/demo-data.js';
import { openTestStore, type TestStore } from '../../support/store.js';

/*
 * The demo's periods (data/demo.json holds the week of 2026-10-26 and October 2026): a new demo
 * database has leaders for "this week" and "this month" whenever it is created, and keeps the
 * file's own week, which the OpenAPI example reads with `at=`.
 */

let opened: TestStore | undefined;
afterEach(async () => {
  await opened?.cleanup();
  opened = undefined;
});

async function leaders(store: TestStore['store'], kind: 'week' | 'month', at: Date) {
  const page = await store.read.players.changes(
    DEMO_GUILD,
    { limit: 3 },
    changeView(kind, at, undefined, undefined),
  );
  return page?.items.map((profile) => [profile.id, profile.change]);
}

describe('the demo data’s periods', () => {
  it('gives the week and month it is loaded in the file’s latest ones, and keeps those', async () => {
    opened = await openTestStore('sqlite');
    const now = new Date('2027-03-10T12:00:00.000Z');
    await loadDemoData(opened.store, now);
    const week = [
      [9, 120],
      [46, 95],
      [4, 80],
    ];
    expect(await leaders(opened.store, 'week', now)).toEqual(week);
    expect(await leaders(opened.store, 'week', new Date('2026-10-28T12:00:00.000Z'))).toEqual(week);
    expect(await leaders(opened.store, 'month', now)).toEqual([
      [9, 310],
      [46, 240],
      [4, 150],
    ]);
    // Last week of the load: nothing (the copy is this week's alone).
    expect(
      (await leaders(opened.store, 'week', new Date('2027-03-03T12:00:00.000Z')))?.[0],
    ).toEqual([expect.any(Number), 0]);
  });

  it('adds nothing when loaded inside the file’s own week', async () => {
    opened = await openTestStore('sqlite');
    const now = new Date('2026-10-30T12:00:00.000Z');
    await loadDemoData(opened.store, now);
    const rows = await opened.store.exportData();
    const periods = rows.guilds.find((guild) => guild.id === DEMO_GUILD)?.periods ?? [];
    expect(periods.filter((entry) => entry.kind === 'week')).toHaveLength(9);
    expect(periods.filter((entry) => entry.kind === 'month')).toHaveLength(11);
  });
});
