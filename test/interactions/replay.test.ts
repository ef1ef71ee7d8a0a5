import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { redisBudgets } from '../../src/redis/redis-budgets.js';
import { deleteKeysUnder, testPrefix } from '../redis/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { FakeDiscord } from '../support/fake-discord.js';
import { fixture, RICH } from '../support/fixture.js';
import { needOutside } from '../support/outside.js';
import { PATIENCE_MS } from '../support/patience.js';
import { type InteractionsApp, startInteractionsApp } from './support.js';

/*
 * Issue 20.3, docs/discord.md: a replayed signed interaction runs once. One captured `/apikey
 * create` sent three times made three keys, each returned to the replayer; now the first creates
 * the key and the replays get 409, on one node and across nodes sharing Redis.
 */

const redisUrl = needOutside('redis', import.meta.filename);
const ALREADY = { error: 'This interaction was already handled', status: 409 };

let fake: FakeDiscord;
let database: TestDatabase;
beforeAll(async () => {
  fake = await FakeDiscord.start({ guilds: [RICH] });
  database = await openTestDatabase(fixture);
});
afterAll(async () => {
  await fake?.close();
  database?.cleanup();
});

/** One signed `/apikey create`, as Discord sends it (Manage Server in the member's permissions). */
function captured() {
  const interaction = fake.command(
    'apikey',
    [{ name: 'create', type: 1, options: [{ name: 'name', type: 3, value: 'replayed' }] }],
    { guildId: RICH, user: { id: '42', username: 'eve' }, permissions: '32' },
  );
  const body = JSON.stringify(interaction);
  return { body, headers: fake.signer.headers(body) };
}

async function send(node: InteractionsApp, request: ReturnType<typeof captured>) {
  const response = await fetch(`${node.url}/interactions`, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const keysNamedReplayed = async () =>
  (await database.store.keyStore.list()).filter((key) => key.name === 'replayed').length;

describe('a replayed signed interaction', () => {
  it('runs once on one node: the replays get 409 and no answer, one key is made', async () => {
    const node = await startInteractionsApp({
      database,
      publicKey: fake.publicKey,
      restUrl: fake.restUrl,
      // The answer itself, however busy the machine: the deferral is not what this tests.
      deferAfterMs: PATIENCE_MS,
    });
    try {
      const request = captured();
      const first = await send(node, request);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ type: 4 });
      expect(JSON.stringify(first.body)).toContain('hc_');
      for (let replay = 0; replay < 2; replay++) {
        const again = await send(node, request);
        expect(again).toEqual({ status: 409, body: ALREADY });
      }
      expect(await keysNamedReplayed()).toBe(1);
    } finally {
      await node.close();
    }
  });

  it.skipIf(!redisUrl)('runs once across nodes sharing Redis', async () => {
    const prefix = testPrefix();
    const logger = createLogger({ level: 'silent' });
    const budgets = await Promise.all(
      [0, 1].map(() =>
        redisBudgets({
          url: redisUrl ?? '',
          prefix,
          logger,
          rateLimitPerMinute: 0,
          failureLimitPerMinute: 0,
        }),
      ),
    );
    const nodes = await Promise.all(
      budgets.map((shared) =>
        startInteractionsApp({
          database,
          publicKey: fake.publicKey,
          restUrl: fake.restUrl,
          // The answer itself, however busy the machine: the deferral is not what this tests.
          deferAfterMs: PATIENCE_MS,
          budgets: shared,
        }),
      ),
    );
    try {
      const before = await keysNamedReplayed();
      const request = captured();
      const answers = [
        await send(nodes[0] as InteractionsApp, request),
        await send(nodes[1] as InteractionsApp, request),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 409]);
      expect(await keysNamedReplayed()).toBe(before + 1);
    } finally {
      for (const node of nodes) await node.close();
      for (const shared of budgets) await shared.close();
      await deleteKeysUnder(redisUrl ?? '', prefix);
    }
  });
});
