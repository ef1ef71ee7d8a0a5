import { RECORDS } from '../../records/index.js';
import { namedTables } from '../table-parts.js';
import { pgTablesOf } from './tables.js';

/*
 * The PostgreSQL schema drizzle-kit reads (drizzle.postgres.config.ts): every table is built from
 * its record in src/records/. `npm run db:generate` after a record changes.
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
} = namedTables(pgTablesOf(RECORDS));
