import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { jobsEmbed } from '../src/bot/embeds/jobs.js';
import { NOT_FOUND, NotFoundError } from '../src/bot/not-found.js';

const definition = {
  ...GUILD_ONLY_COMMAND,
  name: 'jobs',
  description: "This server's jobs, with salary and how many profiles hold each",
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  const jobs = await context.read.jobs.withHolders(context.guildId);
  if (jobs === null) throw new NotFoundError(NOT_FOUND.jobs);
  return { embeds: [jobsEmbed(jobs)] };
}

export default { definition, execute } satisfies CommandModule;
