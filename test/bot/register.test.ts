import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandModule } from '../../src/bot/command.js';
import { loadCommands } from '../../src/bot/loader.js';
import { registerCommands } from '../../src/bot/register.js';
import { loadConfig } from '../../src/config.js';
import { APP_ID, FAKE_TOKEN, FakeDiscord, type RecordedRequest } from '../support/fake-discord.js';
import { captureLog } from '../support/log-capture.js';
import { RICH } from './support/fixture.js';

interface SentCommand {
  name: string;
  description: string;
  contexts?: number[];
  dm_permission?: boolean;
  default_member_permissions?: string | null;
  options?: { name: string; type: number }[];
  name_localizations?: Record<string, string>;
  description_localizations?: Record<string, string>;
}

let fake: FakeDiscord;
/** What the loader loads: what must be published, as JSON. */
let loaded: CommandModule[];
beforeAll(async () => {
  fake = await FakeDiscord.start({ checkRestToken: true });
  loaded = await loadCommands();
});
afterAll(async () => {
  await fake.close();
});

function configFor(applicationId?: string) {
  return loadConfig({
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
    ...(applicationId ? { DISCORD_APPLICATION_ID: applicationId } : {}),
  });
}

function sentCommands(request: RecordedRequest): SentCommand[] {
  return request.body as SentCommand[];
}

function expectEveryDefinition(commands: SentCommand[]): void {
  // Every command the loader loads, each exactly as its module defines it.
  expect(commands).toEqual(JSON.parse(JSON.stringify(loaded.map((c) => c.definition))));
  for (const command of commands) {
    expect(command.contexts).toEqual([0]);
    expect(command).not.toHaveProperty('dm_permission');
  }
  const byName = new Map(commands.map((c) => [c.name, c]));
  // Manage Server = 1 << 5.
  expect(byName.get('apikey')?.default_member_permissions).toBe('32');
  expect(byName.get('apikey')?.options?.map((o) => o.name)).toEqual(['create', 'list', 'revoke']);
  expect(byName.get('scoreboard')?.default_member_permissions).toBe('32');
  expect(byName.get('scoreboard')?.options?.map((o) => o.name)).toEqual([
    'publish',
    'unpublish',
    'post',
    'stop',
  ]);
  // /players: a member, or the list sorted and filtered by choices (docs/http-api.md), or a
  // period's leaders.
  expect(byName.get('players')?.options).toMatchObject([
    { name: 'member', type: 6 },
    {
      name: 'sort',
      type: 3,
      choices: ['user_id', 'galleons', 'name', 'year', 'created_at'].map((value) => ({ value })),
    },
    {
      name: 'house',
      type: 3,
      choices: ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff', 'none'].map((value) => ({
        value,
      })),
    },
    {
      name: 'period',
      type: 3,
      choices: [{ value: 'week' }, { value: 'month' }, { value: 'term' }],
    },
  ]);
  expect(byName.get('points')?.default_member_permissions).toBeUndefined();
  // Each command in the members' languages (docs/discord.md; test/bot/commands.test.ts checks all).
  expect(byName.get('players')?.name_localizations).toMatchObject({ de: 'spieler', fr: 'joueurs' });
  expect(byName.get('points')?.description_localizations?.['pt-BR']).toBe(
    'A Taça das Casas: as quatro casas por pontos',
  );
}

describe('registerCommands', () => {
  it('publishes every definition globally, asking Discord for the application id', async () => {
    const before = fake.requests.length;
    const result = await registerCommands({ config: configFor(), logger: captureLog().logger });
    expect(result).toEqual({ count: loaded.length, scope: 'global' });
    const requests = fake.requests.slice(before);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /applications/@me',
      `PUT /applications/${APP_ID}/commands`,
    ]);
    expect(requests[1]?.authorization).toBe(`Bot ${FAKE_TOKEN}`);
    expectEveryDefinition(sentCommands(requests[1] as RecordedRequest));
  });

  it('publishes to one guild with a configured application id, without asking', async () => {
    const before = fake.requests.length;
    const appId = '123456789012345678';
    const result = await registerCommands({
      config: configFor(appId),
      guildId: RICH,
      logger: captureLog().logger,
    });
    expect(result).toEqual({ count: loaded.length, scope: `guild ${RICH}` });
    const requests = fake.requests.slice(before);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /applications/${appId}/guilds/${RICH}/commands`,
    ]);
    expectEveryDefinition(sentCommands(requests[0] as RecordedRequest));
  });

  it('refuses to run without a token', async () => {
    const config = loadConfig({ DISCORD_REST_URL: fake.restUrl });
    await expect(registerCommands({ config, logger: captureLog().logger })).rejects.toThrow(
      /DISCORD_TOKEN/,
    );
  });
});
