import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, RICH } from '../support/fixture.js';
import { rawRequest } from '../support/raw-http.js';
import { sendRaw } from '../support/raw-socket.js';
import { buildHardeningApp, type HardeningApp, listen } from './support/app.js';
import { authorization, METHODS, path, percentEncode, query } from './support/fuzz.js';
import { brokenRule } from './support/invariants.js';

let t: HardeningApp;
let base: { url: string; port: number };

beforeAll(async () => {
  t = await buildHardeningApp(fixture, { config: { failureLimitPerMinute: 0 } });
  base = await listen(t.app);
});
afterAll(async () => t.close());

/** Bytes no HTTP client library would send: raw control characters, spaces, bare LFs, UTF-8. */
const rawTarget = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 300 }).map((s) => `/v1/players/${s}`),
  fc
    .uint8Array({ minLength: 1, maxLength: 200 })
    .map((b) => `/v1/points/${Buffer.from(b).toString('latin1')}`),
  fc.integer({ min: 17_000, max: 40_000 }).map((n) => `/v1/players/${'1'.repeat(n)}`),
  fc.constantFrom('*', '', 'http://x/v1/players', '//', '/v1/../../etc/passwd', '/\u0000'),
);
const rawHeaderLines = fc.array(
  fc.oneof(
    fc.constantFrom(
      'Authorization: hc_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'Content-Length: -1',
      'Content-Length: 1\r\nContent-Length: 2',
      'Transfer-Encoding: chunked\r\nContent-Length: 3',
      'Transfer-Encoding: gzip',
      ' folded: continuation',
      'no colon here',
      ': empty name',
      `X-Big: ${'b'.repeat(20_000)}`,
    ),
    fc.string({ unit: 'binary', maxLength: 100 }).map((s) => `X-Random: ${s}`),
  ),
  { maxLength: 4 },
);
const rawVersion = fc.constantFrom(
  'HTTP/1.1',
  'HTTP/1.0',
  'HTTP/2.0',
  'HTTP/1.1 extra',
  'HTCPCP/1.0',
  '',
);

describe('random requests over a real socket', () => {
  it('answers what a client library can send with the JSON contract (431 for over-long URLs)', async () => {
    const secrets = [t.key];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.oneof(
          path(RICH, 10_000),
          // Past Node's 16 KiB limit on the request line and headers.
          fc
            .uint8Array({ minLength: 6_000, maxLength: 12_000 })
            .map((bytes) => `/v1/players/${percentEncode(bytes)}`),
        ),
        query,
        authorization(secrets),
        async (method, p, q, header) => {
          const url = `${p}${q}`;
          const answer = await rawRequest(
            base.url,
            url,
            header === undefined ? {} : { authorization: header },
            method,
          );
          const sent = header?.includes('hc_') ? [header.replace(/^bearer\s+/i, '')] : [];
          const broken = brokenRule({ method, url, ...answer, body: answer.text }, [
            ...secrets,
            ...sent,
          ]);
          expect(broken, `${method} ${url.slice(0, 200)}`).toBeNull();
          // Node's parser refuses a request line past maxHeaderSize (16 KiB) before any route.
          if (url.length > 16_384) expect(answer.status).toBe(431);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('answers malformed and over-long requests from the HTTP parser in JSON too', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS, 'GE T', 'BREW', ''),
        rawTarget,
        rawVersion,
        rawHeaderLines,
        async (method, target, version, lines) => {
          const head = [`${method} ${target} ${version}`, 'Host: x', ...lines, 'Connection: close'];
          const request = Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1');
          const answer = await sendRaw(base.port, request);
          const label = `${JSON.stringify(head.join(' | ').slice(0, 300))}`;
          expect(answer.status, label).toBeGreaterThan(0);
          const broken = brokenRule(
            {
              method,
              url: target,
              status: answer.status,
              headers: answer.headers,
              body: answer.body,
            },
            ['hc_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
          );
          expect(broken, label).toBeNull();
        },
      ),
      { numRuns: 50 },
    );
  });

  it('answers 431 in JSON for headers past maxHeaderSize, and 400 in JSON for garbage', async () => {
    const big = await sendRaw(
      base.port,
      `GET /v1/points/${RICH} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toEqual({ error: 'Request headers too large', status: 431 });
    // HEAD gets the same status and headers, and no body (one would corrupt the next answer).
    const head = await sendRaw(base.port, `HEAD /v1/points/${'1'.repeat(20_000)} HTTP/1.1\r\n\r\n`);
    expect(head.status).toBe(431);
    expect(head.raw.toString('latin1').endsWith('\r\n\r\n')).toBe(true);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    const garbage = await sendRaw(base.port, 'this is not http\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ error: 'Bad request', status: 400 });
    expect(garbage.closed).toBe(true);
  });
});
