import { ApplicationCommandOptionType, PermissionFlagsBits } from 'discord.js';
import type { Answer, CommandContext, CommandModule, RequestOf } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { dateText } from '../src/bot/embeds/dates.js';
import { housesText, TERMS_SHOWN, termListEmbed, termName } from '../src/bot/embeds/terms.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';
import { checkTermName, TERM_NAME_MAX } from '../src/records/terms.js';

/*
 * `/term start|end|list`: a server's terms (docs/discord.md, "Terms"). One command, so no
 * `default_member_permissions`: Discord applies it to a command as a whole, and `list` is for
 * everyone. Starting and ending check Manage Server (or Administrator) in the permissions
 * Discord computed for the member in this channel, and answer privately when it is missing.
 */

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.term,
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.termStart,
      options: [
        {
          type: ApplicationCommandOptionType.String,
          ...t.commands.termStartName,
          required: true,
          min_length: 1,
          max_length: TERM_NAME_MAX,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.termEnd,
      options: [
        {
          type: ApplicationCommandOptionType.Boolean,
          ...t.commands.termEndReset,
          required: false,
        },
      ],
    },
    { type: ApplicationCommandOptionType.Subcommand, ...t.commands.termList },
  ],
}));

type Request = RequestOf<typeof definition>;

const MAY_RUN_TERMS = PermissionFlagsBits.ManageGuild | PermissionFlagsBits.Administrator;

function mayRunTerms(request: Request): boolean {
  return request.memberPermissions !== null && (request.memberPermissions & MAY_RUN_TERMS) !== 0n;
}

async function list(context: CommandContext): Promise<Answer> {
  const { items, next } = await context.read.terms.list(context.guildId, { limit: TERMS_SHOWN });
  if (items.length === 0) throw new NotFoundError(context.language.t.term.empty);
  return { embeds: [termListEmbed(items, next !== null, context.language)] };
}

async function execute(request: Request, context: CommandContext): Promise<Answer> {
  const { options } = request;
  const { language, guildId, logger } = context;
  const { t } = language;
  if (options.subcommand === 'list') return list(context);
  if (!mayRunTerms(request)) return { content: t.term.manageServer, ephemeral: true };
  const { terms } = context;
  if (options.subcommand === 'start') {
    // Discord holds the option to its length; a line break or blanks only are checked here,
    // with the record's own check, as the CLI does.
    const checked = checkTermName(options.name ?? '');
    if (!checked.ok) {
      return { content: t.term.badName(language.digits(TERM_NAME_MAX)), ephemeral: true };
    }
    const started = await terms.start(guildId, checked.name);
    logger.info({ by: context.userId, outcome: started.outcome }, 'term start from Discord');
    switch (started.outcome) {
      case 'started':
        return { content: t.term.started(termName(started.term, language)), ephemeral: true };
      case 'alreadyOpen':
        return {
          content: t.term.alreadyOpen(
            termName(started.term, language),
            dateText(started.term.startedAt, language),
          ),
          ephemeral: true,
        };
    }
  }
  const reset = options.reset === true;
  const ended = await terms.end(guildId, { reset, by: context.userId });
  logger.info({ by: context.userId, term: ended?.id ?? null, reset }, 'term end from Discord');
  if (!ended) return { content: t.term.noneOpen, ephemeral: true };
  const name = termName(ended, language);
  const winners = ended.winners ?? [];
  const said =
    winners.length === 0
      ? t.term.endedNoWinner(name)
      : t.term.ended(name, housesText(winners, language));
  // Nothing to reset when the guild had no points.
  const content = reset && winners.length > 0 ? `${said} ${t.term.reset}` : said;
  return { content, ephemeral: true };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
