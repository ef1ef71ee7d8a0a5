import { describe, expect, it } from 'vitest';
import { STEPS, termEntryCount, termSeriesInstants } from '../../src/answers/history-series.js';

/*
 * A term's series is refused past 1000 entries before it is made: the count made without the
 * instants is the number of instants made, whatever the term's start, end and step.
 */

const HOUR = 3_600_000;
const starts = [
  Date.parse('2026-11-30T00:00:00.000Z'), // on every step's boundary
  Date.parse('2026-11-30T10:17:42.123Z'),
  Date.parse('2026-12-06T23:59:59.999Z'),
];
const lengths = [0, 1, HOUR - 1, HOUR, HOUR + 1, 7 * 24 * HOUR, 40 * 24 * HOUR + 123, 900 * HOUR];

describe("a term's series' length", () => {
  it('is counted as many as the instants made', () => {
    for (const step of STEPS) {
      for (const from of starts) {
        for (const length of lengths) {
          const to = from + length;
          expect(termEntryCount(from, to, step), `${step} ${from} +${length}`).toBe(
            termSeriesInstants(from, to, step).length,
          );
        }
      }
    }
  });

  it('is counted without making them for a term the game started centuries ago', () => {
    const from = Date.parse('0001-01-01T00:00:00.000Z');
    const to = Date.parse('2026-12-02T00:00:00.000Z');
    // Its start, each hour after it before the end, the end: 17.8 million numbers not made.
    expect(termEntryCount(from, to, 'hour')).toBe((to - from) / HOUR + 1);
  });
});
