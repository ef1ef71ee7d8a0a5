import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { fixture, RICH } from '../support/fixture.js';
import { rawRequest } from '../support/raw-http.js';
import { sendRaw } from '../support/raw-socket.js';
import { buildHardeningApp, listen } from './support/app.js';

const DISCORD_TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDA.fake-discord.token-for-log-tests';

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('logs', () => {
  for (const level of ['info', 'trace'] as const) {
    it(`carry no key, key digest, Discord token or stack trace (LOG_LEVEL=${level})`, async () => {
      const log = sink();
      const logger = createLogger({ level, secrets: [DISCORD_TOKEN], destination: log.stream });
      const t = await buildHardeningApp(fixture, {
        logger,
        config: { rateLimitPerMinute: 3, failureLimitPerMinute: 4 },
      });
      const revoked = await t.keyStore.create({ name: 'old' });
      await t.keyStore.revoke(revoked.id);
      const unknown = 'hc_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';
      const secrets = [t.key, revoked.key, unknown, DISCORD_TOKEN];
      const get = (url: string, authorization?: string) =>
        t.app.inject({ url, headers: authorization === undefined ? {} : { authorization } });
      try {
        await get(`/v1/points/${RICH}`, t.key);
        await get(`/v1/players/${RICH}`, `Bearer ${t.key}`);
        await get(`/v1/points/${RICH}`, revoked.key);
        await get(`/v1/points/${RICH}`, unknown);
        await get(`/v1/points/${RICH}`, `Bearer ${DISCORD_TOKEN}`);
        await get(`/v1/points/${RICH}`, 'garbage');
        // Keys and the token where they do not belong: in the path and the query string.
        await get(`/v1/players/${t.key}`, t.key);
        await get(`/v1/players/${revoked.key}/${t.key}`);
        await get(`/v1/points/${RICH}?key=${t.key}&token=${DISCORD_TOKEN}`, t.key);
        await get(`/v1/players/hc%5F${t.key.slice(3)}`, t.key);
        await get(`/nothing/${t.key}?k=${revoked.key}`);
        await get(`/v1/jobs/%zz${t.key}`, t.key);
        // Past the per-key and per-address limits.
        for (let i = 0; i < 5; i++) await get(`/v1/jobs/${RICH}`, t.key);
        for (let i = 0; i < 6; i++) await get(`/v1/jobs/${RICH}?key=${unknown}`, unknown);
        // Over a socket, where the parser answers (431) before Fastify sees anything.
        const { url, port } = await listen(t.app);
        await rawRequest(url, `/v1/points/${RICH}?key=${t.key}`, { authorization: t.key });
        await sendRaw(
          port,
          `GET /v1/points/${t.key} HTTP/1.1\r\nAuthorization: ${t.key}\r\nX: ${'x'.repeat(20_000)}\r\n\r\n`,
        );
        // A 500: the database closed under the app.
        await t.store.close();
        const broken = await get(`/v1/players/${RICH}?after=${t.key}`, `Bearer ${t.key}`);
        expect(broken.statusCode).toBe(500);
      } finally {
        await t.close();
      }
      const text = log.text();
      // The run was logged (so the checks below look at something).
      expect(text).toContain('"status":500');
      expect(text).toContain('request failed');
      expect(text).toContain('"status":429');
      for (const secret of secrets) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(secret.replace(/^hc_/, ''));
        expect(text).not.toContain(sha256(secret));
        expect(text).not.toContain(sha256(secret).toUpperCase());
      }
      expect(text).not.toMatch(/\n\s+at /);
      expect(text).not.toMatch(/\\n\s+at /);
    });
  }
});
