import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { premiumEmbed } from '../src/bot/embeds/premium.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';

const definition = localizedCommand((t) => ({ ...GUILD_ONLY_COMMAND, ...t.commands.premium }));

/** Premium is a yes/no question: "not active" is an answer, shown like any other. */
async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  const status = await context.read.premium.get(context.guildId);
  return { embeds: [premiumEmbed(status, context.language)] };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
