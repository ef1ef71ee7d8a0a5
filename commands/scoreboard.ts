import { ApplicationCommandOptionType, PermissionFlagsBits } from 'discord.js';
import type { Answer, CommandContext, CommandModule, RequestOf } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { checkTitle, TITLE_MAX } from '../src/records/published-guild.js';

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.scoreboard,
  // Manage Server by default, as /apikey: Discord enforces it (and any grant an admin makes)
  // before the interaction reaches housecup.
  default_member_permissions: PermissionFlagsBits.ManageGuild.toString(),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.scoreboardPublish,
      options: [
        {
          type: ApplicationCommandOptionType.String,
          ...t.commands.scoreboardPublishTitle,
          required: false,
          min_length: 1,
          max_length: TITLE_MAX,
        },
      ],
    },
    { type: ApplicationCommandOptionType.Subcommand, ...t.commands.scoreboardUnpublish },
  ],
}));

async function execute(
  request: RequestOf<typeof definition>,
  context: CommandContext,
): Promise<Answer> {
  const { publication, guildId, logger } = context;
  const { t } = context.language;
  if (!publication) throw new Error('/scoreboard without a publication store');
  const url = `${context.publicUrl ?? ''}/cup/${guildId}`;
  const { options } = request;
  if (options.subcommand === 'publish') {
    // Discord holds the option to its length; what it cannot see (a line break, blanks only) is
    // checked here, as the CLI checks it.
    const checked = options.title === undefined ? null : checkTitle(options.title);
    if (checked && !checked.ok) {
      return {
        content: t.scoreboard.badTitle(context.language.digits(TITLE_MAX)),
        ephemeral: true,
      };
    }
    const title = checked?.title;
    const outcome = await publication.publish(guildId, title === undefined ? {} : { title });
    logger.info({ by: context.userId, outcome }, 'scoreboard published from Discord');
    const content =
      outcome === 'noPoints'
        ? t.scoreboard.noPoints
        : outcome === 'published'
          ? t.scoreboard.published(url)
          : outcome === 'retitled'
            ? t.scoreboard.retitled(url, title ?? '')
            : t.scoreboard.already(url);
    return { content, ephemeral: true };
  }
  const removed = await publication.unpublish(guildId);
  logger.info({ by: context.userId, removed }, 'scoreboard unpublished from Discord');
  return {
    content: removed ? t.scoreboard.unpublished : t.scoreboard.none,
    ephemeral: true,
  };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
