import type { ChartInput } from './chart-input.js';
import { drawChart } from './draw-chart.js';

/**
 * The chart as PNG bytes. Drawing stays on the calling thread (it is short); the canvas' async
 * `encode` compresses on libuv's thread pool, so the event loop keeps serving meanwhile.
 */
export async function renderChartPng(input: ChartInput): Promise<Buffer> {
  return drawChart(input).encode('png');
}
