/*
 * The read side's domain records. Their field names are the resource fields of the API
 * contract (snake_case, as the spec shows them), so that no layer has to rename them.
 */

export const HOUSES = ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'] as const;
export type House = (typeof HOUSES)[number];

export interface Profile {
  id: number;
  user_id: string;
  guild_id: string;
  name: string;
  house: House | null;
  year: number | null;
  job_id: number | null;
  galleons: number;
  created_at: string;
}

export interface Job {
  id: number;
  guild_id: string;
  name: string;
  description: string;
  salary: number;
}

export interface JobWithHolders extends Job {
  /** How many profiles of the guild hold this job. */
  holders: number;
}

export type HousePoints = Record<House, number>;

export interface PremiumStatus {
  /** `active`: a record that has not expired; `expired`: a record past its expiry; `none`: no record. */
  state: 'active' | 'expired' | 'none';
  /** ISO 8601 expiry, or null when the premium never expires (or there is no record). */
  expiresAt: string | null;
}

/** Position after which a page starts; each list has its own. */
export interface ProfileCursor {
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
