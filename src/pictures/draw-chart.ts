import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { HOUSES } from '../records/houses.js';
import { type ChartInput, type ChartPoint, drawableInput, HOUSE_COLOURS } from './chart-input.js';
import { FONT_FAMILY, registerFonts } from './fonts.js';
import { barOrder, ranksOf } from './ranks.js';
import { niceTicks } from './scale.js';

const BACKGROUND = '#F7F5F0';
const INK = '#1F1F1F';
const MUTED = '#5C5A55';
const GRID = '#DDD8CC';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws the house cup: the standings as bars (left), and the race over time as lines (right)
 * when there is a history. Synchronous and allocation-light (about a millisecond at 800 × 400);
 * the PNG encoding, the slow part, happens off the main thread (render-chart.ts).
 */
export function drawChart(given: ChartInput): Canvas {
  const input = drawableInput(given);
  registerFonts();
  const canvas = createCanvas(input.width, input.height);
  const ctx = canvas.getContext('2d');
  const unit = Math.min(input.width / 800, input.height / 400);
  const pad = Math.round(16 * unit);
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, input.width, input.height);

  const history = input.series.some((point) =>
    HOUSES.some((house) => point.values[house] !== null),
  );
  const inner = { x: pad, y: pad, width: input.width - 2 * pad, height: input.height - 2 * pad };
  const barsWidth = history
    ? Math.round(inner.width * (input.width < 640 ? 0.5 : 0.4))
    : inner.width;
  drawBars(ctx, input, { ...inner, width: barsWidth }, unit);
  if (history) {
    const gap = Math.round(24 * unit);
    drawLines(
      ctx,
      input,
      {
        x: inner.x + barsWidth + gap,
        y: inner.y,
        width: inner.width - barsWidth - gap,
        height: inner.height,
      },
      unit,
    );
  }
  return canvas;
}

function font(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${Math.round(size)}px ${FONT_FAMILY}`;
}

/** Sets the largest font up to `size` at which `text` fits `width`. */
function fitFont(
  ctx: SKRSContext2D,
  text: string,
  width: number,
  size: number,
  bold: boolean,
): void {
  let current = size;
  ctx.font = font(current, bold);
  while (current > 8 && ctx.measureText(text).width > width) {
    current -= 1;
    ctx.font = font(current, bold);
  }
}

function drawBars(ctx: SKRSContext2D, input: ChartInput, box: Box, unit: number): void {
  const numbers = new Intl.NumberFormat(input.locale);
  const ranks = ranksOf(input.standings);
  const values = HOUSES.map((house) => input.standings[house]);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const zeroX = box.x + ((0 - low) / span) * box.width;
  const rowHeight = box.height / HOUSES.length;
  const textSize = Math.max(11, Math.min(rowHeight * 0.34, 22 * unit));
  const barHeight = Math.max(6, rowHeight * 0.36);

  barOrder(input.standings).forEach((house, index) => {
    const top = box.y + index * rowHeight;
    const baseline = top + textSize;
    const number = numbers.format(input.standings[house]);
    ctx.textBaseline = 'alphabetic';
    ctx.fillStyle = INK;
    ctx.font = font(textSize, true);
    const numberWidth = ctx.measureText(number).width;
    ctx.textAlign = 'right';
    ctx.fillText(number, box.x + box.width, baseline);

    const label = `${ranks[house]}. ${input.houseNames[house]}`;
    ctx.textAlign = 'left';
    fitFont(ctx, label, box.width - numberWidth - 8 * unit, textSize, false);
    ctx.fillStyle = MUTED;
    ctx.fillText(label, box.x, baseline);

    const value = input.standings[house];
    const end = box.x + ((value - low) / span) * box.width;
    const barTop = baseline + Math.max(4, rowHeight * 0.12);
    ctx.fillStyle = HOUSE_COLOURS[house];
    // A zero still shows a sliver, so every house has a visible mark in its colour.
    const width = Math.max(3, Math.abs(end - zeroX));
    ctx.fillRect(value < 0 ? zeroX - width : zeroX, barTop, width, barHeight);
  });
  if (low < 0) {
    ctx.strokeStyle = MUTED;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(zeroX + 0.5, box.y);
    ctx.lineTo(zeroX + 0.5, box.y + box.height);
    ctx.stroke();
  }
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

function dateFormat(input: ChartInput): Intl.DateTimeFormat {
  const first = Date.parse(input.series[0]?.at ?? '');
  const last = Date.parse(input.series[input.series.length - 1]?.at ?? '');
  const span = last - first;
  // Hours for a two-day race, the year once a year's dates could repeat.
  if (span <= 2 * 86_400_000) {
    return new Intl.DateTimeFormat(input.locale, {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
  }
  const long = span > 300 * 86_400_000;
  return new Intl.DateTimeFormat(input.locale, {
    timeZone: 'UTC',
    month: 'short',
    ...(long ? { year: 'numeric' } : { day: 'numeric' }),
  });
}

function drawLines(ctx: SKRSContext2D, input: ChartInput, box: Box, unit: number): void {
  const numbers = new Intl.NumberFormat(input.locale, { notation: 'compact' });
  const labelSize = Math.max(10, 12 * unit);
  const [low, high] = seriesRange(input.series);
  const ticks = niceTicks(low, high);
  const bottomTick = ticks[0] ?? 0;
  const topTick = ticks[ticks.length - 1] ?? 1;

  ctx.font = font(labelSize);
  const axisWidth =
    Math.max(...ticks.map((tick) => ctx.measureText(numbers.format(tick)).width)) + 6 * unit;
  const plot = {
    x: box.x + axisWidth,
    y: box.y + labelSize / 2,
    width: box.width - axisWidth,
    height: box.height - labelSize * 2 - labelSize / 2,
  };
  const yOf = (value: number) =>
    plot.y + plot.height - ((value - bottomTick) / (topTick - bottomTick)) * plot.height;
  const count = input.series.length;
  const xOf = (index: number) =>
    plot.x + (count === 1 ? plot.width : (index / (count - 1)) * plot.width);

  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 1;
  for (const tick of ticks) {
    const y = Math.round(yOf(tick)) + 0.5;
    ctx.strokeStyle = tick === 0 ? MUTED : GRID;
    ctx.beginPath();
    ctx.moveTo(plot.x, y);
    ctx.lineTo(plot.x + plot.width, y);
    ctx.stroke();
    ctx.fillStyle = MUTED;
    ctx.fillText(numbers.format(tick), plot.x - 6 * unit, y);
  }

  const dates = dateFormat(input);
  ctx.textBaseline = 'top';
  const dateY = plot.y + plot.height + labelSize * 0.6;
  const labelled = [0, Math.floor((count - 1) / 2), count - 1].filter(
    (index, position, all) => all.indexOf(index) === position,
  );
  labelled.forEach((index, position) => {
    const point = input.series[index];
    if (!point || (labelled.length > 2 && position === 1 && plot.width < 300)) return;
    const last = position === labelled.length - 1;
    ctx.textAlign =
      last && (position > 0 || count === 1) ? 'right' : position === 0 ? 'left' : 'center';
    ctx.fillText(dates.format(new Date(point.at)), xOf(index), dateY);
  });

  ctx.lineWidth = Math.max(2, 3 * unit);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const house of [...HOUSES].reverse()) {
    ctx.strokeStyle = HOUSE_COLOURS[house];
    ctx.beginPath();
    let drawing = false;
    input.series.forEach((point, index) => {
      const value = point.values[house];
      if (value === null) {
        drawing = false;
        return;
      }
      if (drawing) ctx.lineTo(xOf(index), yOf(value));
      else ctx.moveTo(xOf(index), yOf(value));
      drawing = true;
    });
    ctx.stroke();
    // A dot on each house's latest value: the only mark when the history holds one instant.
    const latest = input.series[count - 1]?.values[house];
    if (latest !== null && latest !== undefined) {
      ctx.fillStyle = HOUSE_COLOURS[house];
      ctx.beginPath();
      ctx.arc(xOf(count - 1), yOf(latest), ctx.lineWidth * 1.4, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}
