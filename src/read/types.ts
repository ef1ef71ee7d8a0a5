/*
 * What the read side answers beyond the records themselves (src/records/): cursors, pages,
 * premium's state. Record field names are the API's resource fields (snake_case, as the spec
 * shows them), so no layer renames them.
 */

import type { Job } from '../records/job.js';

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

export interface PageRequest<C> {
  limit: number;
  after?: C | undefined;
}

export interface Page<T, C> {
  items: T[];
  /** Where the following page starts, or null when this is the last one. */
  next: C | null;
}
