import { SAFE_INTEGER } from '../records/field.js';
import { HOUSES, type House } from '../records/houses.js';
import { startFromHistory } from './term-rows.js';

/*
 * Besides each change, the store serves two gains of a house: this week's (`▲ 120 this week`, the
 * UTC week from Monday 00:00, counted from the house's last points before it or else from its
 * first inside it) and the open term's (its cup, counted from the term's start: term-rows.ts).
 * Points may be negative, so two safe changes can make a gain past the safe integers; the
 * history's triggers of both engines refuse a write that would, as they refuse a change that
 * large, with these fragments. Read with the guild's row of the history before the week (`wk`)
 * and its open term (`t`): an index seek each, and the fallbacks only where those hold nothing.
 */

/** The joins `exceeded` reads, for the guild `guild` and a week starting at `weekStart`. */
export function gainJoins(guild: string, weekStart: string): string {
  const lastBeforeWeek = `SELECT ${HOUSES.join(', ')} FROM points_history
     WHERE guild_id = ${guild} AND at < ${weekStart} ORDER BY at DESC, id DESC LIMIT 1`;
  return ` LEFT JOIN (${lastBeforeWeek}) AS wk ON 1 = 1
  LEFT JOIN terms AS t ON t.guild_id = ${guild} AND t.ended_at IS NULL`;
}

/** A house's points this week are counted from, as the read of the week's change takes them. */
function weekBase(house: House, guild: string, weekStart: string): string {
  const firstInside = `SELECT h.${house} FROM points_history h
     WHERE h.guild_id = ${guild} AND h.at >= ${weekStart} AND h.${house} IS NOT NULL
     ORDER BY h.at, h.id LIMIT 1`;
  return `coalesce(wk.${house}, (${firstInside}))`;
}

/**
 * True when a house's points `points(house)` are further than the largest safe integer from
 * where this week or the open term counts them from (null, none: nothing to count from yet).
 */
export function gainExceeded(
  points: (house: House) => string,
  guild: string,
  weekStart: string,
): string {
  return HOUSES.map((house) => {
    const value = points(house);
    return `abs(${value} - ${weekBase(house, guild, weekStart)}) > ${SAFE_INTEGER}
    OR (t.guild_id IS NOT NULL AND abs(${value} - ${startFromHistory(house)}) > ${SAFE_INTEGER})`;
  }).join('\n    OR ');
}

/** The refusal's words, one for both engines: what the store would otherwise serve. */
export const GAIN_REFUSED = `a house's points must stay within ${SAFE_INTEGER} of its points when this week and the open term began (its gain there)`;
