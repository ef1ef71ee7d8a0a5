import type BetterSqlite3 from 'better-sqlite3';
import { housePoints } from '../../records/house-points.js';
import { HOUSES } from '../../records/houses.js';
import { job } from '../../records/job.js';
import { premium } from '../../records/premium.js';
import { profile } from '../../records/profile.js';
import { columnList, type RecordDefinition } from '../../records/record.js';
import {
  checkTransferFile,
  type GuildEntry,
  type ImportSummary,
  summarize,
  type TransferFile,
} from '../../transfer/format.js';
import { guildWrites } from '../../transfer/guild-writes.js';
import {
  historyAfterImport,
  historyChange,
  type StoredHistoryRow,
} from '../../transfer/history.js';
import { periodWrites, type StoredPeriodRow } from '../../transfer/periods.js';
import type { RowDiff, RowValues } from '../../transfer/row-diff.js';
import { type StoredTermRow, termWrites } from '../../transfer/terms.js';
import { storedTermColumns, termUpsertSql, termUpsertValues } from '../term-transfer-sql.js';
import type { Database } from './database.js';
import { deleter, inserter, updater } from './insert.js';
import { writeWhenFree } from './write-when-free.js';

/**
 * Makes, in one transaction, the data of every guild in the file what the file says; other
 * guilds are left untouched. Only rows that differ are written (src/transfer/row-diff.ts), so
 * re-importing the same file changes nothing. Validation comes first, so a bad file writes
 * nothing. Waits for the write lock in SQLite's busy timeout (5 s): for a caller that holds no
 * event loop (tests, tools).
 */
export function importData(
  db: Database,
  data: unknown,
  now: () => Date = () => new Date(),
): ImportSummary {
  const { file, write } = prepareImport(db, data, now);
  write();
  return summarize(file);
}

/**
 * How long an import waits for another connection's write lock: as long as another large import
 * may hold it (the second of two imports at once waits for the first, then replaces its guilds
 * whole, as on PostgreSQL), rather than SQLite's 5 s busy timeout.
 */
const IMPORT_PATIENCE_MS = 10 * 60_000;

/**
 * importData for the store: validates once, then waits for the write lock without blocking the
 * event loop, failing with StoreBusyError (one clear line from the CLI) past IMPORT_PATIENCE_MS.
 */
export async function importWhenFree(
  db: Database,
  data: unknown,
  now: () => Date,
): Promise<ImportSummary> {
  const { file, write } = prepareImport(db, data, now);
  await writeWhenFree(db.sqlite, write, { patienceMs: IMPORT_PATIENCE_MS });
  return summarize(file);
}

/** The checked file, and the transaction that writes it. */
function prepareImport(
  db: Database,
  data: unknown,
  now: () => Date,
): { file: TransferFile; write: () => void } {
  const at = now();
  const file = checkTransferFile(data, at);
  const { sqlite } = db;
  const stored = (record: RecordDefinition) =>
    sqlite
      .prepare<[string], RowValues>(
        `SELECT ${columnList(record)} FROM ${record.table} WHERE guild_id = ?`,
      )
      .raw();
  const read = {
    jobs: stored(job),
    profiles: stored(profile),
    points: stored(housePoints),
    premium: stored(premium),
  };
  const write = {
    job: writer(sqlite, job),
    profile: writer(sqlite, profile),
    points: writer(sqlite, housePoints),
    premium: writer(sqlite, premium),
  };
  const storedHistory = sqlite.prepare<[string], StoredHistoryRow>(
    `SELECT id, at, ${HOUSES.join(', ')} FROM points_history WHERE guild_id = ? ORDER BY at, id`,
  );
  const deleteHistoryRow = sqlite.prepare('DELETE FROM points_history WHERE id = ?');
  const insertHistory = sqlite.prepare(
    `INSERT INTO points_history (guild_id, at, ${HOUSES.join(', ')}) VALUES (?, ?, ${HOUSES.map(() => '?').join(', ')})`,
  );
  const storedPeriods = sqlite.prepare<[string], StoredPeriodRow>(
    'SELECT profile_id, kind, start, change FROM profile_changes WHERE guild_id = ?',
  );
  const deletePeriod = sqlite.prepare<[string, number, string, string]>(
    'DELETE FROM profile_changes WHERE guild_id = ? AND profile_id = ? AND kind = ? AND start = ?',
  );
  // The profile's user_id and house come from the profile as just written.
  const upsertPeriod = sqlite.prepare<
    [{ guild: string; id: number; kind: string; start: string; change: number }]
  >(
    `INSERT INTO profile_changes (guild_id, profile_id, user_id, kind, start, house, change)
     SELECT guild_id, id, user_id, @kind, @start, house, @change FROM profiles
     WHERE guild_id = @guild AND id = @id
     ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE SET change = excluded.change`,
  );
  const storedTerms = sqlite.prepare<[string], StoredTermRow>(
    `SELECT ${storedTermColumns()} FROM terms WHERE guild_id = ?`,
  );
  const deleteTerm = sqlite.prepare<[string, number]>(
    'DELETE FROM terms WHERE guild_id = ? AND id = ?',
  );
  const upsertTerm = sqlite.prepare(termUpsertSql(() => '?'));
  const stamp = at.toISOString();

  const writeGuild = (guild: GuildEntry) => {
    // Read before writing: a re-import without ids keeps the ids it matches (keep-ids.ts), and
    // only rows that differ from these are written.
    const writes = guildWrites(
      guild,
      {
        jobs: read.jobs.all(guild.id),
        profiles: read.profiles.all(guild.id),
        points: read.points.all(guild.id),
        premium: read.premium.all(guild.id),
      },
      stamp,
    );
    // In an order the foreign key (profiles → jobs) accepts at every step: profiles that go, then
    // jobs that come or change, then profiles that come or change (only ever naming jobs the file
    // has), then jobs that go.
    write.profile.deletes(writes.profiles);
    write.job.upserts(writes.jobs);
    write.profile.upserts(writes.profiles);
    write.job.deletes(writes.jobs);
    // After the profiles, whose galleons the triggers counted: the file's periods, if it has
    // them, replace what they counted.
    const periods = periodWrites(guild.periods, storedPeriods.all(guild.id));
    for (const row of periods?.deletes ?? []) {
      deletePeriod.run(guild.id, row.profile_id, row.kind, row.start);
    }
    for (const row of periods?.upserts ?? []) {
      upsertPeriod.run({
        guild: guild.id,
        id: row.profile_id,
        kind: row.kind,
        start: row.start,
        change: row.change,
      });
    }
    // House points in place: the history trigger records one change when the numbers moved.
    write.points.upserts(writes.points);
    write.points.deletes(writes.points);
    write.premium.upserts(writes.premium);
    write.premium.deletes(writes.premium);
    const terms = termWrites(guild.terms, storedTerms.all(guild.id));
    for (const id of terms?.deletes ?? []) deleteTerm.run(guild.id, id);
    for (const row of terms?.upserts ?? []) {
      upsertTerm.run(...termUpsertValues(guild.id, row));
    }
    const history = historyAfterImport(guild, stamp);
    if (history) {
      // After the points: the history is then the file's, and the import's change if any (in
      // place of the row the trigger wrote), only its differing end rewritten.
      const change = historyChange(storedHistory.all(guild.id), history);
      for (const id of change.deleteIds) deleteHistoryRow.run(id);
      for (const entry of change.insert) {
        insertHistory.run(guild.id, entry.at, ...HOUSES.map((house) => entry[house]));
      }
    }
  };

  // IMMEDIATE takes the write lock up front, before the guilds are read, so the import never
  // fails half-way on a busy lock, and reads what the import before it committed.
  const transaction = sqlite.transaction(() => {
    for (const guild of file.guilds) writeGuild(guild);
  });
  return { file, write: () => transaction.immediate() };
}

/** Writes one record's part of a guild's diff: what comes or changes, and what goes. */
function writer(sqlite: BetterSqlite3.Database, record: RecordDefinition) {
  const insert = inserter(sqlite, record);
  const update = updater(sqlite, record);
  const remove = deleter(sqlite, record);
  return {
    upserts(diff: RowDiff) {
      for (const row of diff.inserts) insert.run(row);
      for (const row of diff.updates) update(row);
    },
    deletes(diff: RowDiff) {
      for (const row of diff.deletes) remove(row);
    },
  };
}
