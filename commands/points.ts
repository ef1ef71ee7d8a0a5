import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { houseCupMessage } from '../src/bot/house-cup-message.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';

const definition = localizedCommand((t) => ({ ...GUILD_ONLY_COMMAND, ...t.commands.points }));

async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  const answer = await houseCupMessage(context, context.guildId, context.language);
  if (answer === null) throw new NotFoundError(context.language.t.notFound.points);
  return answer;
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
