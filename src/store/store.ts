import type { KeyStore } from '../keys/key-store.js';
import type { KeyTable } from '../keys/key-table.js';
import type { ReadService } from '../read/service.js';
import type { CheckedAward } from '../records/awards.js';
import type { LedgerEntry } from '../records/points-ledger.js';
import type { RecordDefinition } from '../records/record.js';
import type { Term } from '../records/terms.js';
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

/** Each table's rows, as `copy` reads them from its source. */
export type CopyRows = (record: RecordDefinition) => RowBatches;

/** What `copy` does with its source's rows, and the count of a table's (one it leaves, say). */
export type CopyWork<T> = (
  rows: CopyRows,
  count: (record: RecordDefinition) => Promise<number>,
) => Promise<T>;

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

/**
 * What starting a term did: started it, or nothing, because the guild has a term open already
 * (at most one is).
 */
export type TermStart = { outcome: 'started' | 'alreadyOpen'; term: Term };

/** An award as the store takes it (checked: records/awards.ts), on a guild. */
export interface Award extends CheckedAward {
  guildId: string;
}

/**
 * What an award did: its ledger entry (the house's points now its total); or nothing, because
 * the guild made its most awards and undos of a minute already: `retryAt` (ISO 8601) is when the
 * oldest of them leaves the minute.
 */
export type AwardOutcome =
  | { outcome: 'awarded'; entry: LedgerEntry }
  | { outcome: 'rateLimited'; retryAt: string };

/**
 * What an undo did: its ledger entry, and the award it took back (now undone); or nothing,
 * because the guild has no entry of that id, or it is no award (a game's change, an import, a
 * term's reset, an undo), or the award was undone already, or the guild's rate is spent.
 */
export type UndoOutcome =
  | { outcome: 'undone'; entry: LedgerEntry; award: LedgerEntry }
  | { outcome: 'unknown' }
  | { outcome: 'notAward'; entry: LedgerEntry }
  | { outcome: 'alreadyUndone'; award: LedgerEntry }
  | { outcome: 'rateLimited'; retryAt: string };

/**
 * Points given by hand, and taken back (docs/awards.md): each one a change of the points and its
 * ledger entry, in one transaction. Reading the ledger is `read.ledger`.
 */
export interface AwardStore {
  /** Adds the award's points to its house (the guild's first award makes its points row). */
  award(award: Award): Promise<AwardOutcome>;
  /** Takes award `id` back once: the opposite points, in an entry naming the award. */
  undo(request: { guildId: string; id: number; by: string | null }): Promise<UndoOutcome>;
}

export interface TermStore {
  /**
   * Starts a term named `name` (already checked: checkTermName) now, from the guild's points
   * now, kept in its row: its cup is what the houses gain from them (from their first points in
   * the term, for a guild that has none yet).
   */
  start(guildId: string, name: string): Promise<TermStart>;
  /**
   * Ends the guild's open term now, keeping the points it ended with (the points now) in its row;
   * with `reset`, then sets the four houses to 0 in the same transaction, so the points history
   * shows the reset at the term's end, and the ledger its entries (`term-reset`, `by` who ended
   * it). The ended term, or null when no term was open.
   */
  end(guildId: string, options?: { reset?: boolean; by?: string | null }): Promise<Term | null>;
}

/** A live scoreboard as the store holds it (src/records/live-message.ts). */
export interface LiveMessage {
  guildId: string;
  channelId: string;
  messageId: string;
  locale: string;
  createdAt: string;
  /** The change (guild_changes' number) the message shows; 0 before its first edit. */
  seq: number;
  /** The earliest next edit, in ms since 1970. */
  nextEditAt: number;
}

/** What `add` did: stored, or refused because the guild has its most live messages already. */
type LiveAddOutcome = 'added' | 'full';

/**
 * The live scoreboards (docs/discord.md): which messages to keep current, and which node edits
 * each. A node holds a message by a lease in the store, renewed while it lives: past the lease,
 * any node takes it over.
 */
export interface LiveMessageStore {
  /** How many live messages the guild has. */
  count(guildId: string): Promise<number>;
  /** Stores a posted message unless the guild has `limit` already (checked atomically). */
  add(
    message: Pick<LiveMessage, 'guildId' | 'channelId' | 'messageId' | 'locale' | 'seq'>,
    limit: number,
  ): Promise<LiveAddOutcome>;
  /** Forgets the guild's live messages in a channel; the ones forgotten. */
  removeInChannel(guildId: string, channelId: string): Promise<LiveMessage[]>;
  /** Forgets one message (Discord says it is gone, or may no longer be edited). */
  forget(messageId: string): Promise<void>;
  /**
   * Renews `owner`'s leases and takes the messages whose lease ran out, until `until` (ms);
   * every message `owner` then holds.
   */
  claim(owner: string, now: number, until: number): Promise<LiveMessage[]>;
  /** Whether some message's lease ran out (or none was taken yet): a read, for a node's every look. */
  anyFree(now: number): Promise<boolean>;
  /** Records an edit (or a try to come): what it shows, and the earliest next one; false when `owner` no longer holds the message. */
  edited(messageId: string, owner: string, seq: number, nextEditAt: number): Promise<boolean>;
  /** Gives `owner`'s messages up (a node stopping): another node takes them at once. */
  release(owner: string): Promise<void>;
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
  /** The guilds' terms: `housecup term`, `/term`. Reading them is `read.terms`. */
  readonly terms: TermStore;
  /** Points given by hand and taken back: `housecup award`, `/award`. */
  readonly awards: AwardStore;
  /** The live scoreboards in Discord channels: `/scoreboard post`. */
  readonly liveMessages: LiveMessageStore;
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
  /** Reads every row of every table from one snapshot, for `copy` (src/store/copy.ts). */
  readEverything<T>(work: CopyWork<T>): Promise<T>;
  /**
   * Writes everything in one transaction: refused (false) when the store already holds guild
   * data or keys, unless `replace`, which then writes only what differs. The webhooks' outbox,
   * attempts and cursor are emptied (records/index.ts, COPY_LEAVES).
   */
  writeEverything(rows: CopyRows, options: { replace: boolean }): Promise<boolean>;
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
