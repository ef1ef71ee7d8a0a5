import { AWARDS_PER_MINUTE } from '../records/awards.js';
import { HOUSES, type House } from '../records/houses.js';
import { entryPlace, type LedgerEntry } from '../records/points-ledger.js';
import { lockGuilds } from './guild-locks.js';
import { ledgerEntryById, ledgerPage } from './ledger.js';
import { type LedgerContext, withLedgerContext } from './ledger-context.js';
import { HISTORY_TRIGGER_NAME } from './postgres/triggers.js';
import type { SqlDb } from './sql/db.js';
import { only } from './sql/dialect.js';
import { first, type Op, run } from './sql/op.js';
import { type Statement, statement } from './sql/statement.js';
import type { Award, AwardOutcome, AwardStore, UndoOutcome } from './store.js';

/*
 * Awards and undos, on either engine (docs/awards.md): each one transaction that takes the guild's
 * lock (src/store/guild-locks.ts: PostgreSQL's awards of one guild follow one another, on every
 * node; SQLite's write transactions are one at a time already), counts the guild's awards and
 * undos of the last minute from the ledger itself (so the limit holds across nodes and restarts),
 * then adds the points under the award's ledger context, which the history's triggers write onto
 * the row of the change: the award's entry.
 */

const MINUTE_MS = 60_000;

type Guild = { guild_id: string };

// The oldest of the guild's last AWARDS_PER_MINUTE awards and undos within the minute: when there
// is one, the rate is spent until it leaves the minute. Two ranges of points_history_source.
const OLDEST_OF_LIMIT = statement<Guild & { since: string }, { at: string }>(
  (d) => `SELECT ${d.instantText('at')} AS at FROM points_history
    WHERE guild_id = @guild_id AND source IN ('award', 'undo') AND at > @since
    ORDER BY at DESC, id DESC LIMIT 1 OFFSET ${AWARDS_PER_MINUTE - 1}`,
);

// A guild without points gets its row, every house at 0 (their columns' default), written as a
// change of its own before the award: that row is the points' first value, which no week or term
// counts as a gain, so the first award counts as every later one does (docs/awards.md).
const OPEN_ROW = statement<Guild>(
  'INSERT INTO house_points (guild_id) VALUES (@guild_id) ON CONFLICT (guild_id) DO NOTHING',
);
const ADD = Object.fromEntries(
  HOUSES.map((house) => [
    house,
    statement<Guild & { points: number }>(
      `UPDATE house_points SET ${house} = ${house} + @points WHERE guild_id = @guild_id`,
    ),
  ]),
) as Record<House, Statement<Guild & { points: number }>>;

// PostgreSQL writes the history at commit: the opened row and the award's row, its entry, are
// wanted each as its statement ends.
const RECORD_NOW = statement((d) =>
  only(d, 'postgres', `SET CONSTRAINTS ${HISTORY_TRIGGER_NAME} IMMEDIATE`),
);
// The guild's `awards` area (records/guild-changes.ts) takes the database's next change number,
// as the change triggers give one: an award is told by streams and webhooks from this change.
const AWARD_CHANGE = statement<Guild>(
  (d) => `INSERT INTO guild_changes (guild_id, area, seq)
    VALUES (@guild_id, 'awards', ${only(
      d,
      'postgres',
      "nextval('guild_change_numbers')",
      '(SELECT coalesce(max(seq), 0) + 1 FROM guild_changes)',
    )})
    ON CONFLICT (guild_id, area) DO UPDATE SET seq = excluded.seq`,
);
const MARK_UNDONE = statement<{ row: number }>(
  'UPDATE points_history SET undone = 1 WHERE id = @row',
);

/** When the guild may award again, or null when it may now. */
function* spentUntil(guildId: string, now: number): Op<string | null> {
  const since = new Date(now - MINUTE_MS).toISOString();
  const oldest = yield* first(OLDEST_OF_LIMIT, { guild_id: guildId, since });
  return oldest ? new Date(Date.parse(oldest.at) + MINUTE_MS).toISOString() : null;
}

/** Adds `points` to the house under `context`; the entry written. */
function* addPoints(
  guildId: string,
  house: House,
  points: number,
  context: LedgerContext,
): Op<LedgerEntry> {
  yield* run(RECORD_NOW);
  // Outside the context: the opened row is no award (no entry: every house still at 0).
  yield* run(OPEN_ROW, { guild_id: guildId });
  yield* withLedgerContext(context, run(ADD[house], { guild_id: guildId, points }));
  // No other write of the guild's points can come between: its row is locked until the commit.
  const [entry] = yield* ledgerPage(guildId, 1, { house });
  if (!entry) throw new Error(`ledger entry of ${guildId} not written`);
  return entry;
}

function* award(given: Award, now: number): Op<AwardOutcome> {
  const { guildId, house, points, reason, by } = given;
  yield* lockGuilds([guildId]);
  const retryAt = yield* spentUntil(guildId, now);
  if (retryAt) return { outcome: 'rateLimited', retryAt };
  const context: LedgerContext = { source: 'award', by, for: given.for, reason };
  const entry = yield* addPoints(guildId, house, points, context);
  yield* run(AWARD_CHANGE, { guild_id: guildId });
  return { outcome: 'awarded', entry };
}

/** What an undo's entry says of the award it takes back. */
const undoReason = (award: LedgerEntry) =>
  `Undo of award #${award.id}${award.reason === null ? '' : `: ${award.reason}`}`;

function* undo(guildId: string, id: number, by: string | null, now: number): Op<UndoOutcome> {
  yield* lockGuilds([guildId]);
  const original = yield* ledgerEntryById(guildId, id);
  if (!original) return { outcome: 'unknown' };
  if (original.source !== 'award') return { outcome: 'notAward', entry: original };
  if (original.undone) return { outcome: 'alreadyUndone', award: original };
  const retryAt = yield* spentUntil(guildId, now);
  if (retryAt) return { outcome: 'rateLimited', retryAt };
  const context: LedgerContext = {
    source: 'undo',
    by,
    for: original.for,
    reason: undoReason(original),
  };
  const entry = yield* addPoints(guildId, original.house, -original.delta, context);
  // An award is the one change of its history row.
  const place = entryPlace(original.id);
  if (place) yield* run(MARK_UNDONE, { row: place.rowId });
  // The `award` event is the guild's latest award: taking that one back changes it, and its
  // streams and webhooks tell it again, undone.
  const [latest] = yield* ledgerPage(guildId, 1, { source: 'award' });
  if (latest?.id === original.id) yield* run(AWARD_CHANGE, { guild_id: guildId });
  return { outcome: 'undone', entry, award: { ...original, undone: true } };
}

/** The awards of the store on `db`; `now` is the clock the rate's minute is judged by. */
export function createAwards(db: SqlDb, now: () => Date): AwardStore {
  return {
    award: (given) => db.write(award(given, now().getTime())),
    undo: ({ guildId, id, by }) => db.write(undo(guildId, id, by, now().getTime())),
  };
}
