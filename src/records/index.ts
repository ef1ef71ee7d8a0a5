import { apiKey } from './api-key.js';
import { housePoints } from './house-points.js';
import { job } from './job.js';
import { premium } from './premium.js';
import { profile } from './profile.js';

/** Every record of the store, each table after the tables it references. */
export const RECORDS = [apiKey, housePoints, job, premium, profile] as const;

/** The records holding a guild's data (an import replaces them; an export reads them). */
export const GUILD_RECORDS = [profile, job, housePoints, premium] as const;
