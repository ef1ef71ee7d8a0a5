import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FONT_FAMILY, registerFonts } from './fonts.js';

/** A text and where it is drawn: at (x, y) by `align` and `baseline`, `size` px. */
export interface Text {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
  align: 'left' | 'right' | 'center';
  baseline: 'top' | 'middle' | 'alphabetic';
  /** Ink for what is read first, muted for what explains it (axis, dates). */
  tone: 'ink' | 'muted';
  /** Its measured width in px. */
  width: number;
}

let measurer: SKRSContext2D | null = null;

export function font(size: number, bold: boolean): string {
  return `${bold ? 'bold ' : ''}${Math.round(size)}px ${FONT_FAMILY}`;
}

/** Width of `text` in the shipped font: the same on every machine. */
export function measure(text: string, size: number, bold: boolean): number {
  if (!measurer) {
    registerFonts();
    measurer = createCanvas(1, 1).getContext('2d');
  }
  measurer.font = font(size, bold);
  return measurer.measureText(text).width;
}

/** The largest size up to `size` (and not below `least`) at which `text` fits `width`. */
export function fitted(
  text: string,
  width: number,
  size: number,
  bold: boolean,
  least = 8,
): number {
  let current = Math.round(size);
  while (current > least && measure(text, current, bold) > width) current -= 1;
  return current;
}

type Placement = Omit<Text, 'text' | 'size' | 'bold' | 'width'>;

export function text(content: string, size: number, bold: boolean, at: Placement): Text {
  return { text: content, size, bold, width: measure(content, size, bold), ...at };
}
