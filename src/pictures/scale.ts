/** Ticks past which the loop stops whatever its numbers: a few more than `wanted` is the most. */
const MOST_TICKS = 32;

/** A vertical axis: the values its bottom and top stand for, and the round values marked. */
export interface AxisScale {
  low: number;
  high: number;
  ticks: number[];
}

/** What an axis falls back to when the values give it no range it can show. */
const UNIT_SCALE: AxisScale = { low: 0, high: 1, ticks: [0, 1] };

/** The round step (1, 2, 2.5 or 5 × 10^n) that cuts `span` into about `wanted` parts. */
function niceStep(span: number, wanted: number): number {
  const rough = span / wanted;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  return (
    [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= rough) ??
    10 * magnitude
  );
}

/**
 * The axis of the race's lines: the values' range plus a margin, not stretched to 0, so that a
 * race of 1,240 against 1,185 fills the height and shows its movement (a forced 0 flattened it
 * into one band). The margin keeps a line off the frame; it never takes an axis of values all
 * at or above 0 below 0. A flat race (one value) gets a range around it. Ticks are the round
 * values inside the range.
 */
export function lineScale(min: number, max: number, wanted = 5): AxisScale {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return UNIT_SCALE;
  const span = max - min;
  const margin = span > 0 ? span * 0.08 : Math.max(1, Math.abs(max) * 0.05);
  let low = min - margin;
  const high = max + margin;
  if (min >= 0 && low < 0) low = 0;
  // Bounds near the largest doubles overflow the range to an infinity: no axis for those.
  if (!Number.isFinite(high - low) || high === low) return UNIT_SCALE;
  const step = niceStep(high - low, wanted);
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high; tick += step) {
    ticks.push(Math.round(tick * 1e6) / 1e6);
    if (ticks.length >= MOST_TICKS) break;
  }
  return ticks.every(Number.isFinite) ? { low, high, ticks } : UNIT_SCALE;
}
