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
  type LeadersView,
  leadersPageEmbed,
  memberProfilesEmbed,
  playersPageEmbed,
} from '../src/bot/embeds/players.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';
import { clampPage, PAGE_SIZE, pageCount, pagerRow } from '../src/bot/paging.js';
import { changeView, isPeriodKind, PERIOD_KINDS, termChangeView } from '../src/records/periods.js';
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
    // A period's leaders by their galleons change (records/periods.ts); it takes over `sort`.
    {
      type: ApplicationCommandOptionType.String,
      ...t.commands.playersPeriod,
      required: false,
      choices: [...PERIOD_KINDS, 'term' as const].map((period) => ({
        name: t.periods[period],
        value: period,
      })),
    },
  ],
}));

/** Every house, in a button's custom_id (which cannot leave a part out). */
const ALL_HOUSES = 'all';

/** A sorted list of profiles, or a period's list by change (a week, a month, the open term). */
type ListView = ProfileView | LeadersView;

/**
 * The list a /players or one of its buttons asks for: `sort` is a sort, or a period (which
 * /players' `period` and a button's sort place both carry). Discord only sends the choices
 * offered, so anything else is a forged or broken request: an error, not a default.
 */
async function viewOf(
  context: CommandContext,
  sort: string | null | undefined,
  house: string | null | undefined,
): Promise<ListView> {
  const chosen = sort ?? 'user_id';
  const filter = house === ALL_HOUSES ? null : (house ?? null);
  if (filter !== null && !isHouseFilter(filter)) throw new Error(`unexpected house: ${filter}`);
  // The term open at the moment of the click: a button pressed after it ended finds none, or
  // turns the pages of the next one, whose name the title shows.
  if (chosen === 'term') {
    const term = await context.read.terms.open(context.guildId);
    if (!term) throw new NotFoundError(context.language.t.notFound.term);
    return { ...termChangeView(term, 'desc', filter ?? undefined), termName: term.name };
  }
  // The period containing the moment of the click: a button pressed after the week rolled
  // over turns the pages of the new week, whose dates the title shows.
  if (isPeriodKind(chosen)) return changeView(chosen, new Date(), 'desc', filter ?? undefined);
  if (!isProfileSort(chosen)) throw new Error(`unexpected players sort: ${chosen}`);
  // The bot reads each sort in its default order: galleons richest first, the others upwards.
  return { sort: chosen, order: defaultOrder(chosen), house: filter };
}

/** What a page button carries of its list: nothing for the plain list (its ids of before). */
function listArgs(view: ListView): string[] {
  if (view.sort === 'change') return [view.period.kind, view.house ?? ALL_HOUSES];
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
  view: ListView,
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
  const paging = { page: shown, pageCount: count, total };
  const components =
    count > 1 ? [pagerRow(definition.name, shown, count, ownerId, listArgs(view))] : [];
  if (view.sort === 'change') {
    // Every profile is in a period's list (0 without a change), so `total` is its length too.
    const profiles = await players.changesSlice(
      context.guildId,
      shown * PAGE_SIZE,
      PAGE_SIZE,
      view,
    );
    return { embeds: [leadersPageEmbed({ profiles, view, ...paging }, language)], components };
  }
  const profiles = await players.slice(context.guildId, shown * PAGE_SIZE, PAGE_SIZE, view);
  return { embeds: [playersPageEmbed({ profiles, view, ...paging }, language)], components };
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
  const { member: chosen, sort, house, period } = request.options;
  if (chosen) return member(context, chosen);
  return page(context, 0, context.userId, await viewOf(context, period ?? sort, house));
}

/**
 * custom_id `players:page:<page>:<owner>`, then `:<sort or period>:<house or all>` for a sorted,
 * filtered or period's list: at most ~62 characters (a 20-digit owner, `created_at:hufflepuff`),
 * well within Discord's 100.
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
  const view = await viewOf(context, sort, house);
  return { update: await page(context, Number(pageText), ownerId, view) };
}

export default { definition, execute, button } satisfies CommandModule<typeof definition>;
