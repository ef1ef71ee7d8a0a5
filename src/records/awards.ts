import { HOUSES, type House } from './houses.js';
import { BY_MAX } from './points-ledger.js';
import { checkLine } from './text-line.js';

/*
 * What an award may be (docs/awards.md), checked in one place for every way in: checkAward takes
 * an award as typed (the CLI's text, or Discord's options, points already a number) and gives it
 * as the store takes it, or the part that is wrong with the problem that completes
 * "Invalid <part>: …" in the CLI's words (Discord says the same in the member's language).
 */

/** The points of one award: a whole number in these bounds, never 0. */
export const AWARD_POINTS = { min: -1000, max: 1000 } as const;
/** Characters of a reason, after trimming. */
export const AWARD_REASON_MAX = 200;
/** Characters of a `--by` label: what the ledger's `by` holds. */
export const AWARD_BY_MAX = BY_MAX;
/** Awards and undos a guild may make in any minute. */
export const AWARDS_PER_MINUTE = 30;

type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const HOUSE_LIST = HOUSES.join(', ');

function checkHouse(given: string): Checked<House> {
  const house = HOUSES.find((each) => each === given.trim().toLowerCase());
  return house
    ? { ok: true, value: house }
    : { ok: false, problem: `must be one of ${HOUSE_LIST}` };
}

const WHOLE = /^[+-]?\d{1,16}$/;

/** A number, or its text as typed (`+10`, `-5`). */
function checkPoints(given: number | string): Checked<number> {
  const points = typeof given === 'number' ? given : WHOLE.test(given.trim()) ? Number(given) : NaN;
  const { min, max } = AWARD_POINTS;
  if (!Number.isInteger(points) || points < min || points > max || points === 0) {
    return { ok: false, problem: `must be a whole number from ${min} to ${max}, not 0` };
  }
  return { ok: true, value: points };
}

function checkReason(given: string): Checked<string> {
  const checked = checkLine(given, AWARD_REASON_MAX);
  return checked.ok ? { ok: true, value: checked.text } : checked;
}

/** A Discord user id: a snowflake, up to 20 digits. */
const SNOWFLAKE = /^\d{1,20}$/;

function checkMember(given: string): Checked<string> {
  return SNOWFLAKE.test(given)
    ? { ok: true, value: given }
    : { ok: false, problem: 'must be a Discord user id (its digits)' };
}

/** Who gave an award, when the command line names them: any one line, as a reason is. */
export function checkBy(given: string): Checked<string> {
  const checked = checkLine(given, AWARD_BY_MAX);
  return checked.ok ? { ok: true, value: checked.text } : checked;
}

/** An award as typed, each part text or (from Discord's options) already a number. */
export interface AwardInput {
  house: string;
  points: number | string;
  reason: string;
  for?: string | null | undefined;
  by?: string | null | undefined;
}

/** An award as the store takes it: every part checked. */
export interface CheckedAward {
  house: House;
  points: number;
  reason: string;
  for: string | null;
  by: string | null;
}

type AwardCheck =
  | { ok: true; award: CheckedAward }
  | { ok: false; field: 'house' | 'points' | 'reason' | 'for' | 'by'; problem: string };

/** Every part of `input`, in the order a command line names them: the first problem found. */
export function checkAward(input: AwardInput): AwardCheck {
  const house = checkHouse(input.house);
  if (!house.ok) return { ok: false, field: 'house', problem: house.problem };
  const points = checkPoints(input.points);
  if (!points.ok) return { ok: false, field: 'points', problem: points.problem };
  const reason = checkReason(input.reason);
  if (!reason.ok) return { ok: false, field: 'reason', problem: reason.problem };
  const member = input.for == null ? null : checkMember(input.for);
  if (member && !member.ok) return { ok: false, field: 'for', problem: member.problem };
  const by = input.by == null ? null : checkBy(input.by);
  if (by && !by.ok) return { ok: false, field: 'by', problem: by.problem };
  return {
    ok: true,
    award: {
      house: house.value,
      points: points.value,
      reason: reason.value,
      for: member?.value ?? null,
      by: by?.value ?? null,
    },
  };
}
