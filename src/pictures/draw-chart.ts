import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { House } from '../records/houses.js';
import { type ChartInput, HOUSE_COLOURS } from './chart-input.js';
import { type ChartLayout, layoutChart, type Point, type Text } from './chart-layout.js';
import { registerFonts } from './fonts.js';
import { font } from './text-measure.js';

const BACKGROUND = '#F7F5F0';
const INK = '#1F1F1F';
const MUTED = '#5C5A55';
const GRID = '#DDD8CC';
/**
 * Hufflepuff's yellow is pale on the light background: its line gets a darker edge, so it reads
 * as a line rather than a glare. The other colours are dark enough on their own.
 */
const EDGES: Partial<Record<House, string>> = { hufflepuff: '#A8872E' };

/**
 * Draws the house cup as chartLayout lays it out: the title, the standings as bars in rank
 * order (left), and the race over time as lines with their ends labelled (right) when there is a
 * history. Synchronous (a few milliseconds at 800 × 400, more on a busy machine): the service
 * calls it on a chart worker (chart-worker.ts), never on its event loop.
 */
export function drawChart(given: ChartInput): Canvas {
  return paintChart(layoutChart(given));
}

/** Paints a laid-out chart. */
function paintChart(layout: ChartLayout): Canvas {
  registerFonts();
  const canvas = createCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, layout.width, layout.height);
  write(ctx, layout.title);
  paintBars(ctx, layout);
  paintLines(ctx, layout);
  return canvas;
}

function write(ctx: SKRSContext2D, text: Text): void {
  ctx.font = font(text.size, text.bold);
  ctx.fillStyle = text.tone === 'ink' ? INK : MUTED;
  ctx.textAlign = text.align;
  ctx.textBaseline = text.baseline;
  ctx.fillText(text.text, text.x, text.y);
}

function paintBars(ctx: SKRSContext2D, { bars }: ChartLayout): void {
  for (const row of bars.rows) {
    write(ctx, row.rankText);
    write(ctx, row.name);
    write(ctx, row.number);
    ctx.fillStyle = HOUSE_COLOURS[row.house];
    ctx.fillRect(row.bar.x, row.bar.y, row.bar.width, row.bar.height);
  }
  if (bars.zeroX !== null) {
    ctx.strokeStyle = MUTED;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(bars.zeroX + 0.5, bars.box.y);
    ctx.lineTo(bars.zeroX + 0.5, bars.box.y + bars.box.height);
    ctx.stroke();
  }
}

function stroke(ctx: SKRSContext2D, segments: readonly Point[][]): void {
  ctx.beginPath();
  for (const segment of segments) {
    segment.forEach((point, index) => {
      if (index === 0) ctx.moveTo(point.x, point.y);
      else ctx.lineTo(point.x, point.y);
    });
  }
  ctx.stroke();
}

function paintLines(ctx: SKRSContext2D, { lines }: ChartLayout): void {
  if (!lines) return;
  const { plot } = lines;
  ctx.lineWidth = 1;
  for (const tick of lines.ticks) {
    const y = Math.round(tick.y) + 0.5;
    ctx.strokeStyle = tick.value === 0 ? MUTED : GRID;
    ctx.beginPath();
    ctx.moveTo(plot.x, y);
    ctx.lineTo(plot.x + plot.width, y);
    ctx.stroke();
    write(ctx, tick.label);
  }
  for (const date of lines.dates) write(ctx, date);

  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  // The leader's line last, so it is on top where lines cross.
  for (const end of [...lines.ends].reverse()) {
    const edge = EDGES[end.house];
    if (edge) {
      ctx.strokeStyle = edge;
      ctx.lineWidth = lines.lineWidth + 2;
      stroke(ctx, lines.paths[end.house]);
    }
    ctx.strokeStyle = HOUSE_COLOURS[end.house];
    ctx.lineWidth = lines.lineWidth;
    stroke(ctx, lines.paths[end.house]);
  }
  for (const end of lines.ends) {
    const colour = HOUSE_COLOURS[end.house];
    const radius = lines.lineWidth * 1.5;
    // A label moved off its line's end is tied back to it.
    if (Math.abs(end.label.y - end.point.y) > 1) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(end.point.x + radius, end.point.y);
      ctx.lineTo(end.label.x - 3, end.label.y);
      ctx.stroke();
    }
    ctx.fillStyle = EDGES[end.house] ?? colour;
    ctx.beginPath();
    ctx.arc(end.point.x, end.point.y, radius + (EDGES[end.house] ? 1 : 0), 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(end.point.x, end.point.y, radius, 0, Math.PI * 2);
    ctx.fill();
    write(ctx, end.label);
  }
}
