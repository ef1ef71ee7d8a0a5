import { ApplicationCommandOptionType, PermissionFlagsBits } from 'discord.js';
import type { Answer, CommandContext, CommandModule, RequestOf } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { awardText, relativeTime, undoText } from '../src/bot/embeds/awards.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { type Language, resolveLanguage } from '../src/bot/i18n/index.js';
import {
  AWARD_POINTS,
  AWARD_REASON_MAX,
  AWARDS_PER_MINUTE,
  checkAward,
} from '../src/records/awards.js';
import { HOUSES } from '../src/records/houses.js';

/*
 * `/award give|undo` (docs/discord.md, "Awards"): points given by hand, with a reason, and taken
 * back. Both subcommands change the points, so the whole command carries
 * `default_member_permissions` Manage Server: Discord hides it from everyone else, and a server
 * hands it to its prefects in Server Settings → Integrations, which housecup then honours as
 * Discord does (no permission check here, or a prefect given the command would be refused).
 * An award is news: answered publicly, in the server's language; a refusal only to whoever ran it.
 */

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.award,
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.awardGive,
      options: [
        {
          type: ApplicationCommandOptionType.String,
          ...t.commands.awardGiveHouse,
          required: true,
          choices: HOUSES.map((house) => ({ name: t.houses[house], value: house })),
        },
        {
          type: ApplicationCommandOptionType.Integer,
          ...t.commands.awardGivePoints,
          required: true,
          min_value: AWARD_POINTS.min,
          max_value: AWARD_POINTS.max,
        },
        {
          type: ApplicationCommandOptionType.String,
          ...t.commands.awardGiveReason,
          required: true,
          min_length: 1,
          max_length: AWARD_REASON_MAX,
        },
        { type: ApplicationCommandOptionType.User, ...t.commands.awardGiveMember, required: false },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...t.commands.awardUndo,
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          ...t.commands.awardUndoId,
          required: true,
          min_value: 1,
        },
      ],
    },
  ],
}));

type Request = RequestOf<typeof definition>;
type Give = Extract<Request['options'], { subcommand: 'give' }>;

const privately = (content: string): Answer => ({ content, ephemeral: true });

function rateLimited(retryAt: string, language: Language): Answer {
  const max = language.digits(AWARDS_PER_MINUTE);
  return privately(language.t.award.rateLimited(max, relativeTime(retryAt)));
}

/** What a refused award says: the first problem, in the member's language. */
function refusal(field: string, language: Language): Answer {
  const { t } = language;
  switch (field) {
    case 'house':
      return privately(t.award.badHouse);
    case 'points':
      return privately(
        t.award.badPoints(language.number(AWARD_POINTS.min), language.number(AWARD_POINTS.max)),
      );
    case 'reason':
      return privately(t.award.badReason(language.digits(AWARD_REASON_MAX)));
    default:
      return privately(t.award.badMember);
  }
}

async function give(options: Give, context: CommandContext, guild: Language): Promise<Answer> {
  const { language, guildId, userId } = context;
  // Discord holds the options to their bounds; a reason of blanks or two lines, or a forged
  // payload, is refused here by the same check as the CLI's.
  const checked = checkAward({
    house: options.house ?? '',
    points: options.points ?? 0,
    reason: options.reason ?? '',
    for: options.member ?? null,
    by: userId,
  });
  if (!checked.ok) return refusal(checked.field, language);
  const done = await context.awards.award({ guildId, ...checked.award });
  if (done.outcome === 'rateLimited') return rateLimited(done.retryAt, language);
  context.logger.info({ by: userId, entry: done.entry.id }, 'award from Discord');
  return { content: awardText(done.entry, guild) };
}

async function undo(id: number, context: CommandContext, guild: Language): Promise<Answer> {
  const { language, guildId, userId } = context;
  const { t } = language;
  const done = await context.awards.undo({ guildId, id, by: userId });
  switch (done.outcome) {
    case 'undone':
      context.logger.info({ by: userId, entry: done.entry.id, award: id }, 'undo from Discord');
      return { content: undoText(done.award, done.entry, guild) };
    case 'unknown':
      return privately(t.award.unknown(language.digits(id)));
    case 'notAward':
      return privately(t.award.notAward(language.digits(id)));
    case 'alreadyUndone':
      return privately(t.award.alreadyUndone(language.digits(id)));
    case 'rateLimited':
      return rateLimited(done.retryAt, language);
  }
}

async function execute(request: Request, context: CommandContext): Promise<Answer> {
  const { options } = request;
  // The public answer is the server's news: in its language, whoever's client gave it.
  const guild = resolveLanguage(request.guildLocale, null);
  if (options.subcommand === 'give') return give(options, context, guild);
  // An id that is no safe integer arrives as none (options.ts): no award has it.
  return undo(options.id ?? 0, context, guild);
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
