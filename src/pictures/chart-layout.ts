import { type BarsLayout, layoutBars } from './bars-layout.js';
import { type ChartInput, drawableInput, hasHistory } from './chart-input.js';
import { type LinesLayout, layoutLines } from './lines-layout.js';
import { fitted, type Text, text } from './text-measure.js';

/*
 * Where everything of the chart goes, as plain numbers and texts: the painter (draw-chart.ts)
 * only draws what this decides, and tests read the decisions (the bars' order, the axis, where
 * each label sits) without looking at pixels.
 */

export type { BarRow, BarsLayout } from './bars-layout.js';
export type { Box, Point } from './geometry.js';
export type { LineEnd, LinesLayout } from './lines-layout.js';
export type { Text } from './text-measure.js';

export interface ChartLayout {
  width: number;
  height: number;
  title: Text;
  bars: BarsLayout;
  /** null when the guild has no history to draw. */
  lines: LinesLayout | null;
}

/** The chart of `given` (its values made drawable first: drawableInput) laid out. */
export function layoutChart(given: ChartInput): ChartLayout {
  const input = drawableInput(given);
  const { width, height } = input;
  const unit = Math.min(width / 800, height / 400);
  const pad = Math.round(16 * unit);
  const history = hasHistory(input.series);

  const titleText = history ? input.titles.period : input.titles.standings;
  const titleSize = fitted(titleText, width - 2 * pad, Math.max(13, 19 * unit), true, 10);
  const title = text(titleText, titleSize, true, {
    x: pad,
    y: pad,
    align: 'left',
    baseline: 'top',
    tone: 'ink',
  });
  const top = pad + Math.round(titleSize * 1.25 + 10 * unit);
  const content = { x: pad, y: top, width: width - 2 * pad, height: height - pad - top };
  const barsWidth = history
    ? Math.round(content.width * (width < 640 ? 0.38 : 0.36))
    : content.width;
  const bars = layoutBars(input, { ...content, width: barsWidth }, unit);
  const gap = Math.round(28 * unit);
  const lines = history
    ? layoutLines(
        input,
        { ...content, x: content.x + barsWidth + gap, width: content.width - barsWidth - gap },
        unit,
      )
    : null;
  return { width, height, title, bars, lines };
}
