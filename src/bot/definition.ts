import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';

/**
 * The fields every housecup command shares: a slash command, installed in guilds and usable
 * only there (`contexts` for today's API, `dm_permission` for clients that predate it).
 */
export const GUILD_ONLY_COMMAND = {
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  dm_permission: false,
} as const satisfies Partial<RESTPostAPIChatInputApplicationCommandsJSONBody>;
