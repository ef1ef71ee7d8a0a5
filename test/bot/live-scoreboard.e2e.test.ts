import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, killChildren, startMain } from '../support/child.js';
import { until } from '../support/eventually.js';
import { type AcceptedEdit, FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { createTestDatabase } from '../support/store.js';

/*
 * Two nodes, as processes, over one PostgreSQL database, both with the bot token: each change is
 * edited by one node only (a lease per message in the store), and when the node holding the
 * message is killed (SIGKILL: it gives nothing up), the other takes it over once the lease runs
 * out. The interval and the lease are shortened (LIVE_EDIT_INTERVAL_MS, LIVE_LEASE_MS); nothing
 * asserts a duration.
 */

const GUILD = '1133557799224466890';
const ADMIN = { id: '300000000000000009', username: 'admin' };
const INTERVAL_MS = 1_500;
const LEASE_MS = 6_000;

interface Node {
  child: Child;
  url: string;
  owner: string;
}

function shows(edit: AcceptedEdit, gryffindor: string): boolean {
  return JSON.stringify(edit.body.embeds).includes(`— ${gryffindor} points`);
}

describe('a live scoreboard on two PostgreSQL nodes', () => {
  let fake: FakeDiscord;
  let database: { url: string; drop(): Promise<void> };
  let game: pg.Client;
  const nodes: Node[] = [];
  const setPoints = (gryffindor: number) =>
    game.query('UPDATE house_points SET gryffindor = $1 WHERE guild_id = $2', [gryffindor, GUILD]);

  async function startNode(extra: Record<string, string> = {}): Promise<Node> {
    const { child, url } = await startMain({
      DATABASE_URL: database.url,
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_REST_URL: fake.restUrl,
      DISCORD_PUBLIC_KEY: fake.publicKey,
      LIVE_EDIT_INTERVAL_MS: String(INTERVAL_MS),
      LIVE_LEASE_MS: String(LEASE_MS),
      ...extra,
    });
    const match = await child.waitForStdout(/"owner":"([0-9a-f-]+)"[^\n]*live scoreboards started/);
    return { child, url, owner: match[1] ?? '' };
  }

  beforeAll(async () => {
    fake = await FakeDiscord.start({ guilds: [GUILD] });
    database = await createTestDatabase();
    nodes.push(await startNode());
    nodes.push(await startNode());
    game = new pg.Client({ connectionString: database.url });
    await game.connect();
    await game.query(
      'INSERT INTO house_points (guild_id, gryffindor, slytherin, ravenclaw, hufflepuff) VALUES ($1, 100, 90, 80, 70)',
      [GUILD],
    );
  });
  afterAll(async () => {
    await game?.end();
    await killChildren();
    await database?.drop();
    await fake?.close();
  });

  it('posts through one node, then each change is edited once, by one node', async () => {
    await fake.setInteractionsEndpoint(`${nodes[0]?.url}/interactions`);
    await fake.sendInteraction(
      fake.command('scoreboard', [{ name: 'post', type: 1, options: [] }], {
        guildId: GUILD,
        user: ADMIN,
      }),
    );
    await until(() => fake.channelMessages.size > 0, 'the message posted');
    expect(fake.channelMessages.size).toBe(1);
    for (const value of [1_001, 1_002, 1_003]) {
      await setPoints(value);
      await fake.waitForEdit((e) => shows(e, value.toLocaleString('en-US')));
    }
    // Two intervals and a lease renewal more: a second node's edit would have come by then.
    await sleep(INTERVAL_MS * 2 + LEASE_MS / 3);
    for (const value of ['1,001', '1,002', '1,003']) {
      expect(
        fake.edits.filter((e) => shows(e, value)),
        value,
      ).toHaveLength(1);
    }
    expect(fake.edits).toHaveLength(3);
  });

  it('the holder killed: the other node takes the message over once the lease runs out', async () => {
    const { rows } = await game.query<{ lease_owner: string }>(
      'SELECT lease_owner FROM live_messages WHERE guild_id = $1',
      [GUILD],
    );
    const holder = nodes.find((node) => node.owner === rows[0]?.lease_owner);
    const other = nodes.find((node) => node !== holder);
    expect(holder).toBeDefined();
    holder?.child.process.kill('SIGKILL');
    await holder?.child.exited;
    await setPoints(1_004);
    await fake.waitForEdit((e) => shows(e, '1,004'));
    const after = await game.query<{ lease_owner: string }>(
      'SELECT lease_owner FROM live_messages WHERE guild_id = $1',
      [GUILD],
    );
    expect(after.rows[0]?.lease_owner).toBe(other?.owner);
  });
});
