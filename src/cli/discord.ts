import type { Command } from 'commander';
import { createLogger } from '../logger.js';
import { cliConfig } from './configured-store.js';
import { guildIdOption } from './options.js';
import { CliError, print } from './output.js';

export function addDiscordCommands(program: Command): void {
  program
    .command('register')
    .description('publish the slash commands of commands/ to Discord (bulk overwrite)')
    .option(
      '--guild <id>',
      'publish to this guild only (shows at once); default: globally',
      guildIdOption,
    )
    .action(async (options: { guild?: string }) => {
      // discord.js is loaded here, not when the CLI starts: it costs every other command a
      // second of start-up on a busy machine (the import alone, measured), for nothing.
      const [{ registerCommands }, { describeRegisterFailure }] = await Promise.all([
        import('../bot/register.js'),
        import('./register-failure.js'),
      ]);
      const config = cliConfig();
      if (!config.discord.token)
        throw new CliError('DISCORD_TOKEN is not set: it is needed to register commands');
      const logger = createLogger({ level: 'silent', secrets: [config.discord.token] });
      try {
        const { count, scope } = await registerCommands({
          config,
          logger,
          ...(options.guild ? { guildId: options.guild } : {}),
        });
        print(`Registered ${count} command(s) (${scope}).`);
      } catch (error) {
        throw new CliError(
          describeRegisterFailure(error, config.discord.restUrl, config.discord.token),
        );
      }
    });
}
