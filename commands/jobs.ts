import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { jobsEmbed } from '../src/bot/embeds/jobs.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';

const definition = localizedCommand((t) => ({ ...GUILD_ONLY_COMMAND, ...t.commands.jobs }));

async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  const { language } = context;
  const jobs = await context.read.jobs.withHolders(context.guildId);
  if (jobs === null) throw new NotFoundError(language.t.notFound.jobs);
  return { embeds: [jobsEmbed(jobs, language)] };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
