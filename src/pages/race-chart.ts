import type { ChartPoint } from '../pictures/chart-input.js';
import { raceDateFormat } from '../pictures/race-dates.js';
import { HOUSES, type House } from '../records/houses.js';
import { raceAxis, spreadLabels } from './chart-scale.js';
import { english } from './english.js';
import { type Html, html } from './html.js';

/*
 * The page's own chart (docs/scoreboard.md, "The page"): the race of the last days as inline SVG,
 * drawn here so that it reads without JavaScript. Responsive without a script: the lines live in an
 * SVG stretched to its box (viewBox 1000 × 1000, preserveAspectRatio none, strokes that do not
 * scale), while every text sits in SVGs of no viewBox at all, placed in % of the same height: text
 * keeps the style sheet's size on a 390 px phone and on a 1920 px screen alike. Each line ends in a
 * dot and a label with its house, so a reader who cannot tell the colours apart still can. The
 * labels come twice, one set shown by the style sheet: with the values on wide screens, the
 * names alone on a phone, where the values would take half the lines' width and the cards
 * right above the chart show them anyway.
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

/** English, with the 24-hour clock its latest awards write their UTC times in. */
const DATES_LOCALE = 'en-u-hc-h23';
const round = (value: number) => Math.round(value * 10) / 10;
const DAY_MS = 86_400_000;

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
  // A guild younger than the period has its race from its first record: the caption says since.
  const young = Date.parse(last.at) - start < view.days * DAY_MS;
  const dates = raceDates(series);
  const since = dates.at(0, true);
  const period = young ? `since ${since}` : `over the last ${view.days} days`;
  const summary = `House points ${period}. Now: ${[...ends]
    .sort((a, b) => b.value - a.value)
    .map(({ house, value }) => `${view.names[house]} ${english().numbers.format(value)}`)
    .join(', ')}.`;

  return html`<figure class="chart" id="chart">
<figcaption>${young ? `Since ${since}` : `Last ${view.days} days`}</figcaption>
<div class="race" role="img" aria-label="${summary}">
<svg class="plot" viewBox="0 0 ${SIZE} ${SIZE}" preserveAspectRatio="none" aria-hidden="true"><path class="grid" d="${grid}"/>${drawn}</svg>
${tickLabels(axis.ticks, (value) => y(value) / 10)}
${endLabels(ends, view.names, (value) => y(value) / 10, true)}
${endLabels(ends, view.names, (value) => y(value) / 10, false)}
${dateRow(series.length, dates)}
</div>
</figure>`;
}

/**
 * The axis' values in a column of their own left of the lines, each level with its grid line and
 * as wide as the longest: no line ever passes under a value, so none is hidden or misread there.
 */
function tickLabels(ticks: readonly number[], percent: (value: number) => number): Html {
  const written = ticks.map((tick) => english().numbers.format(tick));
  const labels = ticks.map(
    (tick, index) =>
      html`<text x="100%" dx="-0.5em" y="${percent(tick)}%">${written[index] ?? ''}</text>`,
  );
  return html`<svg class="ticks" width="${widthEm(written, 0.6)}em" aria-hidden="true">${labels}</svg>`;
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
 * The race's dates as written under it: `at(index)`, a point's, in UTC like the latest awards;
 * a time `marked` says so (`UTC`). `times`: whether they are times (a race of two days or less).
 */
function raceDates(series: readonly ChartPoint[]) {
  const format = raceDateFormat(series, DATES_LOCALE);
  const times = format.resolvedOptions().hour !== undefined;
  const at = (index: number, marked = false) =>
    `${format.format(Date.parse(series[index]?.at ?? ''))}${marked && times ? ' UTC' : ''}`;
  return { times, at };
}

/**
 * The dates of the first, the middle and the last of `count` points, each once; the last one
 * says UTC after a time. On a phone the style sheet leaves the middle time out, as three would
 * not fit under the lines.
 */
function dateRow(count: number, dates: ReturnType<typeof raceDates>): Html {
  const last = count - 1;
  const middle = Math.floor(last / 2);
  const first = last > 0 ? html`<span>${dates.at(0)}</span>` : '';
  const between =
    middle > 0 && middle < last ? html`<span class="middle">${dates.at(middle)}</span>` : '';
  return html`<p class="dates${dates.times ? ' times' : ''}" aria-hidden="true">${first}${between}<span>${dates.at(last, true)}</span></p>`;
}

/**
 * The labels at the lines' ends, in an SVG as wide as the longest (the lines' box gets the
 * rest): each at its line's height (`percent`) unless moved apart from another, then with a
 * leader from its line's end. `withValues`: the house and its value (`wide`), else the house
 * alone (`narrow`).
 */
function endLabels(
  ends: readonly { house: House; value: number }[],
  names: Record<House, string>,
  percent: (value: number) => number,
  withValues: boolean,
): Html {
  const placed = spreadLabels(
    ends.map(({ value }) => percent(value)),
    LABEL_GAP,
  );
  const labels = ends.map(({ house, value }, index) => {
    const at = percent(value);
    const to = round(placed[index] ?? at);
    const shown = withValues
      ? html`${names[house]} <tspan class="value">${english().numbers.format(value)}</tspan>`
      : html`${names[house]}`;
    return html`<line class="leader ${house}" x1="0" y1="${at}%" x2="0.7em" y2="${to}%"/><text class="label" data-house="${house}" x="0.95em" y="${to}%">${shown}</text>`;
  });
  const written = ({ house, value }: { house: House; value: number }) =>
    withValues ? `${names[house]} ${english().numbers.format(value)}` : names[house];
  const width = widthEm(ends.map(written), 1.3);
  return html`<svg class="ends ${withValues ? 'wide' : 'narrow'}" width="${width}em" aria-hidden="true">${labels}</svg>`;
}

/** The width, in em, of a column of texts: its longest and `paddingEm` beside it. */
function widthEm(texts: readonly string[], paddingEm: number): number {
  const longest = Math.max(0, ...texts.map((text) => text.length));
  return round(longest * CHARACTER_EM + paddingEm);
}
