import { periodAt } from '../../records/periods.js';

/*
 * "This week" is the UTC week from Monday 00:00 (src/records/periods.ts): every figure of it a
 * live scoreboard shows turns to the new week's at that instant, whether or not anything was
 * written. One timer per node wakes the live service then; nothing polls for it.
 */

/** The start (ms) of the UTC week that holds the instant `at` (ms). */
export function weekStartOf(at: number): number {
  return Date.parse(periodAt('week', new Date(at)).from);
}

/**
 * Calls `onTurn(start)` at each week's start, read on `clock`, until the returned function is
 * called; the first call ends the week `shown` (the caller's own, read before). A timer that
 * fires early (the machine's clock was set back) waits for the rest.
 */
export function everyWeekTurn(
  clock: () => number,
  onTurn: (weekStart: number) => void,
  shown: number = weekStartOf(clock()),
): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    // The end of the week shown, not of the week now: a turn that came between the caller's
    // read and this one is announced at once rather than a week late.
    const next = Date.parse(periodAt('week', new Date(shown)).to);
    // A week is well within setTimeout's limit (about 24.8 days).
    timer = setTimeout(turn, Math.max(0, next - clock()));
    timer.unref();
  };
  const turn = () => {
    const week = weekStartOf(clock());
    if (week !== shown) {
      shown = week;
      onTurn(week);
    }
    arm();
  };
  arm();
  return () => clearTimeout(timer);
}
