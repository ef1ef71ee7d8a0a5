import { describe, expect, it } from 'vitest';
import { everyWeekTurn, weekStartOf } from '../../src/bot/live/week-turn.js';
import { patiently } from '../support/patience.js';

const MONDAY = Date.parse('2026-11-30T00:00:00.000Z');
const WEEK_BEFORE = Date.parse('2026-11-23T00:00:00.000Z');

describe('the week’s turn', () => {
  it('is announced at once when it came between the caller’s read of the week and the timer', async () => {
    // The caller read last week; by the time the timer is armed, the clock reads Monday.
    const clock = () => MONDAY + 5;
    let stop = () => {};
    const turned = new Promise<number>((resolve) => {
      stop = everyWeekTurn(clock, resolve, WEEK_BEFORE);
    });
    try {
      expect(await patiently(turned, 'the turn')).toBe(MONDAY);
    } finally {
      stop();
    }
  });

  it('waits for the end of the week shown, and says nothing before', async () => {
    const start = Date.now();
    // The clock reads a moment before Monday and runs on at the machine's pace.
    const clock = () => MONDAY - 50 + (Date.now() - start);
    expect(weekStartOf(clock())).toBe(WEEK_BEFORE);
    const calls: number[] = [];
    let stop = () => {};
    const turned = new Promise<number>((resolve) => {
      stop = everyWeekTurn(clock, (week) => {
        calls.push(week);
        resolve(week);
      });
    });
    try {
      expect(calls).toEqual([]);
      expect(await patiently(turned, 'the turn')).toBe(MONDAY);
      expect(clock()).toBeGreaterThanOrEqual(MONDAY);
      expect(calls).toEqual([MONDAY]);
    } finally {
      stop();
    }
  });
});
