import { apiKey } from './api-key.js';
import { areaChanges } from './area-changes.js';
import { housePoints } from './house-points.js';
import { job } from './job.js';
import { pointsHistory } from './points-history.js';
import { premium } from './premium.js';
import { profile } from './profile.js';
import { publishedGuild } from './published-guild.js';

/** Every record of the store, each table after the tables it references. */
export const RECORDS = [
  apiKey,
  housePoints,
  job,
  premium,
  profile,
  pointsHistory,
  publishedGuild,
  areaChanges,
] as const;

/** The records holding a guild's data (an import replaces them; an export reads them). */
export const GUILD_RECORDS = [profile, job, housePoints, premium] as const;

/** The tables the store's triggers write (history, change counts): `copy` replaces what they wrote. */
export const TRIGGER_WRITTEN: ReadonlySet<(typeof RECORDS)[number]> = new Set([
  pointsHistory,
  areaChanges,
]);
