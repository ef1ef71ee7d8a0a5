/*
 * Data no import should let in, written straight into the tables as another program may
 * (docs/cli-and-data.md): blank and bidi-laden names, 40 long jobs, a member with 30 profiles, user
 * ids that are not snowflakes. Through both transports, against a fake Discord that refuses what
 * real Discord refuses, every command still answers with its embed, never the apology, and each
 * long list says what it leaves out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { APOLOGY } from '../../src/bot/dispatcher.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import {
  type EmbedData,
  FAKE_TOKEN,
  FakeDiscord,
  type InteractionCallback,
  type UserData,
} from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';

const GUILD = '1133557799224466870';
const MEMBER: UserData = { id: '600000000000000001', username: 'many' };
const ALICE: UserData = { id: '500000000000000001', username: 'alice' };
const NOT_A_SNOWFLAKE = 'not_a-snowflake';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const JOB_NAMES = ['   ', '\u202E\u2066', 'Au\u202Eror', '\u200B'];

function fill(database: TestDatabase): void {
  const sqlite = database.db.sqlite;
  const job = sqlite.prepare(
    'INSERT INTO jobs (guild_id, id, name, description, salary) VALUES (?, ?, ?, ?, ?)',
  );
  for (let id = 1; id <= 40; id++) {
    const name = JOB_NAMES[id - 1] ?? `Job ${id} ${'n'.repeat(80)}`;
    job.run(GUILD, id, name, `${'d'.repeat(690)} \u202Eend`, id);
  }
  const profile = sqlite.prepare(
    'INSERT INTO profiles (guild_id, id, user_id, name, house, year, job_id, galleons, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (let id = 1; id <= 30; id++) {
    const name = id === 1 ? ' \t ' : id === 2 ? '\u202Eevil' : `Profile ${id}`;
    profile.run(GUILD, id, MEMBER.id, name, 'ravenclaw', 3, 5 + id, 10, '2026-01-01T00:00:00.000Z');
  }
  profile.run(
    GUILD,
    31,
    NOT_A_SNOWFLAKE,
    'Imported',
    null,
    null,
    null,
    0,
    '2026-01-01T00:00:00.000Z',
  );
}

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;

beforeAll(async () => {
  database = await openTestDatabase();
  fill(database);
  fake = await FakeDiscord.start({ guilds: [GUILD] });
  const log = captureLog([FAKE_TOKEN]);
  const config = loadConfig({ DISCORD_TOKEN: FAKE_TOKEN, DISCORD_REST_URL: fake.restUrl });
  const services = commandServices(database.store, config);
  bot = await startBot({ config, services, logger: log.logger });
  served = await startInteractionsApp({
    database,
    services,
    publicKey: fake.publicKey,
    restUrl: fake.restUrl,
    logger: log.logger,
  });
});

afterAll(async () => {
  await bot?.stop();
  await served?.close();
  await fake?.close();
  database?.cleanup();
});

function embedOf(callback: InteractionCallback): EmbedData {
  expect(callback.type).toBe(4);
  expect(callback.data.content).not.toBe(APOLOGY);
  const embed = callback.data.embeds?.[0];
  if (!embed) throw new Error(`no embed in ${JSON.stringify(callback.data)}`);
  expect(JSON.stringify(embed)).not.toMatch(BIDI);
  return embed;
}

/** The fields shown, and the count the closing "…and N more" field gives. */
function shownAndMore(embed: EmbedData): { shown: number; more: number } {
  const fields = embed.fields ?? [];
  const last = fields.at(-1);
  const more = /^and (\d+) more$/.exec(last?.value ?? '');
  return { shown: fields.length - (more ? 1 : 0), more: Number(more?.[1] ?? 0) };
}

describe.each(['gateway', 'http'] as const)('hostile data, over the %s', (via) => {
  beforeAll(async () => {
    await fake.setInteractionsEndpoint(via === 'http' ? `${served.url}/interactions` : null);
  });

  const run = (name: string, options: object[] = [], resolved: UserData[] = []) =>
    fake.sendInteraction(
      fake.command(name, options as never, { guildId: GUILD, user: ALICE }, resolved),
    );

  it('/jobs: 40 long jobs, blank and bidi names: labelled, and the count of those left out', async () => {
    const embed = embedOf(await run('jobs'));
    expect(embed.title).toBe('Jobs of this server (40)');
    const { shown, more } = shownAndMore(embed);
    expect(shown).toBeGreaterThan(0);
    expect(more).toBeGreaterThan(0);
    expect(shown + more).toBe(40);
    const names = (embed.fields ?? []).map((f) => f.name);
    expect(names.slice(0, 3)).toEqual(['Job #1', 'Job #2', 'Auror']);
    for (const name of names) expect(name.trim()).not.toBe('');
  });

  it('/players member: 30 profiles, a blank name: at most 25 fields, the rest counted', async () => {
    const embed = embedOf(
      await run('players', [{ name: 'member', type: 6, value: MEMBER.id }], [MEMBER]),
    );
    expect(embed.title).toBe('30 profiles');
    const { shown, more } = shownAndMore(embed);
    expect(shown + more).toBe(30);
    expect(more).toBeGreaterThan(0);
    expect(embed.fields?.[0]?.name).toBe('Profile #1');
    expect(embed.fields?.[1]?.name).toBe('evil');
  });

  it('/players: a user id that is no snowflake is shown as text, never as a mention', async () => {
    const page = await run('players');
    const description = embedOf(page).description ?? '';
    expect(description).toContain(`<@${MEMBER.id}>`);
    const buttons = page.data.components?.[0]?.components ?? [];
    const last = await fake.sendInteraction(
      fake.button(`players:page:3:${ALICE.id}`, fake.message(page.data, GUILD), {
        guildId: GUILD,
        user: ALICE,
      }),
    );
    expect(buttons).toHaveLength(2);
    const lastPage = last.data.embeds?.[0]?.description ?? '';
    expect(lastPage).toContain('not\\_a-snowflake');
    expect(lastPage).not.toContain('<@not');
  });

  it('sent nothing Discord would refuse', () => {
    expect(fake.refused).toEqual([]);
  });
});
