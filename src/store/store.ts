import type { KeyStore } from '../keys/key-store.js';
import type { KeyTable } from '../keys/key-table.js';
import type { ReadService } from '../read/service.js';
import type { RecordDefinition } from '../records/record.js';
import type { ImportSummary, TransferFile } from '../transfer/format.js';
import type { WebhookStore } from './webhooks.js';

/*
 * A store: where housecup's data lives, SQLite (src/store/sqlite/) or PostgreSQL
 * (src/store/postgres/). Everything above it — the HTTP API, the bot, the CLI — reads and writes
 * through this interface only, so both stores answer exactly alike.
 */

export type StoreKind = 'sqlite' | 'postgres';

/** Rows of one table, in its record's field order, a batch at a time: what `copy` moves. */
export type RowBatches = AsyncIterable<unknown[][]>;

/**
 * What `publish` did: a new page; a published page's title changed; nothing (published already,
 * with that title); or nothing because the guild has no house points (a mistyped id, say), since
 * its page would have nothing to show.
 */
export type PublishOutcome = 'published' | 'retitled' | 'already' | 'noPoints';

export interface PublicationStore {
  /**
   * Publishes the guild, with `title` (already checked: checkTitle) as its page's heading. Without
   * one, a new page has the default heading and a published one keeps its own.
   */
  publish(guildId: string, options?: { title?: string }): Promise<PublishOutcome>;
  /** Unpublishes the guild; false when it was not published. */
  unpublish(guildId: string): Promise<boolean>;
  /** The published guilds, by id. */
  list(): Promise<string[]>;
}

export interface Store {
  readonly kind: StoreKind;
  /** For logs and messages: the file's path, or the URL without its password. */
  readonly location: string;
  /** This open created the database (a first start): demo data and the first key may go in. */
  readonly created: boolean;
  readonly read: ReadService;
  readonly keyStore: KeyStore;
  readonly keyTable: KeyTable;
  /** The guilds with a public scoreboard: `housecup publish`, `/scoreboard`. */
  readonly publication: PublicationStore;
  /** Webhook subscriptions, their outbox and attempts (src/webhooks/ decides what goes in). */
  readonly webhooks: WebhookStore;
  /**
   * Validates, then makes each guild of the file what the file says, in one transaction, writing
   * only the rows that differ (so the same file again changes nothing).
   */
  importData(data: unknown): Promise<ImportSummary>;
  /** Every guild with data (or the named ones), in the import format, from one snapshot. */
  exportData(guildIds?: readonly string[]): Promise<TransferFile>;
  /** A guild that has data, with an area it has data in: for the first key's example request. */
  firstGuild(): Promise<{
    area: 'points' | 'players' | 'jobs' | 'premium';
    guildId: string;
  } | null>;
  /** Reads every row of every table from one snapshot, for `copy`. */
  readEverything<T>(
    work: (rows: (record: RecordDefinition) => RowBatches) => Promise<T>,
  ): Promise<T>;
  /**
   * Writes everything in one transaction: refused (false) when the store already holds guild
   * data or keys, unless `replace`, which empties it first.
   */
  writeEverything(
    rows: (record: RecordDefinition) => RowBatches,
    options: { replace: boolean },
  ): Promise<boolean>;
  /**
   * Deletes the points history older than `before` (ISO 8601), but for each guild's last row
   * before it, in small transactions (src/store/prune-history.ts), then the periods' changes of
   * the periods that ended by then (src/store/prune-periods.ts). Returns how many rows went;
   * `signal` ends it early, keeping what went.
   */
  pruneHistory(before: string, signal?: AbortSignal): Promise<number>;
  /** Whether the store answers now (for /readyz). */
  ready(): boolean;
  /** SQLite only: its quick_check of the file, null when sound, else SQLite's description. */
  checkIntegrity?(): Promise<string | null>;
  close(): Promise<void>;
}
