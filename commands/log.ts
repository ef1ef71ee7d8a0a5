import { ApplicationCommandOptionType } from 'discord.js';
import type {
  Answer,
  ButtonAnswer,
  CommandContext,
  CommandModule,
  RequestOf,
} from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { ledgerEmbed } from '../src/bot/embeds/awards.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';
import { PAGE_SIZE, pagerRow } from '../src/bot/paging.js';
import { HOUSES, type House } from '../src/records/houses.js';

/*
 * `/log [house:] [member:]` (docs/discord.md, "Awards"): the server's ledger, newest first, a page
 * of entries at a time, for everyone. A page button carries the newest entry's id when /log ran
 * (the anchor): the pages stay the same ones while new entries come, and page n is the n-th ten
 * below the anchor.
 */

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.log,
  options: [
    {
      type: ApplicationCommandOptionType.String,
      ...t.commands.logHouse,
      required: false,
      choices: HOUSES.map((house) => ({ name: t.houses[house], value: house })),
    },
    { type: ApplicationCommandOptionType.User, ...t.commands.logMember, required: false },
  ],
}));

/** A filter left out, in a button's custom_id (which cannot leave a part out). */
const ALL = 'all';

interface LogView {
  house: House | null;
  member: string | null;
}

const SNOWFLAKE = /^\d{1,20}$/;

/** The view a button carries; anything else is a forged or broken button: an error. */
function viewOf(house: string, member: string): LogView {
  const chosen = house === ALL ? null : HOUSES.find((each) => each === house);
  if (chosen === undefined) throw new Error(`unexpected log house: ${house}`);
  if (member !== ALL && !SNOWFLAKE.test(member))
    throw new Error(`unexpected log member: ${member}`);
  return { house: chosen, member: member === ALL ? null : member };
}

/**
 * Page `wanted` (from 0) of the entries at or below `anchor` (all when null): the entries down to
 * its end read newest first, then its ten. A page past the end (entries pruned since) shows the last one.
 */
async function page(
  context: CommandContext,
  wanted: number,
  anchor: number | null,
  ownerId: string,
  view: LogView,
): Promise<Answer> {
  const { language } = context;
  const filter = { house: view.house ?? undefined, for: view.member ?? undefined };
  const shown = Number.isSafeInteger(wanted) && wanted > 0 ? wanted : 0;
  const limit = (shown + 1) * PAGE_SIZE;
  const request = anchor === null ? { limit } : { limit, after: { id: anchor + 1 } };
  const { items, next } = await context.read.ledger.list(context.guildId, request, filter);
  if (items.length === 0) {
    const filtered = view.house !== null || view.member !== null;
    throw new NotFoundError(filtered ? language.t.log.emptyFiltered : language.t.log.empty);
  }
  const last = Math.ceil(items.length / PAGE_SIZE) - 1;
  const at = Math.min(shown, last);
  const entries = items.slice(at * PAGE_SIZE, (at + 1) * PAGE_SIZE);
  const more = at < last || next !== null;
  // Without one yet (the command itself), the newest entry is the anchor.
  const top = anchor ?? items[0]?.id ?? 0;
  const list = [String(top), view.house ?? ALL, view.member ?? ALL];
  const components =
    at > 0 || more ? [pagerRow('log', at, more ? at + 2 : at + 1, ownerId, list)] : [];
  return { embeds: [ledgerEmbed({ entries, page: at, ...view }, language)], components };
}

async function execute(
  request: RequestOf<typeof definition>,
  context: CommandContext,
): Promise<Answer> {
  const { house, member } = request.options;
  return page(context, 0, null, context.userId, {
    house: house ?? null,
    member: member ?? null,
  });
}

/** custom_id `log:page:<page>:<owner>:<anchor>:<house or all>:<member or all>`: ≤ 86 characters. */
async function button(
  _request: unknown,
  context: CommandContext,
  args: string[],
): Promise<ButtonAnswer> {
  const [action, pageText, ownerId, anchorText, house, member, ...rest] = args;
  const anchor = Number(anchorText);
  if (
    action !== 'page' ||
    ownerId === undefined ||
    house === undefined ||
    member === undefined ||
    !Number.isSafeInteger(anchor) ||
    rest.length > 0
  ) {
    throw new Error(`unexpected log button: ${args.join(':')}`);
  }
  if (ownerId !== context.userId) {
    return { reply: { content: context.language.t.log.notYours, ephemeral: true } };
  }
  return { update: await page(context, Number(pageText), anchor, ownerId, viewOf(house, member)) };
}

export default { definition, execute, button } satisfies CommandModule<typeof definition>;
