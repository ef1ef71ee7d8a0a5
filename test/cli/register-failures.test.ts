import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAsync } from '../support/cli.js';
import { APP_ID, FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { freePort } from '../support/free-port.js';

/*
 * Issue 20.9: `register` said "Discord refused the commands" for a name that does not resolve
 * and for a Discord that never answers. Each failure now says what it is, and never the token.
 */

const TOKEN = 'bot-token-that-must-not-show';

function register(restUrl: string, token = TOKEN) {
  return runCliAsync(['register'], {
    DATABASE_PATH: ':memory:',
    DISCORD_TOKEN: token,
    DISCORD_APPLICATION_ID: APP_ID,
    DISCORD_REST_URL: restUrl,
  });
}

let fake: FakeDiscord;
let silent: Server;
beforeAll(async () => {
  fake = await FakeDiscord.start({ checkRestToken: true });
  // Accepts connections and reads requests, never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve));
  await fake?.close();
});

describe('housecup register, when it fails', () => {
  it('names a host that does not resolve', async () => {
    const result = await register('http://housecup-test.invalid/api');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Cannot find housecup-test.invalid (ENOTFOUND): check the network',
    );
    expect(result.stderr).not.toContain('refused');
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('names a host that refuses connections', async () => {
    const port = await freePort();
    const result = await register(`http://127.0.0.1:${port}/api`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Cannot reach 127.0.0.1:${port} (ECONNREFUSED)`);
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('says Discord did not answer in time', async () => {
    const { port } = silent.address() as AddressInfo;
    const result = await register(`http://127.0.0.1:${port}/api`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Discord (127.0.0.1:${port}) did not answer in time`);
    expect(result.stderr).not.toContain(TOKEN);
  }, 60_000);

  it('still says Discord refused the commands when it did, without the token', async () => {
    const result = await register(fake.restUrl, `${TOKEN}-wrong`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Discord refused the commands (HTTP 401)');
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('registers with the right token', async () => {
    const result = await register(fake.restUrl, FAKE_TOKEN);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Registered 6 command(s) (global).');
  });
});
