import { CHANGE_AREAS, type ChangeArea } from '../records/guild-changes.js';

/*
 * What both stores' readers of guild_changes share (sqlite/changes.ts, postgres/guild-changes.ts).
 */

/** Changes a read past a cursor returns at most, unless it asks for fewer. */
export const CHANGES_PER_READ = 1_000;

/** The numbers of a guild's areas, 0 for an area with no change recorded. */
export function noChanges(): Record<ChangeArea, number> {
  return Object.fromEntries(CHANGE_AREAS.map((area) => [area, 0])) as Record<ChangeArea, number>;
}
