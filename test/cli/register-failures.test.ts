import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCommands } from '../../src/bot/loader.js';
import { FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { freePort } from '../support/free-port.js';
import { register, TOKEN } from './support.js';

/*
 * Issue 20.9: `register` said "Discord refused the commands" for a name that does not resolve
 * and for a Discord that never answers. Each failure now says what it is, and never the token.
 * A Discord that never answers takes the whole request timeout: register-timeout.e2e.test.ts.
 */

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await FakeDiscord.start({ checkRestToken: true });
});
afterAll(async () => {
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

  it('still says Discord refused the commands when it did, without the token', async () => {
    const result = await register(fake.restUrl, `${TOKEN}-wrong`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Discord refused the commands (HTTP 401)');
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('registers with the right token', async () => {
    const result = await register(fake.restUrl, FAKE_TOKEN);
    expect(result.stderr).toBe('');
    const commands = await loadCommands();
    expect(result.stdout).toContain(`Registered ${commands.length} command(s) (global).`);
  });
});
