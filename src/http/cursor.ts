import type { JobCursor, ProfileCursor } from '../read/types.js';
import { isValidId } from '../records/field.js';

/*
 * Paging cursors are opaque to clients: base64url of a small JSON array, tagged with the list
 * they belong to so that a cursor of one list is refused by another.
 */

function encode(value: unknown[]): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRowId = (value: unknown): value is number => Number.isSafeInteger(value);

export function encodeProfileCursor(cursor: ProfileCursor): string {
  return encode(['p', cursor.userId, cursor.id]);
}

export function decodeProfileCursor(cursor: string): ProfileCursor | undefined {
  const value = decode(cursor);
  if (!Array.isArray(value) || value.length !== 3 || value[0] !== 'p') return undefined;
  const [, userId, id] = value;
  if (typeof userId !== 'string' || !isValidId(userId) || !isRowId(id)) return undefined;
  return { userId, id };
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
