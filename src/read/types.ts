/*
 * What the read side answers beyond the records themselves (src/records/): cursors, pages,
 * premium's state. Record field names are the API's resource fields (snake_case, as the spec
 * shows them), so no layer renames them.
 */

import type { House } from '../records/houses.js';
import type { Job } from '../records/job.js';
import type { LedgerSource } from '../records/points-ledger.js';
import type { Profile } from '../records/profile.js';

export interface JobWithHolders extends Job {
  /** How many profiles of the guild hold this job. */
  holders: number;
}

export interface PremiumStatus {
  /** `active`: a record that has not expired; `expired`: a record past its expiry; `none`: no record. */
  state: 'active' | 'expired' | 'none';
  /** ISO 8601 expiry, or null when the premium never expires (or there is no record). */
  expiresAt: string | null;
}

/** Position after which a page starts; each list has its own. */
export interface ProfileCursor {
  /**
   * The sort field's value at that position (a sorted list's cursor; `year` may be null), or
   * absent when the list is sorted by user_id, which the position already holds.
   */
  sortKey?: string | number | null;
  userId: string;
  id: number;
}

export interface JobCursor {
  id: number;
}

/** Where a page of terms (newest first) goes on: after the term with this id. */
export interface TermCursor {
  id: number;
}

/** Where a page of the ledger (newest first) goes on: after the entry with this id. */
export interface LedgerCursor {
  id: number;
}

/** Which entries of a guild's ledger a page holds: those matching every filter given. */
export interface LedgerFilter {
  house?: House | undefined;
  source?: LedgerSource | undefined;
  /** Who made the change (`by`): a member's id or a command line's label. */
  by?: string | undefined;
  /** The member it was for. */
  for?: string | undefined;
  /** Entries at or after this instant (UTC with milliseconds, `YYYY-MM-DDTHH:MM:SS.sssZ`). */
  from?: string | undefined;
  /** Entries before this instant (the same form). */
  to?: string | undefined;
}

export interface PageRequest<C> {
  limit: number;
  after?: C | undefined;
}

export interface Page<T, C> {
  items: T[];
  /** Where the following page starts, or null when this is the last one. */
  next: C | null;
}

/** A profile in a period's list: the profile and its galleons change in the period. */
export interface ProfileWithChange extends Profile {
  change: number;
}

/** Where one profile of a member stands in a list. */
export interface RankEntry {
  /** The profile's id. */
  id: number;
  /** Its 1-based position in the list; null when the list's house filter leaves it out. */
  rank: number | null;
  /** How many profiles the list holds. */
  of: number;
  /** The profile's value for the list's sort (its change for a period's list). */
  value: string | number | null;
}
