import {
  type APIApplication,
  REST,
  type RESTPutAPIApplicationCommandsResult,
  Routes,
} from 'discord.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { loadCommands } from './loader.js';

/** How long one call to Discord may take before `register` gives up on it (tried twice). */
const REGISTER_TIMEOUT_MS = 10_000;

interface RegisterOptions {
  config: Config;
  /** Publish to this guild only (shows at once; handy while developing); else globally. */
  guildId?: string;
  logger: Logger;
}

/**
 * Publishes every command of `commands/` in one bulk overwrite, so commands removed from the
 * folder disappear from Discord too.
 */
export async function registerCommands(
  options: RegisterOptions,
): Promise<{ count: number; scope: string }> {
  const { config, guildId, logger } = options;
  const token = config.discord.token;
  if (!token) throw new Error('DISCORD_TOKEN is not set: it is needed to register commands');
  const commands = await loadCommands();
  // A person waits at the prompt: one retry of 10 s, not discord.js' four of 15 s (a minute).
  const rest = new REST({
    api: config.discord.restUrl,
    timeout: REGISTER_TIMEOUT_MS,
    retries: 1,
  }).setToken(token);

  const applicationId =
    config.discord.applicationId ??
    ((await rest.get(Routes.currentApplication())) as APIApplication).id;
  const route =
    guildId === undefined
      ? Routes.applicationCommands(applicationId)
      : Routes.applicationGuildCommands(applicationId, guildId);
  const body = commands.map((command) => command.definition);
  const published = (await rest.put(route, { body })) as RESTPutAPIApplicationCommandsResult;

  const scope = guildId === undefined ? 'global' : `guild ${guildId}`;
  logger.info(
    { scope, application: applicationId, commands: published.map((c) => c.name) },
    'slash commands registered',
  );
  return { count: published.length, scope };
}
