import { HOUSES, type House } from '../records/houses.js';

/** Competition ranks (1, 1, 3, 4): equal points share a rank, as a cup's table shows them. */
export function ranksOf(standings: Record<House, number>): Record<House, number> {
  const ranks = {} as Record<House, number>;
  for (const house of HOUSES) {
    ranks[house] = 1 + HOUSES.filter((other) => standings[other] > standings[house]).length;
  }
  return ranks;
}

/**
 * The order the chart draws its bars in (DESIGN §11): first place on top, equal points in the
 * houses' usual order.
 */
export function barOrder(standings: Record<House, number>): House[] {
  const ranks = ranksOf(standings);
  return [...HOUSES].sort((a, b) => ranks[a] - ranks[b]);
}
