import { RECORDS } from '../../records/index.js';
import { namedTables } from '../table-parts.js';
import { sqliteTablesOf } from './tables.js';

/*
 * The SQLite schema drizzle-kit reads (drizzle.config.ts): every table is built from its record
 * in src/records/, never written out by hand. `npm run db:generate` after a record changes.
 */

export const {
  apiKeys,
  housePoints,
  jobs,
  pointsHistory,
  pointsLedger,
  premium,
  profiles,
  profileChanges,
  publishedGuilds,
  terms,
  guildChanges,
  liveMessages,
  webhookSubscriptions,
  webhookMessages,
  webhookAttempts,
  webhookCursors,
} = namedTables(sqliteTablesOf(RECORDS));
