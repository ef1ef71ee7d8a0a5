import { housePoints } from '../records/house-points.js';
import { job } from '../records/job.js';
import { premium } from '../records/premium.js';
import { type Profile, profile } from '../records/profile.js';
import { columnList, type RecordDefinition } from '../records/record.js';
import type { GuildEntry, ImportSummary } from '../transfer/format.js';
import { guildWrites } from '../transfer/guild-writes.js';
import { historyAfterImport } from '../transfer/history.js';
import { historyWithLedger } from '../transfer/ledger.js';
import { isEmpty, type RowDiff } from '../transfer/row-diff.js';
import { lockGuilds } from './guild-locks.js';
import { writeHistory, writePeriods, writeTerms } from './import-parts.js';
import { withLedgerContext } from './ledger-context.js';
import type { SqlDb } from './sql/db.js';
import type { Dialect } from './sql/dialect.js';
import { all, type Op, type RowValues, writeRows } from './sql/op.js';
import { statementFamily } from './sql/statement.js';

/**
 * How long an import waits for another connection's write lock (SQLite): as long as another
 * large import may hold it (the second of two imports at once waits for the first, then replaces
 * its guilds whole, as on PostgreSQL), rather than SQLite's 5 s busy timeout.
 */
const IMPORT_PATIENCE_MS = 10 * 60_000;

type GuildKey = Pick<Profile, 'guild_id'>;

const storedRows = statementFamily<GuildKey, RowValues>({ shape: 'arrays' });
/** A guild's rows of `record`, each in the record's field order. */
const storedOf = (record: RecordDefinition) =>
  storedRows(
    record.table,
    () => `SELECT ${columnList(record)} FROM ${record.table} WHERE guild_id = @guild_id`,
  );

/**
 * Makes, in one transaction, the data of every guild in the file what the file says; other
 * guilds are left untouched. Only rows that differ are written (src/transfer/row-diff.ts), so
 * re-importing the same file changes nothing and notifies nobody. Validation comes first, outside
 * any transaction, so a bad file writes nothing. Concurrent imports of a guild follow one another
 * (guild-locks.ts): the last to commit leaves its file's guild whole.
 */
export async function importData(
  db: SqlDb,
  data: unknown,
  now: () => Date,
): Promise<ImportSummary> {
  const at = now();
  // Loaded on the first import: the file's checks are written with zod, which a start that
  // imports nothing need not load (docs/performance.md, "What a start loads").
  const { checkTransferFile, summarize } = await import('../transfer/format.js');
  const file = checkTransferFile(data, at);
  // The points the file changes are the import's in the ledger, not the game's: the history's
  // trigger writes that onto the row of a change it records.
  await db.write(
    withLedgerContext(
      { source: 'import' },
      importGuilds(file.guilds, at.toISOString(), db.dialect),
    ),
    { patienceMs: IMPORT_PATIENCE_MS },
  );
  return summarize(file);
}

function* importGuilds(guilds: readonly GuildEntry[], stamp: string, dialect: Dialect): Op<void> {
  // Before any read: another import of these guilds commits first, or waits for this one.
  yield* lockGuilds(guilds.map(({ id }) => id));
  for (const guild of guilds) yield* writeGuild(guild, stamp, dialect);
}

function* writeGuild(guild: GuildEntry, stamp: string, dialect: Dialect): Op<void> {
  const key = { guild_id: guild.id };
  // Read before writing: a re-import without ids keeps the ids it matches (keep-ids.ts), and only
  // rows that differ from these are written.
  const writes = guildWrites(
    guild,
    {
      jobs: yield* all(storedOf(job), key),
      profiles: yield* all(storedOf(profile), key),
      points: yield* all(storedOf(housePoints), key),
      premium: yield* all(storedOf(premium), key),
    },
    stamp,
  );
  // In an order the foreign key (profiles → jobs) accepts at every step: profiles that go, then
  // jobs that come or change, then profiles that come or change (only ever naming jobs the file
  // has), then jobs that go.
  yield* writeRows('delete', profile, writes.profiles.deletes);
  yield* upsert(job, writes.jobs);
  yield* upsert(profile, writes.profiles);
  yield* writeRows('delete', job, writes.jobs.deletes);
  yield* writePeriods(guild);
  // House points in place: the history trigger records one change when the numbers moved.
  for (const [record, diff] of [
    [housePoints, writes.points],
    [premium, writes.premium],
  ] as const) {
    yield* upsert(record, diff);
    yield* writeRows('delete', record, diff.deletes);
  }
  yield* writeTerms(guild, dialect);
  const { history: given, ledger } = guild;
  const annotated = given && ledger ? historyWithLedger(given, ledger) : given;
  const history = historyAfterImport({ ...guild, history: annotated }, stamp);
  // After the points: the history is then the file's, and the import's change if any.
  if (!history) return;
  const own = history.length - (annotated?.length ?? 0);
  yield* writeHistory(guild.id, history, !isEmpty(writes.points), dialect, own);
}

/** Inserts a diff's new rows and writes its changed ones. */
function* upsert(record: RecordDefinition, diff: RowDiff): Op<void> {
  yield* writeRows('insert', record, diff.inserts);
  yield* writeRows('update', record, diff.updates);
}
