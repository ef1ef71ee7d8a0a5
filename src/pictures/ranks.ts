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
 * The houses as a table lists them: most points first, equal points in the houses' usual order
 * (the sort is stable), so that the picture and the page read alike.
 */
export function rankOrder(standings: Record<House, number>): House[] {
  return [...HOUSES].sort((a, b) => standings[b] - standings[a]);
}
