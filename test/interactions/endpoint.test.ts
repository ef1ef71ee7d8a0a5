/*
 * POST /interactions on the real server, on a loopback port, with real Ed25519 signatures:
 * what Discord's requests get, and what everything else gets. No API key anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/http/metrics.js';
import { MAX_INTERACTION_BYTES } from '../../src/interactions/route.js';
import { buildTestApp, listen } from '../support/app.js';
import { FakeDiscord, InteractionSigner } from '../support/fake-discord.js';
import { fixture, RICH } from '../support/fixture.js';
import { type InteractionsApp, startInteractionsApp } from './support.js';

const INVALID = { error: 'Invalid request signature', status: 401 };
const PING = JSON.stringify({ id: '1', application_id: '900000000000000001', type: 1, version: 1 });

let fake: FakeDiscord;
let served: InteractionsApp;
const metrics = createMetrics({ processMetrics: false });

beforeAll(async () => {
  fake = await FakeDiscord.start({ guilds: [RICH] });
  served = await startInteractionsApp({
    data: fixture,
    publicKey: fake.publicKey,
    restUrl: fake.restUrl,
    metrics,
  });
});

afterAll(async () => {
  await served?.close();
  await fake?.close();
});

const endpoint = () => `${served.url}/interactions`;
const now = () => Math.floor(Date.now() / 1000);

async function post(body: string | Buffer, headers: Record<string, string>) {
  const response = await fetch(endpoint(), { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: JSON.parse(text) as unknown };
}

describe('the signature', () => {
  it('a valid signature: a PING is answered {"type":1}, as JSON', async () => {
    const answer = await post(PING, fake.signer.headers(PING));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ type: 1 });
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('missing headers: 401, whichever is missing', async () => {
    const signed = fake.signer.headers(PING);
    const { 'x-signature-ed25519': _signature, ...noSignature } = signed;
    const { 'x-signature-timestamp': _timestamp, ...noTimestamp } = signed;
    for (const headers of [{ 'content-type': 'application/json' }, noSignature, noTimestamp]) {
      const answer = await post(PING, headers);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual(INVALID);
    }
  });

  it('a wrong key: signed by another application, 401', async () => {
    const answer = await post(PING, new InteractionSigner().headers(PING));
    expect(answer).toMatchObject({ status: 401, json: INVALID });
  });

  it('a tampered body: the signature of another body, 401', async () => {
    const tampered = PING.replace('"version":1', '"version":2');
    const answer = await post(tampered, fake.signer.headers(PING));
    expect(answer).toMatchObject({ status: 401, json: INVALID });
    // The same bytes as signed pass: the check covers exactly the raw body.
    expect((await post(PING, fake.signer.headers(PING))).status).toBe(200);
  });

  it('a tampered timestamp: signed at one time, sent with another, 401', async () => {
    const headers = fake.signer.headers(PING, now() - 10);
    headers['x-signature-timestamp'] = String(now() - 9);
    expect(await post(PING, headers)).toMatchObject({ status: 401, json: INVALID });
  });

  it('an old timestamp: a correct signature from over 5 minutes ago is a replay, 401', async () => {
    expect(await post(PING, fake.signer.headers(PING, now() - 301))).toMatchObject({
      status: 401,
      json: INVALID,
    });
    // From the future, an hour past the window: whatever a loaded machine takes to send the
    // request, it cannot bring the timestamp back into the window (as a signature 301 s ahead
    // could).
    expect(await post(PING, fake.signer.headers(PING, now() + 3_600))).toMatchObject({
      status: 401,
      json: INVALID,
    });
    // Well within the window, an older signature still passes (a slow network, a skewed clock).
    expect((await post(PING, fake.signer.headers(PING, now() - 150))).status).toBe(200);
  });

  it('a signature that is not 64 bytes of hex: 401', async () => {
    for (const signature of ['', 'zz'.repeat(64), 'ab'.repeat(63), 'ab'.repeat(65)]) {
      const headers = { ...fake.signer.headers(PING), 'x-signature-ed25519': signature };
      expect(await post(PING, headers)).toMatchObject({ status: 401, json: INVALID });
    }
  });
});

describe('everything but a signed JSON interaction', () => {
  it('another content type: 415 once signed, in the JSON error body; 401 unsigned', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const headers = { ...fake.signer.headers(PING), 'content-type': type };
      expect(await post(PING, headers)).toMatchObject({
        status: 415,
        json: { error: 'Unsupported media type', status: 415 },
      });
      // The signature is checked before anything else, whatever the body's type.
      expect(await post(PING, { 'content-type': type })).toMatchObject({
        status: 401,
        json: INVALID,
      });
    }
  });

  it('a body over 64 KiB: 413, before any signature work', async () => {
    const big = JSON.stringify({ type: 1, pad: 'x'.repeat(MAX_INTERACTION_BYTES) });
    expect(await post(big, fake.signer.headers(big))).toMatchObject({
      status: 413,
      json: { error: 'Request body too large', status: 413 },
    });
  });

  it('a signed body that is not JSON, or not an interaction: 400', async () => {
    for (const body of ['{not json', '{"type":2}', '{"type":4,"data":{}}']) {
      expect(await post(body, fake.signer.headers(body))).toMatchObject({
        status: 400,
        json: { error: 'Bad request', status: 400 },
      });
    }
  });

  it('another method: 405 with Allow: POST', async () => {
    const response = await fetch(endpoint());
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: 'Method not allowed', status: 405 });
  });

  it('needs no API key, and /v1 still does; /readyz and /metrics keep answering', async () => {
    const v1 = await fetch(`${served.url}/v1/points/${RICH}`);
    expect(v1.status).toBe(401);
    expect((await fetch(`${served.url}/readyz`)).status).toBe(200);
    const text = await (await fetch(`${served.url}/metrics`)).text();
    expect(text).toMatch(/housecup_http_requests_total\{method="POST",route="\/interactions"/);
  });

  it('is not there without DISCORD_PUBLIC_KEY: 404', async () => {
    const plain = await buildTestApp(fixture);
    try {
      const { url } = await listen(plain.app);
      const response = await fetch(`${url}/interactions`, {
        method: 'POST',
        headers: fake.signer.headers(PING),
        body: PING,
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the per-address failure budget', () => {
  it('a flood of bad signatures ends in 429 with Retry-After; a signed request still passes', async () => {
    const guarded = await startInteractionsApp({
      data: fixture,
      publicKey: fake.publicKey,
      restUrl: fake.restUrl,
      failureLimitPerMinute: 5,
    });
    try {
      const forged = new InteractionSigner().headers(PING);
      const send = (headers: Record<string, string>, body = PING) =>
        fetch(`${guarded.url}/interactions`, { method: 'POST', headers, body });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await send(forged)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      const flooded = await send(forged);
      expect(flooded.status).toBe(429);
      expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await flooded.json()).toEqual({ error: 'Too many requests', status: 429 });
      // Other refusals count too.
      expect((await send({ 'content-type': 'text/plain' })).status).toBe(429);
      // A request Discord signed is never refused by the budget of failures.
      const good = await send(fake.signer.headers(PING));
      expect(good.status).toBe(200);
      expect(await good.json()).toEqual({ type: 1 });
    } finally {
      await guarded.close();
    }
  });
});
