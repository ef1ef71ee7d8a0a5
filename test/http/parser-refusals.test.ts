import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { fixture, RICH } from '../support/fixture.js';
import { captureLog } from '../support/log-capture.js';

/*
 * Requests refused before any route sees them are logged, one line each, and counted against the
 * address's failure budget like any refused request, so that a flood of them ends in 429 for that
 * address: those Node's HTTP parser refuses (400 malformed, 431 headers too large), and those
 * Fastify refuses before routing (a path that does not decode, `%ff`).
 */

/** Writes `bytes` on a new connection and reads the whole answer. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  const log = captureLog();
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp(fixture, { logger: log.logger, config: { failureLimitPerMinute: 3 } });
    ({ port } = await listen(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  it('are answered in JSON, logged once each, and counted: the address then gets 429', async () => {
    const malformed = await rawExchange(port, 'NOT A REQUEST\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 Bad request\r\n/);
    expect(malformed).toContain('{"error":"Bad request","status":400}');
    const huge = await rawExchange(
      port,
      `GET /v1/points HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    const lines = log
      .entries()
      .filter((entry) => entry.msg === 'request refused by the HTTP parser');
    expect(lines.map((line) => line.status)).toEqual([400, 431]);
    expect(lines[0]).toMatchObject({ ip: '127.0.0.1', code: expect.any(String) });
    expect(JSON.stringify(lines)).not.toContain('aaaa');
    await rawExchange(port, 'STILL NOT A REQUEST\r\n\r\n');
    // Three failures used up the budget: the next refused request from this address is a 429.
    const next = await fetch(`http://127.0.0.1:${port}/v1/points/${RICH}`);
    expect(next.status).toBe(429);
  });
});

describe('paths that do not decode', () => {
  const log = captureLog();
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp(fixture, { logger: log.logger, config: { failureLimitPerMinute: 3 } });
    ({ url } = await listen(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  it('are answered 400, logged with an access line each, and counted: the address then gets 429', async () => {
    const paths = ['/cup/%ff', `/v1/points/%ff`, `/cup/${RICH}/%ff`];
    for (const path of paths) expect((await fetch(url + path)).status).toBe(400);
    const lines = log.entries().filter((entry) => entry.msg === 'request');
    expect(lines.map((line) => [line.url, line.status])).toEqual(paths.map((path) => [path, 400]));
    expect(lines[0]).toMatchObject({ ip: '127.0.0.1', method: 'GET', ms: expect.any(Number) });
    const next = await fetch(`${url}/cup/%ff`);
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await fetch(`${url}/v1/points/${RICH}`)).status).toBe(429);
  });
});
