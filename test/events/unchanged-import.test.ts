import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferFile } from '../../src/transfer/format.js';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { runCliAsync } from '../support/cli.js';
import { openEventStream } from '../support/event-stream.js';
import { fixture, RICH } from '../support/fixture.js';
import { foreignWrite } from '../support/history.js';
import { storeKinds } from '../support/store.js';

/*
 * Issue 30, docs/live-updates.md: a write that changes nothing sends nothing. A game that refreshes
 * its data every minute through `import` re-imports the same players and jobs: before, the import
 * deleted and re-inserted every row, the triggers counted writes, and every open stream got
 * `players` and `jobs` each time (and again on reconnecting). Here the real CLI imports into the
 * database a running app streams from, on both stores.
 *
 * "Nothing was sent" is shown without waiting on a clock: after the import, the game changes the
 * guild's premium twice, one change after the other has arrived; between them and before them a
 * stream must get nothing but those two `premium` events.
 */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-unchanged-import-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let flips = 0;

describe.each(storeKinds(import.meta.filename))('an import on %s', (kind) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp(fixture, { store: kind });
    ({ url } = await listen(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function exported(): Promise<TransferFile> {
    const result = await runCliAsync(['export', '--guild', RICH], t.env);
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as TransferFile;
  }

  async function importFile(file: TransferFile): Promise<void> {
    const path = join(dir, `${kind}-${Date.now()}-${Math.random()}.json`);
    writeFileSync(path, JSON.stringify(file));
    const result = await runCliAsync(['import', path], t.env);
    expect(result.status, result.stderr).toBe(0);
  }

  /**
   * The game ends RICH's premium, or gives it back: its answer changes, so every stream must
   * get a `premium` event.
   */
  async function premiumChange(): Promise<void> {
    flips += 1;
    const at = flips % 2 === 1 ? '2020-01-01T00:00:00.000Z' : '2099-06-01T00:00:00.000Z';
    await foreignWrite(t, `UPDATE premium SET expires_at = '${at}' WHERE guild_id = '${RICH}'`);
  }

  type Stream = Awaited<ReturnType<typeof openEventStream>>;

  /** Waits until `stream` has a `premium` event past its first `after` events; its index. */
  async function nextPremium(stream: Stream, after: number): Promise<number> {
    for (let n = after + 1; ; n += 1) {
      const events = await stream.waitForEvents(n);
      const at = events.findIndex((event, i) => i >= after && event.event === 'premium');
      if (at >= 0) return at;
    }
  }

  /**
   * The names of the events `streams` got past their first `counts`, fenced by two premium
   * changes made one after the other: the events of one read go out together in area order
   * (points, premium, players, jobs), so a `players` read with the first change comes after its
   * `premium`, but always before the second.
   */
  async function fenced(streams: Stream[], counts: number[]): Promise<string[][]> {
    await premiumChange();
    const first = await Promise.all(streams.map((each, i) => nextPremium(each, counts[i] ?? 0)));
    await premiumChange();
    const second = await Promise.all(
      streams.map((each, i) => nextPremium(each, (first[i] ?? 0) + 1)),
    );
    return streams.map((each, i) =>
      each.events.slice(counts[i], (second[i] ?? 0) + 1).map((event) => event.event),
    );
  }

  const headers = () => ({ authorization: t.key });

  it('of an exported guild as it is: nothing recorded, no event, none on resuming', async () => {
    const stream = await openEventStream(`${url}/v1/events/${RICH}`, headers());
    const first = await stream.waitForEvents(4);
    const before = await t.store.read.changes.of(RICH);
    const generation = t.store.read.generation(RICH);

    await importFile(await exported());
    expect(await t.store.read.changes.of(RICH)).toEqual(before);
    expect(t.store.read.generation(RICH)).toBe(generation);
    // A client that reconnects with the id it held before the import is owed nothing.
    const resumed = await openEventStream(`${url}/v1/events/${RICH}`, {
      ...headers(),
      'last-event-id': first.at(-1)?.id ?? '',
    });

    expect(await fenced([stream, resumed], [4, 0])).toEqual([
      ['premium', 'premium'],
      ['premium', 'premium'],
    ]);
    stream.close();
    resumed.close();
  });

  it('of the same guild with new points: only `points`, and the history ends at them', async () => {
    const stream = await openEventStream(`${url}/v1/events/${RICH}`, headers());
    await stream.waitForEvents(4);
    const file = await exported();
    const guild = file.guilds[0];
    if (!guild?.points) throw new Error('RICH has points');
    guild.points.gryffindor += 300;
    const before = await t.store.read.changes.of(RICH);

    await importFile(file);
    const after = await t.store.read.changes.of(RICH);
    const moved = (Object.keys(after) as (keyof typeof after)[]).filter(
      (area) => after[area] !== before[area],
    );
    expect(moved.sort()).toEqual(['history', 'points']);
    expect(await fenced([stream], [4])).toEqual([['points', 'premium', 'premium']]);
    stream.close();

    // The points the API answers are the history's last entry (docs/http-api.md).
    const points = (await (
      await fetch(`${url}/v1/points/${RICH}`, { headers: headers() })
    ).json()) as Record<string, number>;
    expect(points.gryffindor).toBe(guild.points.gryffindor);
    const history = (await (
      await fetch(`${url}/v1/points/${RICH}/history`, { headers: headers() })
    ).json()) as { points: Record<string, number | null>[] };
    const last = history.points.at(-1);
    for (const house of ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff']) {
      expect(last?.[house], house).toBe(points[house]);
    }
  });
});
