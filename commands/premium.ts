import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { premiumEmbed } from '../src/bot/embeds/premium.js';

const definition = {
  ...GUILD_ONLY_COMMAND,
  name: 'premium',
  description: 'Whether this server has premium, and until when',
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Premium is a yes/no question: "not active" is an answer, shown like any other. */
async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  return { embeds: [premiumEmbed(await context.read.premium.get(context.guildId))] };
}

export default { definition, execute } satisfies CommandModule;
