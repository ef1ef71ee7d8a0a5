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
import { createChangesReader } from './changes.js';
import { type Database, type OpenOptions, openDatabase } from './database.js';
import { createSqliteDb } from './driver.js';
import { quickCheck } from './integrity.js';
import { sqliteReadiness } from './readiness.js';

export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  /** The connection, for what only SQLite has (tests, the benchmark's loader). */
  readonly db: Database;
  /** SQLite's quick_check of the file: null when sound, else SQLite's description. */
  checkIntegrity(): Promise<string | null>;
}

interface SqliteStoreOptions extends OpenOptions {
  /** The clock premium expiry and key times are judged by; tests set it. */
  now?: () => Date;
}

/**
 * The default store: one SQLite file. Data changes show through SQLite's data_version (something
 * changed), then through guild_changes (which guilds), so a commit to one guild leaves the
 * other guilds' cached answers valid.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): SqliteStore {
  const db = openDatabase(path, options);
  const now = options.now ?? (() => new Date());
  const sql = createSqliteDb(db.sqlite, db.exactGeneration);
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
    changes: createChangesReader(db),
    generation: (guildId) => db.guildGeneration(guildId),
  };
  const ready = sqliteReadiness(db);
  return {
    kind: 'sqlite',
    location: db.path,
    created: db.created,
    db,
    read,
    keyStore: createKeyStore(sql, now),
    publication: publication.store,
    terms: terms.store,
    awards: createAwards(sql, now),
    liveMessages: createLiveMessages(sql, now),
    webhooks: createWebhookStore(sql, now),
    // Any commit reloads the keys: SQLite's data_version says that something changed, not what.
    keyTable: createKeyTable(sql, { generation: db.generation }),
    importData: (data) => importData(sql, data, now),
    exportData: (guildIds) => exportData(sql, guildIds),
    firstGuild: () => firstGuild(sql),
    readEverything: (work) => readEverything(sql, work),
    writeEverything: (rows, copyOptions) => writeEverything(sql, rows, copyOptions),
    pruneHistory: historyPruning(sql),
    ready,
    checkIntegrity: () => quickCheck(db.path),
    async close() {
      db.close();
    },
  };
}
