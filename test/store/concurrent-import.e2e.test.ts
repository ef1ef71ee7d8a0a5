import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIG_GUILD, bigGuildFile, writeJson } from '../support/big-guild.js';
import { killChildren, spawnCli } from '../support/child.js';
import { startTestService, type TestService } from '../support/service.js';

const PROFILES = 30_000;
const PATHS = [`/v1/players/${BIG_GUILD}`, `/v1/points/${BIG_GUILD}`] as const;

let service: TestService;
let files: { A: string; B: string };

beforeAll(async () => {
  // Unlimited: the readers below send far more than a key's default 600 a minute.
  service = await startTestService({ RATE_LIMIT_PER_MINUTE: '0' });
  files = {
    A: writeJson(join(service.dir, 'A.json'), bigGuildFile(PROFILES, 'A')),
    B: writeJson(join(service.dir, 'B.json'), bigGuildFile(PROFILES, 'B')),
  };
});
afterEach(killChildren);
afterAll(async () => service.shutdown());

async function importFile(version: 'A' | 'B'): Promise<void> {
  const child = spawnCli(['import', files[version]], service.databasePath);
  expect(await child.exited, child.stderr()).toBe(0);
}

async function answers(): Promise<{ status: number; body: string }[]> {
  return Promise.all(
    PATHS.map(async (path) => {
      const response = await fetch(`${service.url}${path}`, {
        headers: { authorization: service.firstKey },
      });
      return { status: response.status, body: await response.text() };
    }),
  );
}

describe('an import in another process never blocks or confuses readers', () => {
  it('every answer during repeated imports is exactly version A or version B', async () => {
    await importFile('A');
    const a = (await answers()).map((answer) => answer.body);
    await importFile('B');
    const b = (await answers()).map((answer) => answer.body);
    expect(JSON.parse(a[0] ?? '').count).toBe(PROFILES);
    expect(a[0]).not.toBe(b[0]);
    expect(a[1]).not.toBe(b[1]);

    let importing = true;
    const imports = (async () => {
      try {
        for (const version of ['A', 'B'] as const) await importFile(version);
      } finally {
        importing = false;
      }
    })();
    const seen = { A: 0, B: 0 };
    let requests = 0;
    while (importing) {
      const round = await answers();
      round.forEach((answer, index) => {
        requests += 1;
        expect(answer.status, answer.body.slice(0, 200)).toBe(200);
        if (answer.body === a[index]) seen.A += 1;
        else if (answer.body === b[index]) seen.B += 1;
        else expect.fail(`${PATHS[index]}: neither version A nor B: ${answer.body.slice(0, 200)}`);
      });
    }
    await imports;
    // The readers ran throughout, and saw the data change under them.
    expect(requests).toBeGreaterThan(8);
    expect(seen.A).toBeGreaterThan(0);
    expect(seen.B).toBeGreaterThan(0);
    const last = await answers();
    expect(last.map((answer) => answer.body)).toEqual(b);
  });
});
