import { ApplicationCommandOptionType, ChannelType, PermissionFlagsBits } from 'discord.js';
import type { Answer, CommandContext, CommandModule, RequestOf } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { type Language, resolveLanguage } from '../src/bot/i18n/index.js';
import { missingLivePermissions } from '../src/bot/live/permissions.js';
import { NotFoundError } from '../src/bot/not-found.js';
import { LIVE_MESSAGES_PER_GUILD } from '../src/records/live-message.js';
import { checkTitle, TITLE_MAX } from '../src/records/published-guild.js';

/** The channels a live scoreboard may go to: a server's text and announcement channels. */
const LIVE_CHANNEL_TYPES: [ChannelType.GuildText, ChannelType.GuildAnnouncement] = [
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
];

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
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.scoreboardPost,
      options: [
        {
          type: ApplicationCommandOptionType.Channel,
          ...t.commands.scoreboardPostChannel,
          required: false,
          channel_types: LIVE_CHANNEL_TYPES,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.scoreboardStop,
      options: [
        {
          type: ApplicationCommandOptionType.Channel,
          ...t.commands.scoreboardStopChannel,
          required: false,
          channel_types: LIVE_CHANNEL_TYPES,
        },
      ],
    },
  ],
}));

type Request = RequestOf<typeof definition>;

/** The permissions named as the member's client names them, joined as their language joins a list. */
function permissionList(names: readonly string[], language: Language): string {
  return new Intl.ListFormat(language.intl, { type: 'conjunction' }).format(names);
}

/**
 * `/scoreboard post [channel]`: the house cup message, in the server's language (the message is
 * for every member, not for the admin who posts it), in the channel given or this one. The bot's
 * own permissions come with the interaction for this channel (`app_permissions`); for another,
 * Discord sends the member's only, so they are asked of Discord. A missing one is named and
 * nothing is posted; Discord refusing the post anyway (a race) says what housecup needs there.
 */
async function post(request: Request, context: CommandContext, channelId: string): Promise<Answer> {
  const { t } = context.language;
  const channel = `<#${channelId}>`;
  if (!context.live) return { content: t.scoreboard.live.noToken, ephemeral: true };
  const granted =
    channelId === request.channelId && request.appPermissions !== null
      ? request.appPermissions
      : await context.live.permissionsIn(context.guildId, channelId);
  if (granted === null) return { content: t.scoreboard.live.refused(channel), ephemeral: true };
  const missing = missingLivePermissions(granted);
  if (missing.length > 0) {
    const names = missing.map((name) => t.scoreboard.live.permissions[name]);
    const list = permissionList(names, context.language);
    return { content: t.scoreboard.live.missing(channel, list), ephemeral: true };
  }
  const language = resolveLanguage(request.guildLocale, null);
  const outcome = await context.live.post(context.guildId, channelId, language);
  context.logger.info({ by: context.userId, channel: channelId, outcome }, 'scoreboard post');
  switch (outcome.kind) {
    case 'posted':
      return { content: t.scoreboard.live.posted(channel), ephemeral: true };
    case 'full':
      return {
        content: t.scoreboard.live.full(context.language.digits(LIVE_MESSAGES_PER_GUILD)),
        ephemeral: true,
      };
    case 'noPoints':
      throw new NotFoundError(t.notFound.points);
    case 'refused':
      return { content: t.scoreboard.live.refused(channel), ephemeral: true };
  }
}

async function execute(request: Request, context: CommandContext): Promise<Answer> {
  const { publication, guildId, logger } = context;
  const { t } = context.language;
  const { options } = request;
  if (options.subcommand === 'post' || options.subcommand === 'stop') {
    const channelId = options.channel ?? request.channelId;
    if (channelId === null) throw new Error(`/scoreboard ${options.subcommand} without a channel`);
    if (options.subcommand === 'post') return post(request, context, channelId);
    if (!context.live) return { content: t.scoreboard.live.noToken, ephemeral: true };
    const stopped = await context.live.stop(guildId, channelId);
    const channel = `<#${channelId}>`;
    return {
      content: stopped > 0 ? t.scoreboard.live.stopped(channel) : t.scoreboard.live.none(channel),
      ephemeral: true,
    };
  }
  const url = `${context.publicUrl}/cup/${guildId}`;
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
