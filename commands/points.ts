import { CHART_DEFAULTS, memberChartAnswer } from '../src/answers/chart.js';
import { weekChange } from '../src/answers/house-cup.js';
import { currentPoints } from '../src/answers/stored-points.js';
import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { POINTS_PICTURE, pictureWords, pointsEmbed } from '../src/bot/embeds/points.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';

const definition = localizedCommand((t) => ({ ...GUILD_ONLY_COMMAND, ...t.commands.points }));

async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  const { language, guildId, read } = context;
  const points = await currentPoints(read, guildId);
  if (points === null) throw new NotFoundError(language.t.notFound.points);
  const week = await weekChange(read, guildId, points, Date.now());
  // The picture speaks the member's language (its title, houses, numbers and dates), and is
  // kept in the node's answer cache per guild and language until the guild's data changes: a
  // second /points renders nothing. A full node makes a render wait its turn: past 2 s the
  // dispatcher defers the interaction, and the picture then edits the deferral.
  const { cacheKey, build } = memberChartAnswer(
    read,
    context.renders,
    guildId,
    pictureWords(language, CHART_DEFAULTS.days),
  );
  const picture = await context.cache.get(cacheKey, () => read.generation(guildId), build);
  // The points went between the two reads (a guild emptied just now): as if they never were.
  if (picture.status !== 200) throw new NotFoundError(language.t.notFound.points);
  return {
    embeds: [pointsEmbed({ points, week, picture: true }, language)],
    files: [{ name: POINTS_PICTURE, data: picture.body }],
  };
}

export default { definition, execute } satisfies CommandModule<typeof definition>;
