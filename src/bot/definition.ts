import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';

/**
 * The fields every housecup command shares: a slash command, installed in guilds and usable
 * only there. `contexts` is what Discord reads for that; `dm_permission`, which it replaced,
 * is deprecated and left out.
 */
export const GUILD_ONLY_COMMAND = {
  type: ApplicationCommandType.ChatInput,
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
} as const satisfies Partial<RESTPostAPIChatInputApplicationCommandsJSONBody>;
