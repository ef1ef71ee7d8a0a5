import { ApplicationCommandOptionType } from 'discord.js';
import type { Answer, CommandContext, CommandModule, RequestOf } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { type Place, rankEmbed, type Standing } from '../src/bot/embeds/rank.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';
import type { RankEntry } from '../src/read/types.js';
import type { House } from '../src/records/houses.js';
import { changeView, type PeriodKind } from '../src/records/periods.js';
import type { ProfileView } from '../src/records/profile-order.js';

const definition = localizedCommand((t) => ({
  ...GUILD_ONLY_COMMAND,
  ...t.commands.rank,
  options: [{ type: ApplicationCommandOptionType.User, ...t.commands.rankMember, required: false }],
}));

/** The list a rank is read in: by galleons, richest first, as /players sort:galleons shows it. */
const byGalleons = (house: House | null): ProfileView => ({
  sort: 'galleons',
  order: 'desc',
  house,
});

/** Each entry by its profile's id. */
const byId = (entries: RankEntry[] | null) =>
  new Map((entries ?? []).map((entry) => [entry.id, entry]));

const placeOf = (entry: RankEntry | undefined): Place | null =>
  entry?.rank == null ? null : { rank: entry.rank, of: entry.of };

/**
 * Every profile of the member: its rank by galleons in the server and in its house, and its
 * change this week and this month (its value in the period's list). Each is an index range count
 * in the store (PlayersReader.rank), so a member of a 50,000-profile server costs the same reads.
 */
async function execute(
  request: RequestOf<typeof definition>,
  context: CommandContext,
): Promise<Answer> {
  const userId = request.options.member ?? context.userId;
  const { players } = context.read;
  const { guildId, language } = context;
  const profiles = await players.ofMember(guildId, userId);
  if (profiles === null) throw new NotFoundError(language.t.notFound.member);
  const houses = [...new Set(profiles.flatMap((p) => (p.house === null ? [] : [p.house])))];
  const now = new Date();
  const period = (kind: PeriodKind) =>
    players.rank(guildId, userId, changeView(kind, now, 'desc', undefined));
  const [server, week, month, ...inHouses] = await Promise.all([
    players.rank(guildId, userId, byGalleons(null)),
    period('week'),
    period('month'),
    ...houses.map((house) => players.rank(guildId, userId, byGalleons(house))),
  ]);
  const ranks = byId(server);
  const weeks = byId(week);
  const months = byId(month);
  // A profile's entry in its own house's list is the one with a rank there.
  const houseRanks = byId(
    inHouses.flatMap((entries) => (entries ?? []).filter((e) => e.rank !== null)),
  );
  const standings = profiles.flatMap((profile): Standing[] => {
    const place = placeOf(ranks.get(profile.id));
    // A profile deleted between the reads has no rank: it is left out rather than guessed.
    if (place === null) return [];
    return [
      {
        profile,
        server: place,
        house: placeOf(houseRanks.get(profile.id)),
        week: Number(weeks.get(profile.id)?.value ?? 0),
        month: Number(months.get(profile.id)?.value ?? 0),
      },
    ];
  });
  if (standings.length === 0) throw new NotFoundError(language.t.notFound.member);
  return { embeds: [rankEmbed(userId, standings, language)] };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
