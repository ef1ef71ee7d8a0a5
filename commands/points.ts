import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { CHART_DEFAULTS } from '../src/answers/chart.js';
import { chartSeries, weekChange } from '../src/answers/house-cup.js';
import type { Answer, CommandContext, CommandModule } from '../src/bot/command.js';
import { GUILD_ONLY_COMMAND } from '../src/bot/definition.js';
import { POINTS_PICTURE, pointsEmbed } from '../src/bot/embeds/points.js';
import { NOT_FOUND, NotFoundError } from '../src/bot/not-found.js';
import { DEFAULT_HOUSE_NAMES } from '../src/pictures/chart-input.js';
import { renderChartPng } from '../src/pictures/render-chart.js';

const definition = {
  ...GUILD_ONLY_COMMAND,
  name: 'points',
  description: 'The House Cup: the four houses ranked by points',
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

async function execute(_request: unknown, context: CommandContext): Promise<Answer> {
  const points = await context.read.points.get(context.guildId);
  if (points === null) throw new NotFoundError(NOT_FOUND.points);
  const now = Date.now();
  const [week, series] = await Promise.all([
    weekChange(context.read, context.guildId, points, now),
    chartSeries(context.read, context.guildId, CHART_DEFAULTS.days, now),
  ]);
  const picture = await renderChartPng({
    standings: points,
    series,
    width: CHART_DEFAULTS.width,
    height: CHART_DEFAULTS.height,
    locale: 'en',
    houseNames: DEFAULT_HOUSE_NAMES,
  });
  return {
    embeds: [pointsEmbed({ points, week, picture: true })],
    files: [{ name: POINTS_PICTURE, data: picture }],
  };
}

export default { definition, execute } satisfies CommandModule;
