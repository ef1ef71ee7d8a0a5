import { request as httpRequest } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLineWriter, quoted } from '../../src/http/access-log.js';
import { buildTestApp, listen, type TestApp } from '../support/app.js';
import { until } from '../support/eventually.js';
import { points } from '../support/history.js';
import { captureLog } from '../support/log-capture.js';

/*
 * The access line is made by hand (src/http/access-log.ts): the same bytes pino writes for the
 * same fields, through the same scrub of secrets, and only at the levels that write `info`.
 */

const GUILD = '111111111111111111';
const log = captureLog();
let test: TestApp;
let url: string;
let limitedKey: string;

beforeAll(async () => {
  test = await buildTestApp(
    { guilds: [{ id: GUILD, points: points(5, 0, 0, 0) }] },
    { logger: log.logger },
  );
  ({ key: limitedKey } = await test.keyStore.create({ name: 'limited', rateLimit: 100 }));
  ({ url } = await listen(test.app));
});
afterAll(() => test.close());

/** A GET of `path` exactly as given (no escaping by the client); its status. */
function get(path: string, key?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${url}${path}`, { headers: key ? { authorization: key } : {} });
    sent.path = path;
    sent.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The raw access lines written since the `since`th line, once `count` of them are there. */
async function accessLines(since: number, count: number): Promise<string[]> {
  const lines = () => log.raw.slice(since).filter((line) => line.includes('"msg":"request"'));
  // Written when the answer has gone: the client can see its end a moment before.
  await until(() => lines().length >= count, `${count} access lines`);
  return lines();
}

/** What pino itself writes for a line's fields (the time aside), through the same kind of logger. */
function pinoLine(line: string): string {
  const {
    level: _level,
    time: _time,
    msg,
    ...fields
  } = JSON.parse(line) as Record<string, unknown>;
  const other = captureLog();
  other.logger.info(fields, String(msg));
  return other.raw[0] ?? '';
}

const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe('the access line', () => {
  it('is the line pino writes for the same fields, with or without a key, escapes included', async () => {
    const before = log.raw.length;
    expect(await get(`/v1/points/${GUILD}`, limitedKey)).toBe(200);
    expect(await get(`/v1/points/${GUILD}`, test.key)).toBe(200);
    expect(await get('/v1/points/back\\slash', test.key)).toBe(400);
    expect(await get(`/v1/points/${GUILD}?q=${'x'.repeat(150)}`)).toBe(401);
    const lines = await accessLines(before, 4);
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line.endsWith('}\n')).toBe(true);
      expect(withoutTime(line)).toBe(withoutTime(pinoLine(line)));
    }
    const [limited, unlimited, escaped, anonymous] = lines.map(
      (line) => JSON.parse(line) as Record<string, unknown>,
    );
    expect(limited).toMatchObject({ level: 30, method: 'GET', status: 200, msg: 'request' });
    expect(typeof limited?.key).toBe('number');
    expect(unlimited?.key).not.toBe(limited?.key);
    expect(escaped?.url).toBe('/v1/points/back\\slash');
    expect(anonymous).not.toHaveProperty('key');
    expect(typeof anonymous?.ms).toBe('number');
    expect(typeof anonymous?.time).toBe('number');
  });

  it('leaves out an address the socket no longer has, as pino leaves out an undefined field', () => {
    const before = log.raw.length;
    const gone = { id: 'req-x', method: 'GET', url: '/v1/points/1', ip: undefined, apiKey: null };
    accessLineWriter(log.logger)(
      gone as unknown as FastifyRequest,
      { statusCode: 200, elapsedTime: 1.234 } as FastifyReply,
    );
    const [line = ''] = log.raw.slice(before);
    expect(JSON.parse(line)).not.toHaveProperty('ip');
    expect(withoutTime(line)).toBe(withoutTime(pinoLine(line)));
  });

  it('quotes its text as JSON.stringify does, whatever needs escaping', () => {
    const texts = [
      '',
      '/v1/points/1?limit=5&after=abc',
      'a "quote" and a back\\slash',
      'tab\tnew\nline\r\u0000\u001f\u007f',
      'latin é ü ÿ and the separators \u2028\u2029',
      'a pair 😀, a lone high \ud800 and a lone low \udfff',
      '\ud83d',
    ];
    for (const text of texts) expect(quoted(text)).toBe(JSON.stringify(text));
  });

  it('is scrubbed of anything shaped like a key, as every line is', async () => {
    const before = log.raw.length;
    const pasted = 'hc_abcdefghijklmnopqrstuvwxyz012345';
    expect(await get(`/v1/points/${pasted}`)).toBe(401);
    await accessLines(before, 1);
    const written = log.raw.slice(before).join('');
    expect(written).toContain('"msg":"request"');
    expect(written).not.toContain(pasted);
    expect(written).toContain('hc_[redacted]');
  });

  it('is scrubbed of a key spelled in escapes alone (no `_` in the line) and of a webhook secret', async () => {
    const before = log.raw.length;
    const escaped = '%68%63%5Fabcdefghijklmnop';
    const secret = 'whsec_QUJDREVGR0hJSktMTU5PUA==';
    expect(await get(`/v1/points/1?k=${escaped}`)).toBe(401);
    expect(await get(`/v1/points/1?s=${secret}`)).toBe(401);
    await accessLines(before, 2);
    const written = log.raw.slice(before).join('');
    expect(written).not.toContain(escaped);
    expect(written).not.toContain(secret);
    expect(written).toContain('k=hc_[redacted]');
    expect(written).toContain('s=whsec_[redacted]');
  });

  it('is not written below the info level, and is again once the level allows it', async () => {
    log.logger.level = 'warn';
    const before = log.raw.length;
    expect(await get(`/v1/points/${GUILD}`, test.key)).toBe(200);
    log.logger.level = 'info';
    expect(await get(`/v1/points/${GUILD}?again`, test.key)).toBe(200);
    const lines = await accessLines(before, 1);
    expect(lines.map((line) => JSON.parse(line).url)).toEqual([`/v1/points/${GUILD}?again`]);
  });
});
