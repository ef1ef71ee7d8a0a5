import type { KeyTable } from '../keys/key-table.js';
import type { ChangesReader } from '../read/service.js';
import { createAwards } from './awards.js';
import { createChangesReader } from './changes.js';
import { readEverything, writeEverything } from './copy.js';
import { exportData } from './export.js';
import { firstGuild } from './first-guild.js';
import { historyPruning } from './history-pruning.js';
import { importData } from './import.js';
import { createJobsReader } from './jobs.js';
import { createKeyStore, createKeyTable } from './keys.js';
import { createLedgerReader } from './ledger.js';
import { createLiveMessages } from './live-messages.js';
import { createPlayersReader } from './players.js';
import { createPointsReader } from './points.js';
import { createPointsHistoryReader } from './points-history.js';
import { createPremiumReader } from './premium.js';
import { createPublication } from './publication.js';
import type { SqlDb } from './sql/db.js';
import type { Store } from './store.js';
import { createTerms } from './terms.js';
import { createWebhookStore } from './webhook-store.js';

/** What an engine brings besides its way of running operations: how it learns of changes. */
interface EngineParts extends Pick<Store, 'kind' | 'location' | 'created' | 'ready'> {
  /** guild_changes past a cursor: how a cursor stays safe differs per engine. */
  since: ChangesReader['since'];
  /** A guild's generation (the read service's), as the engine learns of commits. */
  generation: (guildId: string) => string;
  /** When the API keys may have changed. */
  keys: Pick<KeyTable, 'generation' | 'onChange'>;
  close(): Promise<void>;
}

/**
 * The store, from one engine's `sql` and its parts: every operation is the same module on both
 * engines (src/store/*.ts), so a new one is added here once.
 */
export function assembleStore(sql: SqlDb, now: () => Date, engine: EngineParts): Store {
  const publication = createPublication(sql, now);
  const terms = createTerms(sql);
  return {
    kind: engine.kind,
    location: engine.location,
    created: engine.created,
    read: {
      players: createPlayersReader(sql),
      points: createPointsReader(sql),
      pointsHistory: createPointsHistoryReader(sql),
      ledger: createLedgerReader(sql),
      jobs: createJobsReader(sql),
      premium: createPremiumReader(sql, now),
      publication: publication.reader,
      terms: terms.reader,
      changes: createChangesReader(sql, engine.since),
      generation: engine.generation,
    },
    keyStore: createKeyStore(sql, now),
    keyTable: createKeyTable(sql, engine.keys),
    publication: publication.store,
    terms: terms.store,
    awards: createAwards(sql, now),
    liveMessages: createLiveMessages(sql, now),
    webhooks: createWebhookStore(sql, now),
    importData: (data) => importData(sql, data, now),
    exportData: (guildIds) => exportData(sql, guildIds),
    firstGuild: () => firstGuild(sql),
    readEverything: (work) => readEverything(sql, work),
    writeEverything: (rows, options) => writeEverything(sql, rows, options),
    pruneHistory: historyPruning(sql),
    ready: engine.ready,
    close: engine.close,
  };
}
