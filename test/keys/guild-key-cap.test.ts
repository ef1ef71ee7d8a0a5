/*
 * The cap on a guild's own active keys (GUILD_KEY_CAP, what `/apikey create` is held to), on
 * both stores: only keys that read that guild alone and still work count; creates racing each
 * other from two handles on one database (two nodes, or the server and another process) never
 * pass it; the operator's CLI is not held to it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GUILD_KEY_CAP } from '../../src/keys/key-store.js';
import type { Store } from '../../src/store/store.js';
import { runCli } from '../support/cli.js';
import { openTestStore, storeKinds, type TestStore } from '../support/store.js';

const GUILD = '1133557799224466880';
const OTHER = '1133557799224466881';

let test: TestStore | undefined;
const others: Store[] = [];
afterEach(async () => {
  for (const store of others.splice(0)) await store.close();
  await test?.cleanup();
  test = undefined;
});

async function ownActive(store: Store, guildId = GUILD): Promise<number> {
  return (await store.keyStore.list({ guildId })).filter((key) => key.revoked_at === null).length;
}

describe.each(storeKinds(import.meta.filename))('on %s', (kind) => {
  it('counts the guild’s own active keys only, and refuses past the cap', async () => {
    test = await openTestStore(kind);
    const keys = test.store.keyStore;
    // None of these counts: revoked, another guild's, two guilds', every guild's.
    const revoked = await keys.create({ name: 'revoked', guilds: [GUILD] });
    await keys.revoke(revoked.id);
    await keys.create({ name: 'other', guilds: [OTHER] });
    await keys.create({ name: 'both', guilds: [GUILD, OTHER] });
    await keys.create({ name: 'all' });
    for (let i = 1; i < GUILD_KEY_CAP; i++) {
      expect(await keys.createInGuild(GUILD, `key ${i}`, GUILD_KEY_CAP)).not.toBeNull();
    }
    const last = await keys.createInGuild(GUILD, 'the last', GUILD_KEY_CAP);
    expect(last).toMatchObject({ id: expect.any(Number), key: expect.stringMatching(/^hc_/) });
    expect(await keys.createInGuild(GUILD, 'one too many', GUILD_KEY_CAP)).toBeNull();
    expect(await ownActive(test.store)).toBe(GUILD_KEY_CAP);
    // Another guild is not held back by this one's keys.
    expect(await keys.createInGuild(OTHER, 'other', GUILD_KEY_CAP)).not.toBeNull();

    // Revoking one frees its place.
    await keys.revoke(last?.id ?? 0);
    expect(await keys.createInGuild(GUILD, 'in its place', GUILD_KEY_CAP)).not.toBeNull();
    expect(await ownActive(test.store)).toBe(GUILD_KEY_CAP);
  });

  it('holds when creates race each other from two handles on one database', async () => {
    test = await openTestStore(kind);
    const second = await test.reopen();
    others.push(second);
    const below = GUILD_KEY_CAP - 5;
    for (let i = 0; i < below; i++) await test.store.keyStore.create({ guilds: [GUILD] });
    const handles = [test.store, second];
    // As many at once as a handle's PostgreSQL pool has connections (10 each): one more would
    // wait for a connection, which the pool gives up on after 3 s, and a busy machine can make
    // the creates ahead of it (one at a time, under the guild's lock) take that long.
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handles[i % 2]?.keyStore.createInGuild(GUILD, `race ${i}`, GUILD_KEY_CAP),
      ),
    );
    expect(created.filter((key) => key !== null)).toHaveLength(5);
    expect(await ownActive(test.store)).toBe(GUILD_KEY_CAP);
  });

  it('leaves the operator’s CLI free to create past it (`keys create --guild`)', async () => {
    test = await openTestStore(kind);
    for (let i = 0; i < GUILD_KEY_CAP; i++) {
      await test.store.keyStore.createInGuild(GUILD, `key ${i}`, GUILD_KEY_CAP);
    }
    const cli = runCli(['keys', 'create', '--guild', GUILD], test.env);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout.trim()).toMatch(/^hc_/);
    expect(await ownActive(test.store)).toBe(GUILD_KEY_CAP + 1);
  });
});
