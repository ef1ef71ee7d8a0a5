import type { APIEmbed } from 'discord.js';
import type { HousePoints } from '../../records/house-points.js';
import type { House } from '../../records/houses.js';
import { HOUSE_STYLES, HOUSES } from './houses.js';
import { fitEmbed } from './limits.js';

export const BAR_WIDTH = 16;

export interface RankedHouse {
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

export function pointsEmbed(points: HousePoints): APIEmbed {
  const ranked = rankHouses(points);
  const leader = ranked[0] ?? { house: 'gryffindor' as const, points: 0 };
  const lines = ranked.map(({ house, points: score }, index) => {
    const style = HOUSE_STYLES[house];
    return `**${index + 1}. ${style.emoji} ${style.label}** — ${score.toLocaleString('en-US')} points\n\`${bar(score, leader.points)}\``;
  });
  return fitEmbed({
    title: '🏆 House Cup standings',
    description: lines.join('\n\n'),
    color: HOUSE_STYLES[leader.house].colour,
  });
}
