import type { House } from './houses.js';

/* What an award may be (docs/awards.md). */

/** Awards and undos a guild may make in any minute. */
export const AWARDS_PER_MINUTE = 30;

/** An award as the store takes it: every part checked. */
export interface CheckedAward {
  house: House;
  points: number;
  reason: string;
  for: string | null;
  by: string | null;
}
