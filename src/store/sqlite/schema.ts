import { apiKey } from '../../records/api-key.js';
import { housePoints as housePointsRecord } from '../../records/house-points.js';
import { RECORDS } from '../../records/index.js';
import { job } from '../../records/job.js';
import { premium as premiumRecord } from '../../records/premium.js';
import { profile } from '../../records/profile.js';
import { sqliteTablesOf } from './tables.js';

/*
 * The SQLite schema drizzle-kit reads (drizzle.config.ts): every table is built from its record
 * in src/records/, never written out by hand. `npm run db:generate` after a record changes.
 */

const tables = sqliteTablesOf(RECORDS);
const table = (name: string) => {
  const built = tables.get(name);
  if (!built) throw new Error(`no table ${name}`);
  return built;
};

export const apiKeys = table(apiKey.table);
export const housePoints = table(housePointsRecord.table);
export const jobs = table(job.table);
export const premium = table(premiumRecord.table);
export const profiles = table(profile.table);
