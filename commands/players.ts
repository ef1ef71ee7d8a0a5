import { ApplicationCommandOptionType } from 'discord.js';
import type {
  Answer,
  ButtonAnswer,
  CommandContext,
  CommandModule,
  RequestOf,
} from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import {
  houseFilterLabel,
  memberProfilesEmbed,
  playersPageEmbed,
} from '../src/bot/embeds/players.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';
import { clampPage, PAGE_SIZE, pageCount, pagerRow } from '../src/bot/paging.js';
import {
  defaultOrder,
  HOUSE_FILTERS,
  isDefaultView,
  isHouseFilter,
  isProfileSort,
  PROFILE_SORTS,
  type ProfileView,
} from '../src/records/profile-order.js';

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.players,
  options: [
    {
      type: ApplicationCommandOptionType.User,
      ...t.commands.playersMember,
      required: false,
    },
    // Choices, not free text: the list's sorts and filters (records/profile-order.ts).
    {
      type: ApplicationCommandOptionType.String,
      ...t.commands.playersSort,
      required: false,
      choices: PROFILE_SORTS.map((sort) => ({ name: t.sorts[sort], value: sort })),
    },
    {
      type: ApplicationCommandOptionType.String,
      ...t.commands.playersHouse,
      required: false,
      choices: HOUSE_FILTERS.map((house) => ({ name: houseFilterLabel(house, t), value: house })),
    },
  ],
}));

/** Every house, in a button's custom_id (which cannot leave a part out). */
const ALL_HOUSES = 'all';

/**
 * The list a /players or one of its buttons asks for. Discord only sends the choices offered,
 * so anything else is a forged or broken request: an error, not a default.
 */
function viewOf(sort: string | null | undefined, house: string | null | undefined): ProfileView {
  const chosen = sort ?? 'user_id';
  if (!isProfileSort(chosen)) throw new Error(`unexpected players sort: ${chosen}`);
  const filter = house === ALL_HOUSES ? null : (house ?? null);
  if (filter !== null && !isHouseFilter(filter)) throw new Error(`unexpected house: ${filter}`);
  // The bot reads each sort in its default order: galleons richest first, the others upwards.
  return { sort: chosen, order: defaultOrder(chosen), house: filter };
}

/** What a page button carries of its list: nothing for the plain list (its ids of before). */
function listArgs(view: ProfileView): string[] {
  return isDefaultView(view) ? [] : [view.sort, view.house ?? ALL_HOUSES];
}

/**
 * One page of the guild's profiles, in the view's order and filter: the count, then only that
 * page's rows (a range of the view's index), so a click costs the same in a guild of 50,000
 * profiles as in one of 50. Any page (back as well as forward) is reachable directly by its
 * number.
 */
async function page(
  context: CommandContext,
  wanted: number,
  ownerId: string,
  view: ProfileView,
): Promise<Answer> {
  const { players } = context.read;
  const { language } = context;
  const total = await players.count(context.guildId, view.house);
  if (total === 0) {
    const none = view.house === null || (await players.count(context.guildId)) === 0;
    throw new NotFoundError(none ? language.t.notFound.players : language.t.notFound.house);
  }
  const count = pageCount(total);
  const shown = clampPage(wanted, count);
  const profiles = await players.slice(context.guildId, shown * PAGE_SIZE, PAGE_SIZE, view);
  return {
    embeds: [playersPageEmbed({ profiles, view, page: shown, pageCount: count, total }, language)],
    components: count > 1 ? [pagerRow(definition.name, shown, count, ownerId, listArgs(view))] : [],
  };
}

async function member(context: CommandContext, userId: string): Promise<Answer> {
  const profiles = await context.read.players.ofMember(context.guildId, userId);
  if (profiles === null) throw new NotFoundError(context.language.t.notFound.member);
  const jobs = await context.read.jobs.list(context.guildId);
  const names = new Map((jobs?.items ?? []).map((job) => [job.id, job.name]));
  return { embeds: [memberProfilesEmbed(userId, profiles, names, context.language)] };
}

async function execute(
  request: RequestOf<typeof definition>,
  context: CommandContext,
): Promise<Answer> {
  const { member: chosen, sort, house } = request.options;
  if (chosen) return member(context, chosen);
  return page(context, 0, context.userId, viewOf(sort, house));
}

/**
 * custom_id `players:page:<page>:<owner>`, then `:<sort>:<house or all>` for a sorted or
 * filtered list: at most ~62 characters (a 20-digit owner, `created_at:hufflepuff`), well within
 * Discord's 100.
 */
async function button(
  _request: unknown,
  context: CommandContext,
  args: string[],
): Promise<ButtonAnswer> {
  const [action, pageText, ownerId, sort, house, ...rest] = args;
  const complete = sort === undefined ? house === undefined : house !== undefined;
  if (
    action !== 'page' ||
    pageText === undefined ||
    ownerId === undefined ||
    !complete ||
    rest.length > 0
  ) {
    throw new Error(`unexpected players button: ${args.join(':')}`);
  }
  if (ownerId !== context.userId) {
    return { reply: { content: context.language.t.players.notYours, ephemeral: true } };
  }
  return { update: await page(context, Number(pageText), ownerId, viewOf(sort, house)) };
}

export default { definition, execute, button } satisfies CommandModule<typeof definition>;
