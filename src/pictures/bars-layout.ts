import { HOUSES, type House } from '../records/houses.js';
import type { ChartInput } from './chart-input.js';
import type { Box } from './geometry.js';
import { rankOrder, ranksOf } from './ranks.js';
import { fitted, measure, type Text, text } from './text-measure.js';

/** One house's row of the standings: its rank, name and points, and its bar below. */
export interface BarRow {
  house: House;
  rank: number;
  value: number;
  rankText: Text;
  name: Text;
  number: Text;
  bar: Box;
}

export interface BarsLayout {
  box: Box;
  /** In rank order: first place on top. */
  rows: BarRow[];
  /** Where 0 lies, when a value is below it (a line marks it then). */
  zeroX: number | null;
}

/** The standings as bars in `box`: first place on top, each with its rank and number. */
export function layoutBars(input: ChartInput, box: Box, unit: number): BarsLayout {
  const numbers = new Intl.NumberFormat(input.locale);
  const ranks = ranksOf(input.standings);
  const values = HOUSES.map((house) => input.standings[house]);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const zeroX = box.x + ((0 - low) / span) * box.width;
  const rowHeight = box.height / HOUSES.length;
  const size = Math.max(10, Math.min(rowHeight * 0.34, 16 * unit));
  const barHeight = Math.max(5, rowHeight * 0.32);
  const rankWidth = measure('4', size, true) + 8 * unit;

  const rows = rankOrder(input.standings).map((house, index): BarRow => {
    const value = input.standings[house];
    const baseline = box.y + index * rowHeight + size;
    const number = text(numbers.format(value), size, true, {
      x: box.x + box.width,
      y: baseline,
      align: 'right',
      baseline: 'alphabetic',
      tone: 'ink',
    });
    const rankText = text(String(ranks[house]), size, true, {
      x: box.x,
      y: baseline,
      align: 'left',
      baseline: 'alphabetic',
      tone: 'ink',
    });
    const nameRoom = box.width - rankWidth - number.width - 8 * unit;
    const houseName = input.houseNames[house];
    const name = text(houseName, fitted(houseName, nameRoom, size, false), false, {
      x: box.x + rankWidth,
      y: baseline,
      align: 'left',
      baseline: 'alphabetic',
      tone: 'ink',
    });
    const end = box.x + ((value - low) / span) * box.width;
    // A zero still shows a sliver, so every house has a visible mark in its colour.
    const barWidth = Math.max(3, Math.abs(end - zeroX));
    const bar = {
      x: value < 0 ? zeroX - barWidth : zeroX,
      y: baseline + Math.max(3, rowHeight * 0.1),
      width: barWidth,
      height: barHeight,
    };
    return { house, rank: ranks[house], value, rankText, name, number, bar };
  });
  return { box, rows, zeroX: low < 0 ? zeroX : null };
}
