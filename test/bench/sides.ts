import type { Served } from './processes.js';

/**
 * The processes of one server in the rows' rounds. A process is quick or slow for its whole life,
 * whatever its code (docs/performance.md, "How to measure"), so every server runs as several and
 * round r is answered by process (r − 1) mod n of every side: a row's median, and the ratio of a
 * row to its twin, span processes instead of resting on one of each.
 */
export interface Side {
  readonly processes: readonly Served[];
  /** The process that answers in this round (1-based). */
  at(round: number): Served;
  /** The first process: the one the probes after the rounds use. */
  readonly first: Served;
}

/** `count` processes started one after another by `start` (given each one's index). */
export async function startSide(
  count: number,
  start: (index: number) => Promise<Served>,
): Promise<Side> {
  const processes: Served[] = [];
  for (let i = 0; i < Math.max(1, count); i++) processes.push(await start(i));
  const first = processes[0] as Served;
  return {
    processes,
    first,
    at: (round) => processes[(round - 1) % processes.length] ?? first,
  };
}
