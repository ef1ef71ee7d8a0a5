/*
 * An integer option that is no integer (issue 29). Discord sends a safe integer within the
 * option's bounds; a payload that does not (a fraction, a string, `1e400`, which JSON.parse reads
 * as Infinity, a number past 2^53) is refused like an id that names no key: the not-found reply,
 * never SQL with it, never an error. Signed POSTs to the real /interactions; the gateway hands
 * its options to the same reader (src/bot/options.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/bot/i18n/index.js';
import { ALICE } from '../bot/support/fixture.js';
import { FakeDiscord } from '../support/fake-discord.js';
import { fixture, RICH } from '../support/fixture.js';
import { PATIENCE_MS } from '../support/patience.js';
import { type InteractionsApp, startInteractionsApp } from './support.js';

let fake: FakeDiscord;
let served: InteractionsApp;
let keyId: number;

beforeAll(async () => {
  fake = await FakeDiscord.start({ guilds: [RICH] });
  served = await startInteractionsApp({
    data: fixture,
    publicKey: fake.publicKey,
    restUrl: fake.restUrl,
    // The answer itself, however busy the machine: the deferral is not what this tests.
    deferAfterMs: PATIENCE_MS,
  });
  keyId = (await served.keyStore.create({ name: 'kept', guilds: [RICH] })).id;
});

afterAll(async () => {
  await served?.close();
  await fake?.close();
});

/** `/apikey revoke id:<raw>`, `raw` written into the signed JSON as it is. */
async function revoke(raw: string) {
  const option = { name: 'id', type: 4, value: 0 };
  const interaction = fake.command('apikey', [{ name: 'revoke', type: 1, options: [option] }], {
    guildId: RICH,
    user: ALICE,
  });
  const body = JSON.stringify(interaction).replace('"value":0', () => `"value":${raw}`);
  const response = await fetch(`${served.url}/interactions`, {
    method: 'POST',
    headers: fake.signer.headers(body),
    body,
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

describe('/apikey revoke with an id that is no integer', () => {
  it.each([
    ['a fraction', () => `${keyId}.5`],
    ['a string', () => `"${keyId}"`],
    ['1e400 (Infinity)', () => '1e400'],
    ['-1e400 (-Infinity)', () => '-1e400'],
    ['1e300', () => '1e300'],
    ['2^53 + 1', () => '9007199254740993'],
    ['null', () => 'null'],
    ['a list', () => `[${keyId}]`],
  ])('%s: the not-found reply, and the key stays', async (_, raw) => {
    expect(await revoke(raw())).toMatchObject({
      status: 200,
      json: { type: 4, data: { content: ENGLISH.t.notFound.key, flags: 64 } },
    });
    const [kept] = await served.keyStore.list({ guildId: RICH });
    expect(kept).toMatchObject({ id: keyId, revoked_at: null });
  });

  it('a safe integer still revokes', async () => {
    const answer = await revoke(String(keyId));
    expect(answer.json).toMatchObject({ type: 4, data: { flags: 64 } });
    expect(JSON.stringify(answer.json)).toContain(`#${keyId}`);
  });
});
