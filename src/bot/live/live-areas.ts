import { CHANGE_AREAS, type ChangeArea } from '../../records/guild-changes.js';

/*
 * Which changes a live scoreboard shows: everything but the areas the house cup message never
 * reads (the players, jobs, premium, the public page's switch). So the points, their history,
 * and an area added later (a term's start or end) all bring an edit.
 */
// An award comes with its change of the points, which the message shows already.
const NOT_SHOWN: ReadonlySet<ChangeArea> = new Set([
  'players',
  'jobs',
  'premium',
  'publication',
  'awards',
]);

const LIVE_AREAS: readonly ChangeArea[] = CHANGE_AREAS.filter((area) => !NOT_SHOWN.has(area));

/** The number of the guild's last change a live scoreboard shows (0: none yet). */
export function liveSeq(changes: Readonly<Record<string, number>>): number {
  let seq = 0;
  for (const area of LIVE_AREAS) seq = Math.max(seq, changes[area] ?? 0);
  return seq;
}
