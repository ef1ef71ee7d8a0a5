import type { Logger } from '../../logger.js';
import type { ReadService } from '../../read/service.js';
import { createAwards } from '../awards.js';
import { readEverything, writeEverything } from '../copy.js';
import { exportData } from '../export.js';
import { firstGuild } from '../first-guild.js';
import { historyPruning } from '../history-pruning.js';
import { importData } from '../import.js';
import { createJobsReader } from '../jobs.js';
import { createKeyStore, createKeyTable } from '../keys.js';
import { createLedgerReader } from '../ledger.js';
import { createLiveMessages } from '../live-messages.js';
import { createPlayersReader } from '../players.js';
import { createPointsReader } from '../points.js';
import { createPointsHistoryReader } from '../points-history.js';
import { createPremiumReader } from '../premium.js';
import { createPublication } from '../publication.js';
import type { Store } from '../store.js';
import { createTerms } from '../terms.js';
import { createWebhookStore } from '../webhook-store.js';
import { listenForChanges } from './changes.js';
import { createPool, displayUrl, migratePostgres } from './connection.js';
import { createPostgresDb } from './driver.js';
import { createChangesReader } from './guild-changes.js';

interface PostgresStoreOptions {
  logger: Logger;
  now?: () => Date;
  /** Apply migrations first (default true). */
  migrate?: boolean;
}

/**
 * The store of a deployment on several machines (DATABASE_URL): PostgreSQL, pooled, migrated at
 * start, and coherent across nodes through change notifications (changes.ts).
 */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions,
): Promise<Store> {
  const { created } = options.migrate === false ? { created: false } : await migratePostgres(url);
  const now = options.now ?? (() => new Date());
  const pool = createPool(url);
  const changes = listenForChanges(url, options.logger);
  try {
    await changes.started;
  } catch (error) {
    await changes.close();
    await pool.end();
    throw error;
  }
  const sql = createPostgresDb(pool);
  const publication = createPublication(sql, now);
  const terms = createTerms(sql);
  const read: ReadService = {
    players: createPlayersReader(sql),
    points: createPointsReader(sql),
    pointsHistory: createPointsHistoryReader(sql),
    ledger: createLedgerReader(sql),
    jobs: createJobsReader(sql),
    premium: createPremiumReader(sql, now),
    publication: publication.reader,
    terms: terms.reader,
    changes: createChangesReader(pool),
    generation: changes.guild,
  };
  return {
    kind: 'postgres',
    location: displayUrl(url),
    created,
    read,
    keyStore: createKeyStore(sql, now),
    publication: publication.store,
    terms: terms.store,
    awards: createAwards(sql, now),
    liveMessages: createLiveMessages(sql, now),
    webhooks: createWebhookStore(sql, now),
    keyTable: createKeyTable(sql, { generation: changes.keys, onChange: changes.onKeysChanged }),
    importData: (data) => importData(sql, data, now),
    exportData: (guildIds) => exportData(sql, guildIds),
    firstGuild: () => firstGuild(sql),
    readEverything: (work) => readEverything(sql, work),
    writeEverything: (rows, copyOptions) => writeEverything(sql, rows, copyOptions),
    pruneHistory: historyPruning(sql),
    ready: changes.connected,
    async close() {
      await changes.close();
      await pool.end();
    },
  };
}
