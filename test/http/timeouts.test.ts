import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_LIMITS } from '../../src/http/http-server.js';
import { fixture, RICH } from '../support/fixture.js';
import { PATIENCE_MS } from '../support/patience.js';
import { parseAnswer, type RawAnswer, sendRaw } from '../support/raw-socket.js';
import { buildHardeningApp, type HardeningApp, listen } from './support/app.js';

let t: HardeningApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function tightServer() {
  t = await buildHardeningApp(fixture, {
    limits: {
      headersTimeoutMs: 500,
      requestTimeoutMs: 1_000,
      keepAliveTimeoutMs: 500,
      maxHeaderSize: 2_048,
    },
  });
  return { app: t, ...(await listen(t.app)) };
}

/** Expects the server's own cut-off: a 408 JSON answer, or no answer, and a closed socket. */
function expectCutOff(answer: RawAnswer) {
  expect(answer.closed).toBe(true);
  if (answer.status !== 0) {
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request timeout', status: 408 });
  }
}

describe('socket limits', () => {
  it('uses limits fit for a server facing clients directly, by default', async () => {
    t = await buildHardeningApp(fixture);
    expect(t.app.server.headersTimeout).toBe(DEFAULT_HTTP_LIMITS.headersTimeoutMs);
    expect(t.app.server.requestTimeout).toBe(DEFAULT_HTTP_LIMITS.requestTimeoutMs);
    expect(t.app.server.keepAliveTimeout).toBe(DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs);
    // Node's own defaults: 60 s for headers, 300 s for a request, 5 s keep-alive.
    expect(DEFAULT_HTTP_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(15_000);
    expect(DEFAULT_HTTP_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(60_000);
  });

  it('cuts off a client that sends part of its headers and stalls', async () => {
    const { port } = await tightServer();
    // No blank line: the headers never end. Node's default would wait 60 s.
    const answer = await sendRaw(port, `GET /v1/points/${RICH} HTTP/1.1\r\nHost: x\r\nX-Slow: 1`);
    expectCutOff(answer);
  });

  it('cuts off a client that trickles its headers a byte at a time', async () => {
    const { port } = await tightServer();
    const answer = await new Promise<RawAnswer>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      const chunks: Buffer[] = [];
      const line = `GET /v1/points/${RICH} HTTP/1.1\r\nHost: x\r\nX-Slow: ${'s'.repeat(200)}`;
      let sent = 0;
      const drip = setInterval(() => {
        if (socket.writable && sent < line.length) socket.write(line[sent++] ?? '');
      }, 50);
      const done = (closed: boolean) => {
        clearInterval(drip);
        clearTimeout(timer);
        socket.destroy();
        resolve(parseAnswer(Buffer.concat(chunks), closed));
      };
      const timer = setTimeout(() => done(false), PATIENCE_MS);
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('close', () => done(true));
      socket.on('error', () => done(true));
    });
    expectCutOff(answer);
  });

  it('closes an idle keep-alive connection after keepAliveTimeout', async () => {
    const { port, app } = await tightServer();
    const answer = await sendRaw(
      port,
      `GET /v1/points/${RICH} HTTP/1.1\r\nHost: x\r\nAuthorization: ${app.key}\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    expect(answer.closed).toBe(true);
  });

  it('refuses headers past maxHeaderSize with 431 JSON', async () => {
    const { port } = await tightServer();
    const answer = await sendRaw(
      port,
      `GET /v1/points/${RICH} HTTP/1.1\r\nHost: x\r\nCookie: ${'c'.repeat(3_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request headers too large', status: 431 });
    expect(answer.closed).toBe(true);
  });
});
