import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, TOKEN } from './support.js';

/*
 * `register` against a Discord that never answers says so, and never the token. It waits out the
 * request timeout (21 s measured), hence the end-to-end run; register-failures.test.ts has the
 * quick failures.
 */

let silent: Server;
beforeAll(async () => {
  // Accepts connections and reads requests, never answers.
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve));
});

describe('housecup register, when it fails', () => {
  it('says Discord did not answer in time', async () => {
    const { port } = silent.address() as AddressInfo;
    const result = await register(`http://127.0.0.1:${port}/api`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Discord (127.0.0.1:${port}) did not answer in time`);
    expect(result.stderr).not.toContain(TOKEN);
  });
});
