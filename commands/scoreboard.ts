import {
  ApplicationCommandOptionType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { Answer, CommandContext, CommandModule, CommandRequest } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';

const definition = {
  ...GUILD_ONLY_COMMAND,
  name: 'scoreboard',
  description: "Show this server's house cup on a public web page, or take it down",
  // Manage Server by default, as /apikey: Discord enforces it (and any grant an admin makes)
  // before the interaction reaches housecup.
  default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'publish',
      description: 'Make the house cup public: standings and chart, never player data',
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'unpublish',
      description: 'Take the public page down; open pages stop updating at once',
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function execute(request: CommandRequest, context: CommandContext): Promise<Answer> {
  const { publication, guildId, logger } = context;
  if (!publication) throw new Error('/scoreboard without a publication store');
  const url = `${context.publicUrl ?? ''}/cup/${guildId}`;
  const subcommand = request.options.subcommand;
  if (subcommand === 'publish') {
    const published = await publication.publish(guildId);
    logger.info({ by: context.userId, published }, 'scoreboard published from Discord');
    return {
      content: published
        ? `The house cup of this server is public now: ${url}\nAdd \`?overlay=1\` for a stream overlay.`
        : `The house cup of this server was public already: ${url}`,
      ephemeral: true,
    };
  }
  if (subcommand === 'unpublish') {
    const removed = await publication.unpublish(guildId);
    logger.info({ by: context.userId, removed }, 'scoreboard unpublished from Discord');
    return {
      content: removed
        ? 'The public page is down: it answers 404 now, and open pages stop updating.'
        : 'This server had no public page.',
      ephemeral: true,
    };
  }
  throw new Error(`unknown /scoreboard subcommand ${String(subcommand)}`);
}

export default { definition, execute } satisfies CommandModule;
