/** The four houses, in their customary order (the order ties are shown in). */
export const HOUSES = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'] as const;
export type House = (typeof HOUSES)[number];
