import type { ChartInput } from './chart-input.js';
import { drawChart } from './draw-chart.js';

/**
 * The chart as PNG bytes, drawn on the calling thread. The service draws on its chart workers
 * (chart-workers.ts), never on its event loop; this is the same picture for the tests, which
 * compare a worker's bytes with it.
 */
export async function renderChartPng(input: ChartInput): Promise<Buffer> {
  return drawChart(input).encode('png');
}
