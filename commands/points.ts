import { CHART_DEFAULTS } from '../src/answers/chart.js';
import { chartSeries, weekChange } from '../src/answers/house-cup.js';
import { currentPoints } from '../src/answers/stored-points.js';
import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { POINTS_PICTURE, pointsEmbed } from '../src/bot/embeds/points.js';
import { localizedCommand } from '../src/bot/i18n/commands.js';
import { NotFoundError } from '../src/bot/not-found.js';
import { renderChartPng } from '../src/pictures/render-chart.js';

const definition = localizedCommand((t) => ({ ...GUILD_ONLY_COMMAND, ...t.commands.points }));

async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  const { language } = context;
  const points = await currentPoints(context.read, context.guildId);
  if (points === null) throw new NotFoundError(language.t.notFound.points);
  const now = Date.now();
  const [week, series] = await Promise.all([
    weekChange(context.read, context.guildId, points, now),
    chartSeries(context.read, context.guildId, CHART_DEFAULTS.days, now),
  ]);
  // The picture's words are the houses' names and its numbers and dates: the member's too.
  const input = {
    standings: points,
    series,
    width: CHART_DEFAULTS.width,
    height: CHART_DEFAULTS.height,
    locale: language.intl,
    houseNames: language.t.houses,
  };
  // A full node makes the picture wait its turn: past 2 s the dispatcher defers the interaction,
  // and the picture then edits the deferral (Discord allows 15 minutes).
  const picture = await context.renders.run(() => renderChartPng(input), 'wait');
  return {
    embeds: [pointsEmbed({ points, week, picture: true }, language)],
    files: [{ name: POINTS_PICTURE, data: picture }],
  };
}

export default { definition, execute } satisfies CommandModule;
