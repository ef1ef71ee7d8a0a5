import {
  ApplicationCommandOptionType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type {
  Answer,
  ButtonAnswer,
  CommandContext,
  CommandModule,
  CommandRequest,
} from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { memberProfilesEmbed, playersPageEmbed } from '../src/bot/embeds/players.js';
import { NOT_FOUND, NotFoundError } from '../src/bot/not-found.js';
import { clampPage, PAGE_SIZE, pageCount, pagerRow } from '../src/bot/paging.js';

const definition = {
  ...GUILD_ONLY_COMMAND,
  name: 'players',
  description: "This server's player profiles, or every profile of one member",
  options: [
    {
      type: ApplicationCommandOptionType.User,
      name: 'member',
      description: "Show only this member's profiles",
      required: false,
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const NOT_YOURS =
  'Only the person who ran this /players can turn its pages. Run /players to get your own.';

/**
 * One page of the guild's profiles: the count, then only that page's rows, so a click costs
 * the same in a guild of 50,000 profiles as in one of 50. Any page (back as well as forward)
 * is reachable directly by its number.
 */
async function page(context: CommandContext, wanted: number, ownerId: string): Promise<Answer> {
  const total = await context.read.players.count(context.guildId);
  if (total === 0) throw new NotFoundError(NOT_FOUND.players);
  const count = pageCount(total);
  const shown = clampPage(wanted, count);
  const profiles = await context.read.players.slice(context.guildId, shown * PAGE_SIZE, PAGE_SIZE);
  return {
    embeds: [playersPageEmbed({ profiles, page: shown, pageCount: count, total })],
    components: count > 1 ? [pagerRow(definition.name, shown, count, ownerId)] : [],
  };
}

async function member(context: CommandContext, userId: string): Promise<Answer> {
  const profiles = await context.read.players.ofMember(context.guildId, userId);
  if (profiles === null) throw new NotFoundError(NOT_FOUND.member);
  const jobs = await context.read.jobs.list(context.guildId);
  const names = new Map((jobs?.items ?? []).map((job) => [job.id, job.name]));
  return { embeds: [memberProfilesEmbed(userId, profiles, names)] };
}

async function execute(request: CommandRequest, context: CommandContext): Promise<Answer> {
  const chosen = request.options.user('member');
  return chosen ? member(context, chosen) : page(context, 0, context.userId);
}

/** custom_id `players:page:<page>:<owner>`. */
async function button(
  _request: unknown,
  context: CommandContext,
  args: string[],
): Promise<ButtonAnswer> {
  const [action, pageText, ownerId] = args;
  if (action !== 'page' || pageText === undefined || ownerId === undefined) {
    throw new Error(`unexpected players button: ${args.join(':')}`);
  }
  if (ownerId !== context.userId) return { reply: { content: NOT_YOURS, ephemeral: true } };
  return { update: await page(context, Number(pageText), ownerId) };
}

export default { definition, execute, button } satisfies CommandModule;
