/*
 * The public page's chart geometry, free of markup: the vertical axis of a race and where its
 * end labels go. The page's own (the PNG of src/pictures/ has its own rules for a fixed canvas).
 */

interface Axis {
  /** Round values between its ends, bottom first: where grid lines go. */
  ticks: number[];
  bottom: number;
  top: number;
}

/**
 * An axis over [low, high] with a margin of a tenth of the range on both sides, not forced to
 * 0 and not widened to round values: a race of 1,240 against 1,185 fills the chart rather than
 * sitting at the top of it. Its ticks are the round values inside (1, 2, 2.5 or 5 × 10^n, whole
 * numbers), `wanted` of them or a few more. A range that does not go below 0 keeps its axis
 * at 0 or above.
 */
export function raceAxis(low: number, high: number, wanted = 3): Axis {
  if (!Number.isFinite(low) || !Number.isFinite(high) || low > high) {
    return { ticks: [0, 1], bottom: 0, top: 1 };
  }
  const span = high - low;
  const margin = span > 0 ? span * 0.1 : Math.max(1, Math.abs(low) * 0.05);
  const bottom = low >= 0 ? Math.max(0, low - margin) : low - margin;
  const top = high + margin;
  const step = niceStep((top - bottom) / wanted);
  const ticks: number[] = [];
  // Bounded by count as well, whatever the doubles near 2^53 make of the sums.
  for (let tick = Math.ceil(bottom / step) * step; tick <= top && ticks.length < 12; tick += step) {
    ticks.push(tick);
  }
  return { ticks, bottom, top };
}

/**
 * The largest round step at or below `rough` (1, 2, 2.5 or 5 × 10^n, a whole number: points
 * are): `wanted` ticks at least, two and a half times as many at most.
 */
function niceStep(rough: number): number {
  if (!(rough > 1)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const steps = [1, 2, 2.5, 5].map((m) => m * magnitude).filter(Number.isInteger);
  return steps.filter((step) => step <= rough).at(-1) ?? magnitude;
}

/**
 * Label positions (0 top to 100 bottom) as near to `wanted` as they can be while at least `gap`
 * apart and within [gap / 2, 100 - gap / 2]. Labels that would overlap form a group centred on
 * the mean of the places they want, a group meeting the next merges with it, and groups past an
 * edge move in. The order of the labels is kept: they follow their lines.
 */
export function spreadLabels(wanted: readonly number[], gap: number): number[] {
  const order = wanted.map((_, index) => index).sort((a, b) => (wanted[a] ?? 0) - (wanted[b] ?? 0));
  interface Group {
    sum: number;
    size: number;
    first: number;
  }
  const groups: Group[] = [];
  const lowest = gap / 2;
  const highest = 100 - gap / 2;
  const settle = (group: Group) => {
    const centred = group.sum / group.size - ((group.size - 1) * gap) / 2;
    group.first = Math.min(Math.max(centred, lowest), highest - (group.size - 1) * gap);
  };
  for (const index of order) {
    const group = { sum: wanted[index] ?? 0, size: 1, first: 0 };
    settle(group);
    groups.push(group);
    // Merge backwards while the last group runs into the one before it.
    for (;;) {
      const last = groups[groups.length - 1];
      const before = groups[groups.length - 2];
      if (!last || !before || before.first + before.size * gap <= last.first) break;
      groups.pop();
      before.sum += last.sum;
      before.size += last.size;
      settle(before);
    }
  }
  const placed = groups.flatMap((group) =>
    Array.from({ length: group.size }, (_, i) => group.first + i * gap),
  );
  const result: number[] = new Array(order.length);
  order.forEach((index, position) => {
    result[index] = placed[position] ?? 0;
  });
  return result;
}
