import type { ChartPoint } from '../pictures/chart-input.js';
import { HOUSES, type House } from '../records/houses.js';
import { raceAxis, spreadLabels } from './chart-scale.js';
import { type Html, html } from './html.js';

/*
 * The page's own chart (docs/scoreboard.md, "The page"): the race of the last days as inline SVG,
 * drawn here so that it reads without JavaScript. Responsive without a script: the lines live in an
 * SVG stretched to its box (viewBox 1000 × 1000, preserveAspectRatio none, strokes that do not
 * scale), while every text sits in SVGs of no viewBox at all, placed in % of the same height: text
 * keeps the style sheet's size on a 390 px phone and on a 1920 px screen alike. Each line ends in a
 * dot and a label with its house and value, so a reader who cannot tell the colours apart still
 * can.
 */

interface RaceChartView {
  /** Oldest first, the last one the standings now. */
  series: readonly ChartPoint[];
  /** The houses' names as the page writes them. */
  names: Record<House, string>;
  /** The period the chart spans, for its caption. */
  days: number;
}

const SIZE = 1000;
/**
 * The least distance between two end labels, in % of the chart's height: a label line
 * (0.8rem × 1.25) on the shortest chart the style sheet draws (14rem). cup.css holds both.
 */
export const LABEL_GAP = 9;
/** Width of one character of a label, in em: wide enough for digits and capitals. */
const CHARACTER_EM = 0.62;

const numbers = new Intl.NumberFormat('en');
const days = new Intl.DateTimeFormat('en', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const round = (value: number) => Math.round(value * 10) / 10;

/** The chart, or nothing when no house has a value in the period. */
export function raceChart(view: RaceChartView): Html {
  const { series } = view;
  const values = series.flatMap((point) =>
    HOUSES.flatMap((house) => {
      const value = point.values[house];
      return value === null ? [] : [value];
    }),
  );
  const first = series[0];
  const last = series[series.length - 1];
  if (values.length === 0 || !first || !last) return html``;
  const axis = raceAxis(Math.min(...values), Math.max(...values));
  const start = Date.parse(first.at);
  const span = Date.parse(last.at) - start || 1;
  const x = (at: string) => round(((Date.parse(at) - start) / span) * SIZE);
  const y = (value: number) => round((1 - (value - axis.bottom) / (axis.top - axis.bottom)) * SIZE);

  const grid = axis.ticks.map((tick) => `M0 ${y(tick)}H${SIZE}`).join('');
  const ticks = axis.ticks.map(
    (tick) =>
      html`<text x="0.3em" y="${y(tick) / 10}%" dy="-0.35em">${numbers.format(tick)}</text>`,
  );
  const ends = HOUSES.flatMap((house) => {
    const value = last.values[house];
    return value === null ? [] : [{ house, value }];
  });
  // The leading house is drawn last, on top of the others.
  const drawn = [...HOUSES]
    .sort((a, b) => (last.values[a] ?? -Infinity) - (last.values[b] ?? -Infinity))
    .map((house) => {
      const latest = last.values[house];
      const dot =
        latest === null ? '' : html`<path class="dot ${house}" d="M${SIZE} ${y(latest)}h0"/>`;
      return html`<path class="line ${house}" d="${linePath(series, house, x, y)}"/>${dot}`;
    });
  const summary = `House points over the last ${view.days} days. Now: ${[...ends]
    .sort((a, b) => b.value - a.value)
    .map(({ house, value }) => `${view.names[house]} ${numbers.format(value)}`)
    .join(', ')}.`;
  const middle = series[Math.floor((series.length - 1) / 2)] ?? first;

  return html`<figure class="chart" id="chart">
<figcaption>Last ${view.days} days</figcaption>
<div class="race" role="img" aria-label="${summary}">
<svg class="plot" viewBox="0 0 ${SIZE} ${SIZE}" preserveAspectRatio="none" aria-hidden="true"><path class="grid" d="${grid}"/>${drawn}</svg>
<svg class="ticks" aria-hidden="true">${ticks}</svg>
${endLabels(ends, view.names, (value) => y(value) / 10)}
<p class="dates" aria-hidden="true"><span>${days.format(start)}</span><span>${days.format(Date.parse(middle.at))}</span><span>${days.format(Date.parse(last.at))}</span></p>
</div>
</figure>`;
}

/** A house's line through the series, broken where it has no value. */
function linePath(
  series: readonly ChartPoint[],
  house: House,
  x: (at: string) => number,
  y: (value: number) => number,
): string {
  let path = '';
  let drawing = false;
  for (const point of series) {
    const value = point.values[house];
    if (value === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${x(point.at)} ${y(value)}`;
    drawing = true;
  }
  return path;
}

/**
 * The labels at the lines' ends, in an SVG as wide as the longest (the lines' box gets the
 * rest): each at its line's height (`percent`) unless moved apart from another, then with a
 * leader from its line's end.
 */
function endLabels(
  ends: readonly { house: House; value: number }[],
  names: Record<House, string>,
  percent: (value: number) => number,
): Html {
  const placed = spreadLabels(
    ends.map(({ value }) => percent(value)),
    LABEL_GAP,
  );
  const labels = ends.map(({ house, value }, index) => {
    const at = percent(value);
    const to = round(placed[index] ?? at);
    return html`<line class="leader ${house}" x1="0" y1="${at}%" x2="0.7em" y2="${to}%"/><text class="label" data-house="${house}" x="0.95em" y="${to}%">${names[house]} <tspan class="value">${numbers.format(value)}</tspan></text>`;
  });
  const longest = Math.max(
    0,
    ...ends.map(({ house, value }) => `${names[house]} ${numbers.format(value)}`.length),
  );
  const width = round(longest * CHARACTER_EM + 1.3);
  return html`<svg class="ends" width="${width}em" aria-hidden="true">${labels}</svg>`;
}
