import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/paths.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * docs/cli-and-data.md, "The other way in: the game writes the tables": another program (the
 * game) writes housecup's tables in its own process, and the running server serves the new data
 * at once, as one transaction.
 */

const GUILD = 'written-by-the-game';
let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => {
  await s.shutdown();
});

/** Runs `sql` in a child process on its own better-sqlite3 connection, as the README says. */
function gameWrites(sql: string) {
  const script = `
    import Database from 'better-sqlite3';
    const db = new Database(process.env.DATABASE_PATH);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.transaction(() => db.exec(process.env.SQL))();
    db.close();`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: packageRoot,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_PATH: s.databasePath, SQL: sql },
  });
}

const get = async (path: string) => {
  const response = await fetch(`${s.url}${path}`, { headers: { authorization: s.firstKey } });
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    body: await response.json(),
  };
};

describe('the game writing the tables directly', () => {
  it('is served by the running server, new ETag included', async () => {
    expect((await get(`/v1/points/${GUILD}`)).status).toBe(404);
    const first = gameWrites(`
      INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff)
        VALUES ('${GUILD}', 10, 20, 30, 40);
      INSERT INTO jobs (guild_id, id, name) VALUES ('${GUILD}', 1, 'Auror');
      INSERT INTO profiles (guild_id, id, user_id, name, house, year, job_id, created_at)
        VALUES ('${GUILD}', 1, '42', 'Luna', 'ravenclaw', 4, 1, '2026-09-01T10:00:00.000Z');`);
    expect(first.status, first.stderr).toBe(0);
    const points = await get(`/v1/points/${GUILD}`);
    expect(points.body).toEqual({
      gryffindor: 10,
      slytherin: 20,
      ravenclaw: 30,
      hufflepuff: 40,
      status: 200,
    });
    expect((await get(`/v1/players/${GUILD}`)).body).toMatchObject({
      count: 1,
      results: [{ name: 'Luna', house: 'ravenclaw', job_id: 1 }],
    });

    const second = gameWrites(
      `UPDATE house_points SET gryffindor = 11 WHERE guild_id = '${GUILD}';`,
    );
    expect(second.status, second.stderr).toBe(0);
    const updated = await get(`/v1/points/${GUILD}`);
    expect(updated.body).toMatchObject({ gryffindor: 11 });
    expect(updated.etag).not.toBe(points.etag);
  });

  it('a write that breaks a constraint is refused whole: nothing of it is served', async () => {
    const refused = gameWrites(`
      UPDATE house_points SET gryffindor = 999 WHERE guild_id = '${GUILD}';
      INSERT INTO profiles (guild_id, id, user_id, name, job_id, created_at)
        VALUES ('${GUILD}', 2, '43', 'Neville', 7, '2026-09-01T10:00:00.000Z');`);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('FOREIGN KEY constraint failed');
    expect((await get(`/v1/points/${GUILD}`)).body).toMatchObject({ gryffindor: 11 });
    expect((await get(`/v1/players/${GUILD}`)).body).toMatchObject({ count: 1 });
  });
});
