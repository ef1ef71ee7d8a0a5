import { HOUSES } from '../records/houses.js';
import type { ProfileChangeRow } from '../records/profile-change.js';
import type { GuildEntry } from '../transfer/format.js';
import {
  type HistoryFileEntry,
  historyChange,
  type StoredHistoryRow,
} from '../transfer/history.js';
import { periodWrites, type StoredPeriodRow } from '../transfer/periods.js';
import { termWrites } from '../transfer/terms.js';
import { type Dialect, only } from './sql/dialect.js';
import { all, type Op, run } from './sql/op.js';
import { statement } from './sql/statement.js';
import { DELETE_TERMS, STORED_TERMS, UPSERT_TERM } from './term-transfer-sql.js';

/*
 * The parts of a guild's import that follow its rows (src/store/import.ts): the file's periods,
 * terms and history, each written only where it differs from what the store holds. A batch of
 * rows goes as one JSON parameter (Dialect.jsonRows), read back member by member.
 */

type GuildKey = Pick<ProfileChangeRow, 'guild_id'>;
/** `rows`: JSON.stringify of the rows a statement reads with Dialect.jsonRows. */
type JsonBatch = GuildKey & { rows: string };

/** An instant's text (`YYYY-MM-DDTHH:MM:SS.sssZ`) as the engine stores instants. */
const instant = (d: Dialect, text: string) =>
  only(d, 'postgres', `CAST(${text} AS timestamptz)`, text);
const bigint = (text: string) => `CAST(${text} AS bigint)`;

const STORED_PERIODS = statement<GuildKey, StoredPeriodRow>(
  'SELECT profile_id, kind, start, change FROM profile_changes WHERE guild_id = @guild_id',
);
const DELETE_PERIODS = statement<JsonBatch>(
  (d) => `DELETE FROM profile_changes WHERE guild_id = @guild_id AND (profile_id, kind, start) IN (
     SELECT ${bigint("r.value ->> 'profile_id'")}, r.value ->> 'kind', ${instant(d, "r.value ->> 'start'")}
     FROM ${d.jsonRows('@rows', 'r')})`,
  { planEachRun: true },
);
// The profile's user_id and house come from the profile as just written; each row's profile is
// looked up by its key (a CROSS JOIN: SQLite keeps that order).
const UPSERT_PERIODS = statement<JsonBatch>(
  (d) => `INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
   SELECT p.guild_id, p.id, p.user_id, r.value ->> 'kind' AS kind,
     ${instant(d, "r.value ->> 'start'")} AS start, p.house, ${bigint("r.value ->> 'change'")}
   FROM ${d.jsonRows('@rows', 'r')} CROSS JOIN profiles AS p
   WHERE p.guild_id = @guild_id AND p.id = ${bigint("r.value ->> 'profile_id'")}
   ORDER BY p.id, kind, start
   ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE SET change = excluded.change`,
  { planEachRun: true },
);

/**
 * After the profiles, whose galleons the triggers counted: the file's periods, if it has them,
 * replace what they counted (src/transfer/periods.ts).
 */
export function* writePeriods(guild: GuildEntry): Op<void> {
  if (!guild.periods) return;
  const key = { guild_id: guild.id };
  const writes = periodWrites(guild.periods, yield* all(STORED_PERIODS, key));
  if (!writes) return;
  if (writes.deletes.length > 0) {
    yield* run(DELETE_PERIODS, { ...key, rows: JSON.stringify(writes.deletes) });
  }
  if (writes.upserts.length > 0) {
    yield* run(UPSERT_PERIODS, { ...key, rows: JSON.stringify(writes.upserts) });
  }
}

/** The file's terms, if it has them, written where they differ (src/transfer/terms.ts). */
export function* writeTerms(guild: GuildEntry, dialect: Dialect): Op<void> {
  if (!guild.terms) return;
  const key = { guild_id: guild.id };
  const writes = termWrites(guild.terms, yield* all(STORED_TERMS, key));
  if (!writes) return;
  if (writes.deletes.length > 0) {
    yield* run(DELETE_TERMS, { ...key, ids: dialect.array(writes.deletes) });
  }
  // One at a time, in termWrites' order: at most one term is open at every step.
  for (const row of writes.upserts) yield* run(UPSERT_TERM, { ...key, ...row });
}

/*
 * SQLite's history trigger records a change of the points at once, and the import then replaces
 * it (historyChange reads it back); PostgreSQL's runs at commit, and records nothing for a guild
 * listed in the transaction's housecup_history_replaced, the import writing the history itself.
 */
const CREATE_REPLACED = statement(
  (d) =>
    only(
      d,
      'postgres',
      'CREATE TEMP TABLE IF NOT EXISTS housecup_history_replaced (guild_id text PRIMARY KEY) ON COMMIT DROP',
    ),
  { planEachRun: true },
);
const MARK_REPLACED = statement<GuildKey>(
  (d) =>
    only(
      d,
      'postgres',
      'INSERT INTO housecup_history_replaced (guild_id) VALUES (@guild_id) ON CONFLICT DO NOTHING',
    ),
  { planEachRun: true },
);
/** Who made each change and why (transfer/history.ts's ContextColumns). */
const TEXTS = ['source', 'by_user', 'for_user', 'reason'] as const;
const CONTEXT = [...TEXTS, 'undone'].join(', ');
const STORED_HISTORY = statement<GuildKey, StoredHistoryRow>(
  (
    d,
  ) => `SELECT id, ${d.instantText('at')} AS at, ${HOUSES.join(', ')}, ${CONTEXT} FROM points_history
   WHERE guild_id = @guild_id ORDER BY points_history.at, id`,
);
const DELETE_HISTORY = statement<{ ids: unknown }>(
  (d) =>
    `DELETE FROM points_history WHERE id IN (SELECT i.value FROM ${d.arrayRows('@ids', 'bigint', 'i')})`,
);
const INSERT_HISTORY = statement<JsonBatch>(
  (d) => `INSERT INTO points_history (guild_id, at, ${HOUSES.join(', ')}, ${CONTEXT})
   SELECT @guild_id, ${instant(d, "e.value ->> 'at'")},
     ${HOUSES.map((house) => bigint(`e.value ->> '${house}'`)).join(', ')},
     ${TEXTS.map((column) => `e.value ->> '${column}'`).join(', ')}, ${bigint("e.value ->> 'undone'")}
   FROM ${d.jsonRows('@rows', 'e')} ORDER BY e.key`,
  { planEachRun: true },
);

/**
 * Makes the guild's history `history` (the file's, then the import's own change if any), only
 * its differing end rewritten: nothing at all when it is what the store holds. `pointsWritten`:
 * the import wrote the guild's points, which the history trigger would record. `own`: how many
 * of the last entries are the import's own change (their instant is not compared).
 */
export function* writeHistory(
  guildId: string,
  history: readonly HistoryFileEntry[],
  pointsWritten: boolean,
  dialect: Dialect,
  own = 0,
): Op<void> {
  const key = { guild_id: guildId };
  if (pointsWritten) {
    yield* run(CREATE_REPLACED);
    yield* run(MARK_REPLACED, key);
  }
  const change = historyChange(yield* all(STORED_HISTORY, key), history, own);
  if (change.deleteIds.length > 0) {
    yield* run(DELETE_HISTORY, { ids: dialect.array(change.deleteIds) });
  }
  if (change.insert.length > 0) {
    yield* run(INSERT_HISTORY, { ...key, rows: JSON.stringify(change.insert) });
  }
}
