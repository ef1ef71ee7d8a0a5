/*
 * Every command the loader loads, and each of its subcommands, run as a member would run it
 * with no option, over the gateway (the real discord.js client) and over the real
 * POST /interactions, in every locale housecup speaks: each answers, within Discord's limits,
 * neither "unknown command" nor the apology. No command is named here: a new module in
 * commands/ is held to this as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../src/bot/client.js';
import { languageOf, SPOKEN_LOCALES } from '../../src/bot/i18n/index.js';
import { loadCommands } from '../../src/bot/loader.js';
import { commandServices } from '../../src/bot/services.js';
import { loadConfig } from '../../src/config.js';
import { type InteractionsApp, startInteractionsApp } from '../interactions/support.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { messageProblems } from '../support/fake-discord/validation.js';
import { type CommandOption, FAKE_TOKEN, FakeDiscord } from '../support/fake-discord.js';
import { fixture, RICH } from '../support/fixture.js';
import { captureLog } from '../support/log-capture.js';
import { ALICE } from './support/fixture.js';

/** Discord's option type of a subcommand. */
const SUBCOMMAND = 1;

/** `/name`, or `/name sub` for each subcommand, as Discord sends them with no option given. */
const invocations = (await loadCommands()).flatMap(({ definition }) => {
  const subcommands = (definition.options ?? []).filter((o) => o.type === SUBCOMMAND);
  if (subcommands.length === 0) {
    return [{ line: `/${definition.name}`, name: definition.name, options: [] }];
  }
  return subcommands.map((sub) => ({
    line: `/${definition.name} ${sub.name}`,
    name: definition.name,
    options: [{ name: sub.name, type: SUBCOMMAND, options: [] }] as CommandOption[],
  }));
});

let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningBot;
let served: InteractionsApp;
const log = captureLog([FAKE_TOKEN]);

beforeAll(async () => {
  database = await openTestDatabase(fixture);
  fake = await FakeDiscord.start({ guilds: [RICH] });
  const config = loadConfig({
    DATABASE_PATH: database.path,
    DISCORD_TOKEN: FAKE_TOKEN,
    DISCORD_REST_URL: fake.restUrl,
    PUBLIC_URL: 'https://cup.example',
  });
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

describe.each(['gateway', 'http'] as const)('over the %s', (transport) => {
  beforeAll(async () => {
    await fake.setInteractionsEndpoint(transport === 'http' ? `${served.url}/interactions` : null);
  });

  it.each(invocations.map((invocation) => [invocation.line, invocation] as const))(
    '%s answers in every locale',
    async (_line, { name, options }) => {
      const logged = log.raw.length;
      for (const locale of SPOKEN_LOCALES) {
        const { t } = languageOf(locale);
        const who = { guildId: RICH, user: ALICE, locale };
        const callback = await fake.sendInteraction(fake.command(name, options, who));
        const message = await fake.finalMessage(callback);
        expect(messageProblems(message), locale).toEqual([]);
        expect(Boolean(message.content) || (message.embeds?.length ?? 0) > 0, locale).toBe(true);
        expect([t.errors.apology, t.errors.unknownCommand], locale).not.toContain(message.content);
      }
      // No error logged on the way (a handler that failed, an answer that could not be sent).
      expect(
        log
          .entries()
          .slice(logged)
          .filter((entry) => entry.level >= 50),
      ).toEqual([]);
    },
  );
});
