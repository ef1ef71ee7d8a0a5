import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite/store.js';
import { type Child, killChildren, spawnTs, startMain } from '../support/child.js';
import { runCli } from '../support/cli.js';
import { migrationsBefore } from '../support/migrations.js';

/*
 * Values no column should hold, in a database written around the checks that refuse them (the
 * checks dropped, the rows written, as another program could): the real service, in a process
 * of its own, never passes them on. Before, one such history row aborted the process on every
 * chart for a month (the native canvas got NaN), `/v1/points` served a string where the contract
 * promises an integer, and the public page put the string into an attribute unescaped.
 */

const CUP = 'cup';
const CLEAN = 'clean';
const PAYLOAD = '"><meta http-equiv="refresh" content="0;url=https://evil.example/">';
const NOW = Date.now();
const recent = (days: number) => new Date(NOW - days * 86_400_000).toISOString();
const points = (gryffindor: number, slytherin: number, ravenclaw: number, hufflepuff: number) => ({
  gryffindor,
  slytherin,
  ravenclaw,
  hufflepuff,
});

const nothing = { gryffindor: null, slytherin: null, ravenclaw: null, hufflepuff: null };

const dirs: string[] = [];
afterEach(killChildren);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A database with two guilds (CUP published), and a key for it, as the CLI makes one. */
async function database(): Promise<{ path: string; key: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'housecup-values-'));
  dirs.push(dir);
  const path = join(dir, 'housecup.db');
  const store = openSqliteStore(path);
  await store.importData({
    guilds: [
      {
        id: CUP,
        points: points(120, 95, 80, 101),
        history: [
          { at: recent(20), ...points(10, 10, 10, 10) },
          { at: recent(2), ...points(120, 95, 80, 101) },
        ],
      },
      { id: CLEAN, points: points(1, 2, 3, 4) },
    ],
  });
  await store.publication.publish(CUP);
  await store.close();
  const created = runCli(['keys', 'create', '--name', 'test'], path);
  expect(created.status, created.stderr).toBe(0);
  return { path, key: created.stdout.trim() };
}

/** Another program's connection, with housecup's type checks dropped (where there are any). */
function writerAroundTheChecks(path: string): BetterSqlite3.Database {
  const db = new Sqlite(path);
  const triggers = db
    .prepare<[], string>(
      `SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_types\\_%' ESCAPE '\\'`,
    )
    .pluck()
    .all();
  for (const name of triggers) db.exec(`DROP TRIGGER ${name}`);
  return db;
}

async function serve(path: string) {
  const { child, url } = await startMain({ DATABASE_PATH: path, DEMO_DATA: 'false' });
  return { child, url };
}

const alive = (child: Child) =>
  child.process.exitCode === null && child.process.signalCode === null;

describe('values the checks refuse', () => {
  it("are refused to the game's own connection, naming the column, while the service serves on unchanged", async () => {
    const { path, key } = await database();
    const { child, url } = await serve(path);
    const get = (route: string) => fetch(`${url}${route}`, { headers: { authorization: key } });
    // A fixed `to`: left out, the series ends at the next whole second, which moves between the
    // two reads on a loaded machine.
    const history = `/v1/points/${CUP}/history?to=${encodeURIComponent(new Date().toISOString())}`;
    const before = await (await get(history)).text();
    const game = new Sqlite(path);
    game.pragma('busy_timeout = 5000');
    for (const value of [`'oops'`, '-1e308', '1.5', `'${PAYLOAD.replaceAll("'", "''")}'`]) {
      expect(() =>
        game.exec(`UPDATE house_points SET gryffindor = ${value} WHERE guild_id = '${CUP}'`),
      ).toThrow('house_points.gryffindor must be an integer');
    }
    game.close();
    expect(await (await get(`/v1/points/${CUP}`)).json()).toEqual({
      ...points(120, 95, 80, 101),
      status: 200,
    });
    expect(await (await get(history)).text()).toBe(before);
    expect((await get(`/v1/points/${CUP}/chart.png`)).status).toBe(200);
    expect((await fetch(`${url}/cup/${CUP}/chart.png`)).status).toBe(200);
    expect(alive(child), child.stderr()).toBe(true);
  });
});

describe('values the checks never saw', () => {
  it('in the history: every chart is drawn, the history serves integers or null, one log line each, the process stays up', async () => {
    const { path, key } = await database();
    const writer = writerAroundTheChecks(path);
    const insert = writer.prepare(
      `INSERT INTO points_history (guild_id, at, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    insert.run(CUP, recent(10), 'oops', -1e308, 1e308, 1.5);
    // 2^60: an integer to SQLite and PostgreSQL alike, but not one JavaScript holds exactly.
    insert.run(CUP, recent(5), PAYLOAD, 2n ** 60n, 30, 40);
    writer.close();

    const { child, url } = await serve(path);
    const get = (route: string, withKey = true) =>
      fetch(`${url}${route}`, { headers: withKey ? { authorization: key } : {} });
    for (const route of [
      `/v1/points/${CUP}/chart.png`,
      `/v1/points/${CUP}/chart.png?days=2`,
      `/v1/points/${CUP}/chart.png?days=30&width=400&height=200`,
    ]) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
    const publicChart = await get(`/cup/${CUP}/chart.png`, false);
    expect(publicChart.status).toBe(200);
    expect(publicChart.headers.get('content-type')).toBe('image/png');
    const page = await get(`/cup/${CUP}`, false);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(PAYLOAD);

    const history = await get(`/v1/points/${CUP}/history`);
    expect(history.status).toBe(200);
    const series = (await history.json()) as { points: Record<string, unknown>[] };
    const values = series.points.flatMap(({ at: _, ...houses }) => Object.values(houses));
    expect(values.every((value) => value === null || Number.isSafeInteger(value))).toBe(true);
    // After each bad row: no value where it was bad, its good values as they were; then now.
    const entryAfter = (at: string) => series.points.find((entry) => String(entry.at) > at);
    expect(entryAfter(recent(10))).toMatchObject(nothing);
    expect(entryAfter(recent(5))).toMatchObject({ ...nothing, ravenclaw: 30, hufflepuff: 40 });
    expect(series.points.at(-1)).toMatchObject(points(120, 95, 80, 101));

    expect((await get(`/v1/points/${CUP}`)).status).toBe(200);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(alive(child), child.stderr()).toBe(true);
    // Told once each, however many answers met them.
    const told = child
      .stdout()
      .split('\n')
      .filter((line) => line.includes('stored value not served'))
      .map((line) => (JSON.parse(line) as { fault: string }).fault);
    expect(told).toContain(
      'points_history of guild cup: gryffindor holds "oops", not an integer; read as no value',
    );
    expect(told).toContain(
      'points_history of guild cup: slytherin holds -1e+308, not an integer; read as no value',
    );
    expect(told.some((fault) => fault.includes('slytherin holds 1152921504606847000'))).toBe(true);
    expect(new Set(told).size).toBe(told.length);
  });

  it('in the points: a 500 for that guild only, never the value; correcting the row ends it though the history keeps it', async () => {
    const { path, key } = await database();
    const writer = writerAroundTheChecks(path);
    writer.prepare('UPDATE house_points SET gryffindor = ? WHERE guild_id = ?').run(PAYLOAD, CUP);

    const { child, url } = await serve(path);
    const get = (route: string, withKey = true) =>
      fetch(`${url}${route}`, { headers: withKey ? { authorization: key } : {} });
    const served = await get(`/v1/points/${CUP}`);
    expect(served.status).toBe(500);
    expect(await served.json()).toEqual({ error: 'Internal server error', status: 500 });
    expect((await get(`/v1/points/${CUP}/chart.png`)).status).toBe(500);
    const page = await get(`/cup/${CUP}`, false);
    expect(await page.text()).not.toContain(PAYLOAD);
    expect(page.status).toBe(500);
    expect(await (await get(`/v1/points/${CLEAN}`)).json()).toEqual({
      ...points(1, 2, 3, 4),
      status: 200,
    });
    expect(child.stdout()).toContain('house_points of guild cup: gryffindor holds');

    // The game corrects its row; the bad copy stays in the history, inside the chart's 30 days.
    writer.exec(`UPDATE house_points SET gryffindor = 121 WHERE guild_id = '${CUP}'`);
    writer.close();
    const corrected = await get(`/v1/points/${CUP}`);
    expect(await corrected.json()).toEqual({ ...points(121, 95, 80, 101), status: 200 });
    expect((await get(`/v1/points/${CUP}/chart.png`)).status).toBe(200);
    const page2 = await get(`/cup/${CUP}`, false);
    expect(page2.status).toBe(200);
    expect(await page2.text()).toContain('data-points="121"');
    expect(alive(child), child.stderr()).toBe(true);
  });
});

describe('values stored before the checks existed', () => {
  it('stop the start with one line naming each row, before anything is served', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'housecup-values-'));
    dirs.push(dir);
    const path = join(dir, 'housecup.db');
    const old = new Sqlite(path);
    const cleanups: (() => void)[] = [];
    migrate(drizzle(old), {
      migrationsFolder: migrationsBefore('sqlite', '0006_type_checks', cleanups),
    });
    old.exec(`INSERT INTO house_points VALUES ('${CUP}', 1, 2, 3, 4);
      UPDATE house_points SET gryffindor = 'oops' WHERE guild_id = '${CUP}';`);
    old.close();
    for (const cleanup of cleanups) cleanup();

    const child = spawnTs('src/main.ts', [], { DATABASE_PATH: path, PORT: '0', LOG_LEVEL: 'info' });
    expect(await child.exited, child.stderr()).toBe(1);
    const lines = child.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^housecup: Cannot migrate database .*housecup\.db: /);
    expect(lines[0]).toContain(
      `house_points WHERE guild_id = 'cup': gryffindor is 'oops' (house_points.gryffindor must be an integer)`,
    );
    expect(lines[0]).toContain(`points_history WHERE id = 2: gryffindor is 'oops'`);
    expect(child.stdout()).not.toContain('housecup API listening');
  });
});
