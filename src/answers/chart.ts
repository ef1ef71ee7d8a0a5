import { type RenderSlots, RendersBusyError, type WhenFull } from '../budgets/render-slots.js';
import {
  type ChartInput,
  type ChartTitles,
  type ChartWords,
  DEFAULT_HOUSE_NAMES,
} from '../pictures/chart-input.js';
import type { ReadService } from '../read/service.js';
import { type CacheableAnswer, errorAnswer } from './answer.js';
import type { Built } from './answer-cache.js';
import { ApiError, MESSAGES } from './errors.js';
import { chartSeries } from './house-cup.js';
import { type IntegerBounds, invalidIntegerText, isWithin } from './integer-text.js';
import { currentPoints } from './stored-points.js';

interface ChartQuery {
  width?: number | undefined;
  height?: number | undefined;
  days?: number | undefined;
}

export const CHART_DEFAULTS = { width: 800, height: 400, days: 30 } as const;

/** What a request may ask for: the API's parameters and the public chart's size. */
export const CHART_BOUNDS = {
  width: { minimum: 400, maximum: 1600 },
  height: { minimum: 200, maximum: 1000 },
  days: { minimum: 1, maximum: 365 },
} as const satisfies Record<keyof ChartQuery, IntegerBounds>;

const CHART_PARAMETERS = Object.keys(CHART_BOUNDS) as (keyof ChartQuery)[];

/**
 * The chart's titles in English: the API's and the public page's picture, and the English
 * catalogue of the bot (src/bot/i18n/en.ts takes them from here). A plural text as the
 * catalogues write one: `{n}` is the number of days.
 */
export const ENGLISH_CHART_TITLES = {
  period: { plural: { one: 'Last 24 hours', other: 'Last {n} days' } },
  standings: 'Current standings',
};

/** Made on the first chart: a process's first Intl object loads its locale data. */
let englishPlural: Intl.PluralRules | undefined;

function englishTitles(days: number): ChartTitles {
  const forms = ENGLISH_CHART_TITLES.period.plural;
  englishPlural ??= new Intl.PluralRules('en-US');
  const form = englishPlural.select(days) === 'one' ? forms.one : forms.other;
  return {
    period: form.replaceAll('{n}', String(days)),
    standings: ENGLISH_CHART_TITLES.standings,
  };
}

/** The API's words: English (its strings are part of the wire contract). */
function englishWords(days: number): ChartWords {
  return { locale: 'en', houseNames: DEFAULT_HOUSE_NAMES, titles: englishTitles(days) };
}

interface Drawn {
  width: number;
  height: number;
  days: number;
}

/**
 * The PNG of a guild's chart, or the points 404 JSON; drawn in one of the node's slots, on a chart
 * worker: the event loop only reads the data and sends it.
 */
async function buildChart(
  read: ReadService,
  renders: RenderSlots,
  guildId: string,
  drawn: Drawn,
  words: ChartWords,
  whenFull: WhenFull,
  now: number,
): Promise<Built & { status: number; changesAt?: number }> {
  const chart = await chartOf(read, guildId, drawn, now, words);
  if (!chart) return errorAnswer(404, MESSAGES.noPoints);
  const body = await renders.drawChart(chart.input, whenFull);
  return { status: 200, body, type: 'image/png', changesAt: chart.changesAt };
}

/**
 * What a chart of `guildId` is drawn from at `now` (in the API's English words unless others are
 * given): the standings and the series of the last `days` days; null when the guild has no
 * points. Apart so that what a picture shows can be checked without reading pixels.
 */
export async function chartInput(
  read: ReadService,
  guildId: string,
  { width, height, days }: Drawn,
  now: number,
  words: ChartWords = englishWords(days),
): Promise<ChartInput | null> {
  return (await chartOf(read, guildId, { width, height, days }, now, words))?.input ?? null;
}

/** chartInput, and when the picture would first look different with no change of data. */
async function chartOf(
  read: ReadService,
  guildId: string,
  { width, height, days }: Drawn,
  now: number,
  words: ChartWords,
): Promise<{ input: ChartInput; changesAt: number } | null> {
  const standings = await currentPoints(read, guildId);
  if (!standings) return null;
  const { points, changesAt } = await chartSeries(read, guildId, days, now);
  return { input: { standings, series: points, width, height, ...words }, changesAt };
}

/**
 * What GET /v1/points/:guildId/chart.png answers (docs/http-api.md, the chart): the PNG, or the points 404 JSON.
 * Cached per guild and size until the guild's data changes, and at most a minute: its lines end
 * at the time it was drawn. The picture is drawn in one of the node's render slots; when every
 * slot and place in their queue is taken, the build fails at once with a 429 (Retry-After: 1)
 * rather than wait: a chart is worth less than the other answers it would delay.
 */
export function chartAnswer(
  read: ReadService,
  renders: RenderSlots,
  guildId: string,
  query: ChartQuery,
  clock: () => number = Date.now,
): CacheableAnswer {
  const asked = {
    width: query.width ?? CHART_DEFAULTS.width,
    height: query.height ?? CHART_DEFAULTS.height,
    days: query.days ?? CHART_DEFAULTS.days,
  };
  // The routes refuse these already; this is the last check before the canvas, which aborts the
  // whole process on a size it cannot allocate (±Infinity) rather than throwing.
  for (const name of CHART_PARAMETERS) {
    const bounds = CHART_BOUNDS[name];
    if (!isWithin(asked[name], bounds)) throw new ApiError(400, invalidIntegerText(name, bounds));
  }
  const { width, height, days } = asked;
  return {
    cacheKey: `chart:${guildId}:${width}x${height}:${days}`,
    async build() {
      const now = clock();
      const words = englishWords(days);
      const { changesAt, ...built } = await buildChart(
        read,
        renders,
        guildId,
        asked,
        words,
        'refuse',
        now,
      ).catch(busyAsTooMany);
      return changesAt === undefined ? built : { ...built, staleAt: now + 60_000 };
    },
  };
}

/**
 * The /points picture (docs/discord.md): the chart at the default size and period in the member's
 * words (`words.locale` names them: one picture per guild and language). Cached until the
 * guild's data changes or its lines would gain a day, whichever comes first, so a second
 * /points renders nothing. On a full node it waits for a render slot: the interaction's
 * deferral covers the wait, and a member is never told to come back.
 */
export function memberChartAnswer(
  read: ReadService,
  renders: RenderSlots,
  guildId: string,
  words: ChartWords,
  clock: () => number = Date.now,
): CacheableAnswer {
  const { width, height, days } = CHART_DEFAULTS;
  return {
    cacheKey: `chart:${guildId}:${width}x${height}:${days}:${words.locale}`,
    async build() {
      const now = clock();
      const built = await buildChart(read, renders, guildId, CHART_DEFAULTS, words, 'wait', now);
      const { changesAt, ...answer } = built;
      return changesAt === undefined ? answer : { ...answer, staleAt: changesAt };
    },
  };
}

/** A node without a free render slot: the client comes back in a second, as after any 429. */
function busyAsTooMany(error: unknown): never {
  if (error instanceof RendersBusyError) {
    throw new ApiError(429, MESSAGES.tooManyRequests, { 'retry-after': '1' });
  }
  throw error;
}
