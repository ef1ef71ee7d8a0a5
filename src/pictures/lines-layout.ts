import { HOUSES, type House } from '../records/houses.js';
import type { ChartInput, ChartPoint } from './chart-input.js';
import { type PlacedLabel, placeLabels } from './end-labels.js';
import type { Box, Point } from './geometry.js';
import { raceDateFormat } from './race-dates.js';
import { rankOrder } from './ranks.js';
import { type AxisScale, lineScale } from './scale.js';
import { measure, type Text, text } from './text-measure.js';

/** The end of one house's line, and its label (house and value) beside it. */
export interface LineEnd {
  house: House;
  value: number;
  /** The line's last point. */
  point: Point;
  label: Text;
  /** The label's extent: no two of them overlap. */
  box: Box;
}

export interface LinesLayout {
  /** The area the lines are drawn in (the axis' ticks to its left, dates below). */
  plot: Box;
  scale: AxisScale;
  ticks: { value: number; y: number; label: Text }[];
  dates: Text[];
  /** Each house's line, split where it has no value. */
  paths: Record<House, Point[][]>;
  /** In rank order. */
  ends: LineEnd[];
  lineWidth: number;
}

function seriesRange(series: readonly ChartPoint[]): [number, number] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const point of series) {
    for (const house of HOUSES) {
      const value = point.values[house];
      if (value === null) continue;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  }
  return [low, high];
}

/**
 * The axis' numbers: as the locale groups digits (1,240), or compact (52K) for large ones,
 * unless that would write two ticks alike.
 */
function tickTexts(ticks: readonly number[], locale: string): string[] {
  const full = ticks.map((tick) => new Intl.NumberFormat(locale).format(tick));
  if (!ticks.some((tick) => Math.abs(tick) >= 100_000)) return full;
  const compact = ticks.map((tick) =>
    new Intl.NumberFormat(locale, { notation: 'compact', maximumSignificantDigits: 3 }).format(
      tick,
    ),
  );
  return new Set(compact).size === compact.length ? compact : full;
}

/** Each house's last value and where in the series it is; none for a house with no value. */
function lastValues(series: readonly ChartPoint[]): Map<House, { index: number; value: number }> {
  const last = new Map<House, { index: number; value: number }>();
  series.forEach((point, index) => {
    for (const house of HOUSES) {
      const value = point.values[house];
      if (value !== null) last.set(house, { index, value });
    }
  });
  return last;
}

/** Where a text written at its x with its alignment begins and ends. */
function extent(label: Text): [number, number] {
  if (label.align === 'left') return [label.x, label.x + label.width];
  if (label.align === 'right') return [label.x - label.width, label.x];
  return [label.x - label.width / 2, label.x + label.width / 2];
}

/**
 * The dates under the plot: the last point's, the first's, then the middle one's, each only where
 * it fits beside those already placed (at least `gap` apart), so no two ever overlap, whatever the
 * width and the length of the dates (a two-day race writes hours).
 */
function dateLabels(
  input: ChartInput,
  format: Intl.DateTimeFormat,
  at: { size: number; y: number; xOf: (index: number) => number; gap: number },
): Text[] {
  const count = input.series.length;
  const wanted: [number, Text['align']][] = [
    [count - 1, 'right'],
    [0, 'left'],
    [Math.floor((count - 1) / 2), 'center'],
  ];
  const placed: { index: number; label: Text }[] = [];
  for (const [index, align] of wanted) {
    const point = input.series[index];
    if (!point || placed.some((done) => done.index === index)) continue;
    const label = text(format.format(new Date(point.at)), at.size, false, {
      x: at.xOf(index),
      y: at.y,
      align,
      baseline: 'top',
      tone: 'muted',
    });
    const [from, to] = extent(label);
    const clear = placed.every(({ label: other }) => {
      const [otherFrom, otherTo] = extent(other);
      return to + at.gap <= otherFrom || otherTo + at.gap <= from;
    });
    if (clear) placed.push({ index, label });
  }
  return placed.sort((a, b) => a.index - b.index).map(({ label }) => label);
}

/** The end labels' texts, in rank order, and the size that lets them fit beside the plot. */
interface EndTexts {
  ranked: House[];
  last: Map<House, { index: number; value: number }>;
  texts: string[];
  size: number;
  /** Between a line's end and its label. */
  gap: number;
  /** The widest label with its gap: the room the labels take right of the plot. */
  width: number;
}

// House and value, so a reader who cannot tell the colours apart still can.
function endTexts(input: ChartInput, box: Box, axisWidth: number, unit: number): EndTexts {
  const numbers = new Intl.NumberFormat(input.locale);
  const last = lastValues(input.series);
  const ranked = rankOrder(input.standings).filter((house) => last.has(house));
  const texts = ranked.map(
    (house) => `${input.houseNames[house]} ${numbers.format(last.get(house)?.value ?? 0)}`,
  );
  const gap = 10 * unit;
  // Sized so that the plot keeps at least half the panel and the four fit its height.
  let size = Math.max(10, 13 * unit);
  const widest = (at: number) => Math.max(...texts.map((t) => measure(t, at, false)));
  while (
    size > 8 &&
    (widest(size) + gap > (box.width - axisWidth) / 2 || size * 1.3 * ranked.length > box.height)
  ) {
    size -= 1;
  }
  return { ranked, last, texts, size, gap, width: widest(size) + gap };
}

/** Where a value and a point of the series fall in the plot. */
interface PlotPlace {
  xOf(index: number): number;
  yOf(value: number): number;
}

/** Each house's line through the series, broken where it has no value. */
function housePaths(series: readonly ChartPoint[], at: PlotPlace): Record<House, Point[][]> {
  const paths = {} as Record<House, Point[][]>;
  for (const house of HOUSES) {
    const segments: Point[][] = [];
    let current: Point[] | null = null;
    series.forEach((point, index) => {
      const value = point.values[house];
      if (value === null) {
        current = null;
        return;
      }
      if (!current) {
        current = [];
        segments.push(current);
      }
      current.push({ x: at.xOf(index), y: at.yOf(value) });
    });
    paths[house] = segments;
  }
  return paths;
}

/** The labelled ends of the lines, each label as near its line's end as the others let it be. */
function lineEnds(labels: EndTexts, plot: Box, box: Box, at: PlotPlace, count: number): LineEnd[] {
  const { ranked, last, size } = labels;
  const labelHeight = Math.round(size * 1.3);
  const placed: PlacedLabel<House>[] = placeLabels(
    ranked.map((house) => ({ item: house, wanted: at.yOf(last.get(house)?.value ?? 0) })),
    labelHeight,
    box.y,
    box.y + box.height,
  );
  const labelX = plot.x + plot.width + labels.gap;
  return ranked.map((house, i): LineEnd => {
    const end = last.get(house) ?? { index: count - 1, value: 0 };
    const centre = placed.find((label) => label.item === house)?.centre ?? at.yOf(end.value);
    const label = text(labels.texts[i] ?? '', size, false, {
      x: labelX,
      y: centre,
      align: 'left',
      baseline: 'middle',
      tone: 'ink',
    });
    return {
      house,
      value: end.value,
      point: { x: at.xOf(end.index), y: at.yOf(end.value) },
      label,
      box: { x: labelX, y: centre - labelHeight / 2, width: label.width, height: labelHeight },
    };
  });
}

/** The race over time in `box`: the axis, the dates, the lines and their labelled ends. */
export function layoutLines(input: ChartInput, box: Box, unit: number): LinesLayout {
  const axisSize = Math.max(10, 12 * unit);
  const [low, high] = seriesRange(input.series);
  const scale = lineScale(low, high);
  const ticksWritten = tickTexts(scale.ticks, input.locale);
  const axisWidth = Math.max(...ticksWritten.map((t) => measure(t, axisSize, false))) + 8 * unit;
  const labels = endTexts(input, box, axisWidth, unit);
  const plot = {
    x: box.x + axisWidth,
    y: box.y + axisSize / 2,
    width: box.width - axisWidth - labels.width,
    height: box.height - axisSize / 2 - axisSize * 1.7,
  };
  const count = input.series.length;
  const at: PlotPlace = {
    xOf: (index) => plot.x + (count === 1 ? plot.width : (index / (count - 1)) * plot.width),
    yOf: (value) =>
      plot.y + plot.height - ((value - scale.low) / (scale.high - scale.low)) * plot.height,
  };
  const ticks = scale.ticks.map((value, i) => ({
    value,
    y: at.yOf(value),
    label: text(ticksWritten[i] ?? '', axisSize, false, {
      x: plot.x - 6 * unit,
      y: at.yOf(value),
      align: 'right',
      baseline: 'middle',
      tone: 'muted',
    }),
  }));
  const dates = dateLabels(input, raceDateFormat(input.series, input.locale), {
    size: axisSize,
    y: plot.y + plot.height + axisSize * 0.6,
    xOf: at.xOf,
    gap: 12 * unit,
  });
  const paths = housePaths(input.series, at);
  const ends = lineEnds(labels, plot, box, at, count);
  return { plot, scale, ticks, dates, paths, ends, lineWidth: Math.max(2, 2.5 * unit) };
}
