import { HOUSES, type House } from '../../records/houses.js';
import type { AnyMessages } from '../i18n/messages.js';

interface HouseStyle {
  emoji: string;
  colour: number;
}

/**
 * The one place the houses' look is decided: every embed takes its colours from here. Their
 * names are words, in each language's catalogue (i18n/).
 */
export const HOUSE_STYLES: Record<House, HouseStyle> = {
  gryffindor: { emoji: '🦁', colour: 0xae0001 },
  slytherin: { emoji: '🐍', colour: 0x2a623d },
  ravenclaw: { emoji: '🦅', colour: 0x222f5b },
  hufflepuff: { emoji: '🦡', colour: 0xffdb00 },
};

/** For embeds that belong to no house. */
export const NEUTRAL_COLOUR = 0x74572b;

/** An embed's colour: its house's, or the neutral one when it belongs to none. */
export const houseColour = (house: House | null | undefined): number =>
  house ? HOUSE_STYLES[house].colour : NEUTRAL_COLOUR;

/** For "no" answers (premium off). */
export const MUTED_COLOUR = 0x99aab5;

export { HOUSES };

/** `🦁 Gryffindor`, `🦁 Gryffondor`… */
export function houseName(house: House, t: AnyMessages): string {
  return `${HOUSE_STYLES[house].emoji} ${t.houses[house]}`;
}

export function houseText(house: House | null, t: AnyMessages): string {
  return house === null ? t.noHouse : houseName(house, t);
}
