import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { fixture, RICH } from '../support/fixture.js';
import { needOutside } from '../support/outside.js';
import { parseAnswer, type RawAnswer, sendRaw } from '../support/raw-socket.js';
import {
  type Answer,
  budgetHeaders,
  deleteKeysUnder,
  get,
  keysUnder,
  type Nodes,
  startNodes,
  testPrefix,
} from './support.js';

/*
 * Two real services on loopback ports, sharing one Redis under one prefix: a budget is spent
 * once across both, with the very headers and 429 of the in-memory limiter.
 */

const redisUrl = needOutside('redis', import.meta.filename) ?? '';
const TOO_MANY = '{"error":"Too many requests","status":429}';

let running: Nodes | undefined;
let memory: TestApp | undefined;
let prefix = '';
afterEach(async () => {
  await running?.stop();
  await memory?.close();
  running = undefined;
  memory = undefined;
  if (prefix) await deleteKeysUnder(redisUrl, prefix);
});

async function twoNodes(env: Record<string, string> = {}) {
  prefix = testPrefix();
  running = await startNodes(2, fixture, {
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_PER_MINUTE: '600',
    ...env,
  });
  const [a, b] = running.nodes;
  if (!a || !b) throw new Error('two nodes expected');
  return { a, b, keys: running.database.store.keyStore };
}

/** What a client can compare: status, body, and the budget headers (reset as a number). */
function shape(answer: Answer) {
  const { limit, remaining, reset, retryAfter } = budgetHeaders(answer);
  return { status: answer.status, body: answer.body, limit, remaining, reset, retryAfter };
}

/** The responses of a pipelined exchange, one by one (Content-Length framed). */
function splitAnswers(raw: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const answer = parseAnswer(rest, false);
    if (answer.status === 0) break;
    answers.push(answer);
    const head = rest.indexOf('\r\n\r\n') + 4;
    rest = rest.subarray(head + Number(answer.headers['content-length'] ?? 0));
  }
  return answers;
}

function expectResetWithinAMinute(answer: Answer) {
  const { reset, retryAfter } = budgetHeaders(answer);
  expect(Number(reset)).toBeGreaterThanOrEqual(1);
  expect(Number(reset)).toBeLessThanOrEqual(60);
  if (answer.status === 429) expect(retryAfter).toBe(reset);
  else expect(retryAfter).toBeNull();
}

describe.skipIf(!redisUrl)('budgets shared in Redis by two nodes', () => {
  it('readiness names Redis as ok on both', async () => {
    const { a, b } = await twoNodes();
    for (const node of [a, b]) {
      const ready = await get(`${node.url}/readyz`, null);
      expect(ready.status).toBe(200);
      expect(ready.body).toBe('{"status":"ready","database":"ok","redis":"ok","bot":"disabled"}');
    }
  });

  it('a key limited to N gets N in total across both, answered as the in-memory limiter does', async () => {
    const { a, b, keys } = await twoNodes();
    const { key } = await keys.create({ name: 'shared', rateLimit: 6 });
    const shared: Answer[] = [];
    for (let i = 0; i < 9; i++) {
      shared.push(await get(`${(i % 2 === 0 ? a : b).url}/v1/points/${RICH}`, key));
    }
    expect(shared.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 429, 429, 429,
    ]);
    expect(shared.map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual([
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
      '0',
      '0',
      '0',
    ]);
    for (const answer of shared) expectResetWithinAMinute(answer);

    // One node with budgets in memory, the same nine requests: the same answers.
    memory = await buildTestApp(fixture, { rateLimitPerMinute: 600 });
    const alone = (await memory.keyStore.create({ name: 'alone', rateLimit: 6 })).key;
    const { url } = await listen(memory.app);
    const inMemory: Answer[] = [];
    for (let i = 0; i < 9; i++) inMemory.push(await get(`${url}/v1/points/${RICH}`, alone));
    const withoutReset = (answer: Answer) => ({ ...shape(answer), reset: null, retryAfter: null });
    expect(shared.map(withoutReset)).toEqual(inMemory.map(withoutReset));
    expect(shared.map((answer) => answer.headers.get('content-type'))).toEqual(
      inMemory.map((answer) => answer.headers.get('content-type')),
    );
    expect(shared[6]?.body).toBe(TOO_MANY);
  });

  it('requests counted together (one event-loop turn) each get a place of their own', async () => {
    const { a, b, keys } = await twoNodes();
    const { key } = await keys.create({ name: 'busy', rateLimit: 8 });
    expect((await get(`${b.url}/v1/points/${RICH}`, key)).status).toBe(200);
    // Ten requests in one write (HTTP pipelining): node a parses them in one turn, and Redis
    // counts them in one call; each answer still shows its own place in the shared budget.
    const request = (last: boolean) =>
      `GET /v1/points/${RICH} HTTP/1.1\r\nHost: x\r\nAuthorization: ${key}\r\n` +
      `${last ? 'Connection: close\r\n' : ''}\r\n`;
    const raw = await sendRaw(
      Number(new URL(a.url).port),
      Array.from({ length: 10 }, (_, i) => request(i === 9)).join(''),
    );
    const answers = splitAnswers(raw.raw);
    expect(answers.map((answer) => answer.status)).toEqual([...Array(7).fill(200), 429, 429, 429]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual([
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
      '0',
      '0',
      '0',
    ]);
    expect(answers[9]?.body).toBe(TOO_MANY);
  });

  it('failed requests from one address spend one budget across both nodes', async () => {
    const { a, b } = await twoNodes({ FAILURE_LIMIT_PER_MINUTE: '4' });
    const answers: Answer[] = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await get(`${(i % 2 === 0 ? a : b).url}/v1/points/${RICH}`, 'garbage'));
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    for (const node of [a, b]) {
      for (const path of [`/v1/points/${RICH}`, '/wp-login.php']) {
        const refused = await get(`${node.url}${path}`, 'garbage');
        expect(refused.status).toBe(429);
        expect(refused.body).toBe(TOO_MANY);
        const wait = Number(refused.headers.get('retry-after'));
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
      }
    }
  });

  it('counts limited keys by id and addresses by address, never an unlimited key, never a key itself', async () => {
    const { a, b, keys } = await twoNodes();
    const limited = await keys.create({ name: 'limited', rateLimit: 5 });
    const unlimited = await keys.create({ name: 'unlimited', rateLimit: 0 });
    for (const node of [a, b]) {
      expect((await get(`${node.url}/v1/points/${RICH}`, limited.key)).status).toBe(200);
      const free = await get(`${node.url}/v1/points/${RICH}`, unlimited.key);
      expect(free.status).toBe(200);
      expect(free.headers.get('x-ratelimit-limit')).toBeNull();
      expect((await get(`${node.url}/nothing-here`, null)).status).toBe(404);
    }
    const written = (await keysUnder(redisUrl, prefix)).map((name) => name.slice(prefix.length));
    // (`probe` is the health probe's own window, counted when a node connects.)
    expect(written.sort()).toEqual([`addr:127.0.0.1`, `key:${limited.id}`, 'probe']);
    for (const name of written) {
      expect(name).not.toContain(limited.key);
      expect(name).not.toContain(unlimited.key);
    }
  });

  it('with RATE_LIMIT_PER_MINUTE=0 a key without a limit of its own is not counted; one with a limit is, across nodes', async () => {
    const { a, b, keys } = await twoNodes({ RATE_LIMIT_PER_MINUTE: '0' });
    const { key: free } = await keys.create({ name: 'no limit of its own' });
    for (const node of [a, b, a, b]) {
      const answer = await get(`${node.url}/v1/points/${RICH}`, free);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(await keysUnder(redisUrl, prefix)).toEqual([`${prefix}probe`]);
    // "No default limit", never "no limits" (issue 20.5): its own limit holds on both nodes.
    const { key: limited } = await keys.create({ name: 'own limit', rateLimit: 1 });
    expect((await get(`${a.url}/v1/points/${RICH}`, limited)).status).toBe(200);
    expect((await get(`${b.url}/v1/points/${RICH}`, limited)).status).toBe(429);
  });
});
