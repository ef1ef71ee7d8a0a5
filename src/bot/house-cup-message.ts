import type { AnswerCache } from '../answers/answer-cache.js';
import { CHART_DEFAULTS, memberChartAnswer } from '../answers/chart.js';
import { weekChange } from '../answers/house-cup.js';
import { currentPoints } from '../answers/stored-points.js';
import type { RenderSlots } from '../budgets/render-slots.js';
import type { ReadService } from '../read/service.js';
import type { Answer } from './command.js';
import { POINTS_PICTURE, pictureWords, pointsEmbed } from './embeds/points.js';
import type { Language } from './i18n/index.js';

/** Where the house cup message is read and drawn from: the node's own parts. */
export interface HouseCupSources {
  read: ReadService;
  renders: RenderSlots;
  cache: AnswerCache;
}

/**
 * The house cup message: the embed of the standings with each house's week (and the open term
 * above them, when there is one), and the chart as
 * its picture. What `/points` answers and what a live scoreboard shows (and is edited to), so
 * both read alike. Null when the guild has no house points. `now` is the instant whose week it
 * counts (a live scoreboard redrawn at a week's turn passes it).
 */
export async function houseCupMessage(
  { read, renders, cache }: HouseCupSources,
  guildId: string,
  language: Language,
  now: number = Date.now(),
): Promise<Answer | null> {
  const points = await currentPoints(read, guildId);
  if (points === null) return null;
  const week = await weekChange(read, guildId, points, now);
  const term = await read.terms.open(guildId);
  // The picture speaks the language (its title, houses, numbers and dates), and is kept in the
  // node's answer cache per guild and language until the guild's data changes: a second
  // /points, or the next live scoreboard in that language, renders nothing. A full node makes a
  // render wait its turn: past 2 s the dispatcher defers the interaction.
  const { cacheKey, build } = memberChartAnswer(
    read,
    renders,
    guildId,
    pictureWords(language, CHART_DEFAULTS.days),
  );
  const picture = await cache.get(cacheKey, () => read.generation(guildId), build);
  // The points went between the two reads (a guild emptied just now): as if they never were.
  if (picture.status !== 200) return null;
  return {
    embeds: [pointsEmbed({ points, week, picture: true, term }, language)],
    files: [{ name: POINTS_PICTURE, data: picture.body }],
  };
}
