import { apiKey } from './api-key.js';
import { guildChanges } from './guild-changes.js';
import { housePoints } from './house-points.js';
import { job } from './job.js';
import { liveMessage } from './live-message.js';
import { pointsHistory } from './points-history.js';
import { premium } from './premium.js';
import { profile } from './profile.js';
import { profileChange } from './profile-change.js';
import { publishedGuild } from './published-guild.js';
import type { RecordDefinition } from './record.js';
import { term } from './terms.js';
import { WEBHOOK_RECORDS, webhookAttempt, webhookCursor, webhookMessage } from './webhooks.js';

/** Every record of the store, each table after the tables it references. */
export const RECORDS = [
  apiKey,
  housePoints,
  job,
  premium,
  profile,
  profileChange,
  pointsHistory,
  publishedGuild,
  term,
  guildChanges,
  liveMessage,
  ...WEBHOOK_RECORDS,
] as const;

/**
 * Rows housecup keeps about a guild that are not the guild's data (the live scoreboards it
 * edits, the webhooks' subscriptions and outbox): no change is recorded for them, and no reader's
 * answer depends on them.
 */
export const BOOKKEEPING_RECORDS: ReadonlySet<(typeof RECORDS)[number]> = new Set([
  liveMessage,
  ...WEBHOOK_RECORDS,
]);

/** The records holding a guild's data (an import replaces them; an export reads them). */
export const GUILD_RECORDS = [profile, job, housePoints, premium] as const;

/**
 * The records a guild's export is made of: its data, its points history (the ledger's rows too)
 * and its terms. A guild whose points were removed and that has nothing else keeps its history (ending with four nulls), so it is
 * exported too, and an import of the export brings that history back.
 */
export const EXPORTED_RECORDS = [...GUILD_RECORDS, pointsHistory, term] as const;

/**
 * The tables the store's triggers write (history, changes), besides whoever else writes
 * them.
 */
export const TRIGGER_WRITTEN: ReadonlySet<(typeof RECORDS)[number]> = new Set([
  profileChange,
  pointsHistory,
  guildChanges,
]);

/**
 * What `copy` leaves behind, and empties on the target: the webhooks' outbox, their attempts and
 * the cursor of the changes turned into messages. The cursor counts guild_changes' numbers, which
 * belong to the database that gave them; the outbox and the attempts are deliveries under way and
 * the log of those made, of the source. With none of them, the target's webhooks deliver the
 * changes made after the copy, as on a store where the subscriptions were just added.
 */
export const COPY_LEAVES: readonly RecordDefinition[] = [
  webhookMessage,
  webhookAttempt,
  webhookCursor,
];

/**
 * What `copy` moves: every record but guild_changes and COPY_LEAVES. guild_changes' numbers belong
 * to the database that gave them (on PostgreSQL a sequence's): the target's triggers record the
 * copy's own writes there instead, so a copy changes, for every reader of the target, each guild
 * it writes. The webhook subscriptions go, with their secrets (they are the guild's: receivers
 * verify with them), and so do the live scoreboards.
 */
export const COPIED_RECORDS = RECORDS.filter(
  (record) => record !== guildChanges && !COPY_LEAVES.includes(record),
);
