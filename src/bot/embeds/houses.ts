import { HOUSES, type House } from '../../records/houses.js';

export interface HouseStyle {
  label: string;
  emoji: string;
  colour: number;
}

/** The one place the houses' look is decided: every embed takes its colours from here. */
export const HOUSE_STYLES: Record<House, HouseStyle> = {
  gryffindor: { label: 'Gryffindor', emoji: '🦁', colour: 0xae0001 },
  slytherin: { label: 'Slytherin', emoji: '🐍', colour: 0x2a623d },
  ravenclaw: { label: 'Ravenclaw', emoji: '🦅', colour: 0x222f5b },
  hufflepuff: { label: 'Hufflepuff', emoji: '🦡', colour: 0xffdb00 },
};

/** For embeds that belong to no house. */
export const NEUTRAL_COLOUR = 0x74572b;
/** For "no" answers (premium off). */
export const MUTED_COLOUR = 0x99aab5;

export { HOUSES };

export function houseText(house: House | null): string {
  if (house === null) return 'No house';
  const style = HOUSE_STYLES[house];
  return `${style.emoji} ${style.label}`;
}
