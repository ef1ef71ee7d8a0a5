import type { JobCursor, LedgerCursor, ProfileCursor, TermCursor } from '../read/types.js';
import { isValidId } from '../records/field.js';
import { type ChangeView, changeViewKey } from '../records/periods.js';
import { isDefaultView, type ProfileView, sortKeyFits, viewKey } from '../records/profile-order.js';
import { MAX_CURSOR_LENGTH } from './parameters.js';

/*
 * Paging cursors are opaque to clients: base64url of a small JSON array, tagged with the list
 * they belong to so that a cursor of one list is refused by another. A sorted or filtered
 * profile list's tag names its view (`galleons.desc.gryffindor`), so a cursor is refused by any
 * other sort, order or filter; the list of section 2 keeps its cursors of before.
 */

const CURSOR = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_CURSOR_LENGTH}}$`);

function encode(value: unknown[]): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(cursor: string): unknown {
  if (!CURSOR.test(cursor)) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRowId = (value: unknown): value is number => Number.isSafeInteger(value);

export function encodeProfileCursor(cursor: ProfileCursor, view: ProfileView): string {
  if (isDefaultView(view)) return encode(['p', cursor.userId, cursor.id]);
  const sortKey = cursor.sortKey === undefined ? [] : [cursor.sortKey];
  return encode(['p', viewKey(view), ...sortKey, cursor.userId, cursor.id]);
}

/** A cursor of `view`'s list, or undefined for anything else (another list's cursor too). */
export function decodeProfileCursor(cursor: string, view: ProfileView): ProfileCursor | undefined {
  const value = decode(cursor);
  if (!Array.isArray(value) || value[0] !== 'p') return undefined;
  const tagged = isDefaultView(view)
    ? value.slice(1)
    : value[1] === viewKey(view) && value.slice(2);
  if (!tagged || tagged.length < 2 || tagged.length > 3) return undefined;
  const [userId, id] = tagged.slice(-2);
  if (typeof userId !== 'string' || !isValidId(userId) || !isRowId(id)) return undefined;
  const sortKey: unknown = tagged.length === 3 ? tagged[0] : undefined;
  if (!sortKeyFits(view, sortKey)) return undefined;
  return sortKey === undefined ? { userId, id } : { sortKey, userId, id };
}

/*
 * A period's list by change: tagged with changeViewKey, which holds the period's start, so a
 * cursor of last week's list is refused by this week's; its key is the change, an integer.
 */

export function encodeChangeCursor(cursor: ProfileCursor, view: ChangeView): string {
  return encode(['p', changeViewKey(view), cursor.sortKey, cursor.userId, cursor.id]);
}

export function decodeChangeCursor(cursor: string, view: ChangeView): ProfileCursor | undefined {
  const value = decode(cursor);
  if (!Array.isArray(value) || value.length !== 5) return undefined;
  const [tag, list, sortKey, userId, id] = value;
  if (tag !== 'p' || list !== changeViewKey(view)) return undefined;
  if (!Number.isSafeInteger(sortKey) || typeof sortKey !== 'number') return undefined;
  if (typeof userId !== 'string' || !isValidId(userId) || !isRowId(id)) return undefined;
  return { sortKey, userId, id };
}

export function encodeJobCursor(cursor: JobCursor): string {
  return encode(['j', cursor.id]);
}

export function decodeJobCursor(cursor: string): JobCursor | undefined {
  const value = decode(cursor);
  if (!Array.isArray(value) || value.length !== 2 || value[0] !== 'j') return undefined;
  const [, id] = value;
  return isRowId(id) ? { id } : undefined;
}

export function encodeTermCursor(cursor: TermCursor): string {
  return encode(['t', cursor.id]);
}

export function decodeTermCursor(cursor: string): TermCursor | undefined {
  const value = decode(cursor);
  if (!Array.isArray(value) || value.length !== 2 || value[0] !== 't') return undefined;
  const [, id] = value;
  return isRowId(id) ? { id } : undefined;
}

/** A cursor of the ledger, which every filter of it shares: entries older than this one. */
export function encodeLedgerCursor(cursor: LedgerCursor): string {
  return encode(['l', cursor.id]);
}

export function decodeLedgerCursor(cursor: string): LedgerCursor | undefined {
  const value = decode(cursor);
  if (!Array.isArray(value) || value.length !== 2 || value[0] !== 'l') return undefined;
  const [, id] = value;
  return isRowId(id) ? { id } : undefined;
}
