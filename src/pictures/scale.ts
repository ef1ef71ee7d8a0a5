/** Ticks past which the loop stops whatever its numbers: a few more than `wanted` is the most. */
const MOST_TICKS = 32;

/** Round axis ticks (1, 2, 2.5 or 5 × 10^n) covering [min, max], zero included. */
export function niceTicks(min: number, max: number, wanted = 4): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  // No range to tick (nothing drawn, or bounds no axis can show): a plain 0 to 1.
  if (low === high || !Number.isFinite(high - low)) return [0, 1];
  const rough = (high - low) / wanted;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= rough) ??
    10 * magnitude;
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick < high + step; tick += step) {
    ticks.push(Math.round(tick * 1e6) / 1e6);
    if (tick >= high || ticks.length >= MOST_TICKS) break;
  }
  // Bounds near the largest doubles overflow a tick to an infinity: no axis for those either.
  return ticks.every(Number.isFinite) ? ticks : [0, 1];
}
