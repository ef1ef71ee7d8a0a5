import { ApplicationCommandOptionType, PermissionFlagsBits } from 'discord.js';
import type { Answer, CommandContext, CommandModule, CommandRequest } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.scoreboard,
  // Manage Server by default, as /apikey: Discord enforces it (and any grant an admin makes)
  // before the interaction reaches housecup.
  default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
  options: [
    { type: ApplicationCommandOptionType.Subcommand, ...t.commands.scoreboardPublish },
    { type: ApplicationCommandOptionType.Subcommand, ...t.commands.scoreboardUnpublish },
  ],
}));

async function execute(request: CommandRequest, context: CommandContext): Promise<Answer> {
  const { publication, guildId, logger } = context;
  const { t } = context.language;
  if (!publication) throw new Error('/scoreboard without a publication store');
  const url = `${context.publicUrl ?? ''}/cup/${guildId}`;
  const subcommand = request.options.subcommand;
  if (subcommand === 'publish') {
    const published = await publication.publish(guildId);
    logger.info({ by: context.userId, published }, 'scoreboard published from Discord');
    return {
      content: published ? t.scoreboard.published(url) : t.scoreboard.already(url),
      ephemeral: true,
    };
  }
  if (subcommand === 'unpublish') {
    const removed = await publication.unpublish(guildId);
    logger.info({ by: context.userId, removed }, 'scoreboard unpublished from Discord');
    return {
      content: removed ? t.scoreboard.unpublished : t.scoreboard.none,
      ephemeral: true,
    };
  }
  throw new Error(`unknown /scoreboard subcommand ${String(subcommand)}`);
}

export default { definition, execute } satisfies CommandModule;
