import type { Answer, CommandContext, CommandModule, RequestOf } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';

const definition = localizedCommand((t) => ({ ...GUILD_ONLY_COMMAND, ...t.commands.ping }));

/** A toy: whether the bot answers. */
async function execute(
  _request: RequestOf<typeof definition>,
  context: CommandContext,
): Promise<Answer> {
  return { content: context.language.t.ping.pong, ephemeral: true };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
