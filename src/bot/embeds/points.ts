import type { APIEmbed } from 'discord.js';
import type { ChartWords } from '../../pictures/chart-input.js';
import { ranksOf } from '../../pictures/ranks.js';
import type { HousePoints } from '../../records/house-points.js';
import type { House } from '../../records/houses.js';
import type { Term } from '../../records/terms.js';
import type { Language } from '../i18n/index.js';
import { dateText } from './dates.js';
import { HOUSE_STYLES, HOUSES, houseName } from './houses.js';
import { fitEmbed, named } from './limits.js';
import { termResult } from './terms.js';

const BAR_WIDTH = 16;

interface RankedHouse {
  house: House;
  points: number;
}

/** Most points first; a tie keeps the houses' usual order, so the ranking is stable. */
export function rankHouses(points: HousePoints): RankedHouse[] {
  return HOUSES.map((house) => ({ house, points: points[house] })).sort(
    (a, b) => b.points - a.points,
  );
}

/** A bar proportional to the leader's score: the leader fills it, an empty house is blank. */
export function bar(points: number, leader: number, width = BAR_WIDTH): string {
  const filled = leader > 0 ? Math.round((Math.max(0, points) / leader) * width) : 0;
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

/** The name the /points picture is attached under, and how its embed refers to it. */
export const POINTS_PICTURE = 'points.png';

/**
 * The /points picture's words: the member's language for its title (the period of `days`),
 * the houses' names, numbers and dates. `locale` names them all: the picture is cached by it.
 */
export function pictureWords(language: Language, days: number): ChartWords {
  const { t } = language;
  return {
    locale: language.intl,
    houseNames: t.houses,
    titles: { period: language.count(t.chart.period, days), standings: t.chart.standings },
  };
}

/**
 * `▲ 120 this week`, `▼ 15 this week`, `± 0 this week`: the arrow says the direction, so the number
 * needs no sign.
 */
export function weekText(change: number, language: Language): string {
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '±';
  return language.t.points.week(`${arrow} ${language.number(Math.abs(change))}`);
}

interface PointsView {
  points: HousePoints;
  /** Each house's change over 7 days; null when the guild has no history. */
  week: Record<House, number> | null;
  /** Whether the picture is attached (as POINTS_PICTURE). */
  picture: boolean;
  /**
   * The guild's open term, named above the houses with its leaders; null (or absent) when none
   * is open.
   */
  term?: Term | null;
}

export function pointsEmbed(
  { points, week, picture, term = null }: PointsView,
  language: Language,
): APIEmbed {
  const { t } = language;
  const ranked = rankHouses(points);
  // Equal points share a rank (1, 1, 3, 4), as in the picture below and on the public page.
  const ranks = ranksOf(points);
  const leader = ranked[0] ?? { house: 'gryffindor' as const, points: 0 };
  const lines = ranked.map(({ house, points: score }) => {
    const change = week ? ` · ${weekText(week[house], language)}` : '';
    const scored = language.amount(t.points.points, score);
    return `**${ranks[house]}. ${houseName(house, t)}** — ${scored}${change}\n\`${bar(score, leader.points)}\``;
  });
  // The term's leaders by what they gained in it, under its name (the lines below are the points
  // carried in). How long it has run is Discord's relative timestamp: each client counts the days itself, so
  // a live scoreboard, edited only when something changes, never shows a stale count.
  const termLine = term
    ? [
        `${t.points.term(
          named(term.name, `#${language.digits(term.id)}`),
          dateText(term.startedAt, language),
        )}\n${termResult(term, language)}`,
      ]
    : [];
  return fitEmbed(
    {
      title: t.points.title,
      description: [...termLine, ...lines].join('\n\n'),
      color: HOUSE_STYLES[leader.house].colour,
      ...(picture ? { image: { url: `attachment://${POINTS_PICTURE}` } } : {}),
    },
    t.lists,
  );
}
