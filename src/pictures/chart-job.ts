import type { ChartInput } from './chart-input.js';

/*
 * What the main thread and a chart worker (chart-worker.ts) say to each other. Plain data only:
 * a message is copied by the structured clone algorithm, and a ChartInput is numbers, strings,
 * nulls, plain objects and arrays, which it copies as they are.
 */

/** One chart to draw and encode. */
export interface ChartJob {
  id: number;
  input: ChartInput;
}

/** Its PNG (the ArrayBuffer is transferred, not copied), or why it could not be drawn. */
export type ChartJobDone = { id: number; png: ArrayBuffer } | { id: number; error: string };

/** What a worker says once, when its module (the canvas, the fonts) has loaded. */
export interface ChartWorkerReady {
  ready: true;
}
