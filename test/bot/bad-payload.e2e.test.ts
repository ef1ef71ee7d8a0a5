/*
 * A gateway event discord.js cannot read, sent to the real service (`node dist/src/main.js`)
 * by the fake Discord: an interaction whose `member.permissions` is no number makes
 * discord.js throw while it builds the interaction, outside any handler of housecup's. The
 * process must live on: that interaction is dropped and logged once (without its token), the
 * next one is answered, and the HTTP API keeps serving.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, killChildren, startMain } from '../support/child.js';
import { FAKE_TOKEN, FakeDiscord, type InteractionCallback } from '../support/fake-discord.js';
import { ALICE, RICH } from './support/fixture.js';

let dir: string;
let fake: FakeDiscord;
let child: Child;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'housecup-bad-payload-'));
  fake = await FakeDiscord.start({ guilds: [RICH] });
});

afterAll(async () => {
  await killChildren();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A service of its own for each case, so that one case's crash cannot hide another's. */
async function startService(name: string): Promise<void> {
  ({ child, url } = await startMain({
    DATABASE_PATH: join(dir, `${name}.db`),
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
  }));
  await child.waitForStdout(/Discord bot ready/);
}

/** The service's log lines that say an event was dropped. */
function dropped(): { level: number; event?: string; error?: { type: string } }[] {
  return child
    .stdout()
    .split('\n')
    .filter((line) => line.includes('could not read'))
    .map((line) => JSON.parse(line));
}

/** Rejects when the service exits, with what it wrote to stderr. */
async function died(): Promise<never> {
  const code = await child.exited;
  throw new Error(`the service exited (${code}): ${child.stderr().slice(0, 600)}`);
}

const points = () => fake.command('points', [], { guildId: RICH, user: ALICE });

describe.each(['abc', '1.5'])('member.permissions %j over the gateway', (permissions) => {
  beforeAll(() => startService(permissions));
  afterAll(killChildren);

  it('drops that interaction, logs it once, answers the next one; the API keeps serving', async () => {
    const bad = fake.command('points', [], { guildId: RICH, user: ALICE, permissions });
    // Never answered: discord.js could not make an interaction of it.
    let answered: InteractionCallback | null = null;
    void fake.sendInteraction(bad).then((callback) => {
      answered = callback;
    });
    // Events of a shard are handled in order: once the next one is answered, the bad one is done.
    const next = await Promise.race([fake.sendInteraction(points()), died()]);
    expect(next.type).toBe(4);
    expect(next.data.flags).toBe(64);
    expect(answered).toBeNull();

    expect(child.process.exitCode).toBeNull();
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);

    const lines = dropped();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, event: 'INTERACTION_CREATE' });
    expect(child.stdout()).not.toContain(String(bad.token));
  });
});
