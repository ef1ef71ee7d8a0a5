import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { pointsEmbed } from '../src/bot/embeds/points.js';
import { NOT_FOUND, NotFoundError } from '../src/bot/not-found.js';

const definition = {
  ...GUILD_ONLY_COMMAND,
  name: 'points',
  description: 'The House Cup: the four houses ranked by points',
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  const points = await context.read.points.get(context.guildId);
  if (points === null) throw new NotFoundError(NOT_FOUND.points);
  return { embeds: [pointsEmbed(points)] };
}

export default { definition, execute } satisfies CommandModule;
