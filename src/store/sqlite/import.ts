import { housePoints } from '../../records/house-points.js';
import { HOUSES } from '../../records/houses.js';
import { GUILD_RECORDS } from '../../records/index.js';
import { job } from '../../records/job.js';
import { historyInstant } from '../../records/points-history.js';
import { premium } from '../../records/premium.js';
import { profile } from '../../records/profile.js';
import { rowOf } from '../../records/row-values.js';
import {
  checkTransferFile,
  type GuildEntry,
  type ImportSummary,
  summarize,
  type TransferFile,
} from '../../transfer/format.js';
import { historyAfterImport } from '../../transfer/history.js';
import {
  type ExistingRow,
  entriesWithIds,
  existingProfile,
  type ProfileRow,
} from '../../transfer/keep-ids.js';
import type { Database } from './database.js';
import { inserter } from './insert.js';
import { writeWhenFree } from './write-when-free.js';

/**
 * Replaces, in one transaction, the data of every guild in the file; other guilds are left
 * untouched. Validation comes first, so a bad file writes nothing. Waits for the write lock in
 * SQLite's busy timeout (5 s): for a caller that holds no event loop (tests, tools).
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
export const IMPORT_PATIENCE_MS = 10 * 60_000;

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
  // GUILD_RECORDS lists profiles before the jobs they reference.
  // House points are written in place (an upsert), not deleted and inserted: the history
  // trigger then sees one change per guild, and none when the numbers stay as they were.
  const deletes = GUILD_RECORDS.filter((record) => record !== housePoints).map((record) =>
    sqlite.prepare(`DELETE FROM ${record.table} WHERE guild_id = ?`),
  );
  const deletePoints = sqlite.prepare('DELETE FROM house_points WHERE guild_id = ?');
  const upsertPoints = sqlite.prepare(
    `INSERT INTO house_points (guild_id, ${HOUSES.join(', ')}) VALUES (?, ${HOUSES.map(() => '?').join(', ')})
     ON CONFLICT (guild_id) DO UPDATE SET ${HOUSES.map((house) => `${house} = excluded.${house}`).join(', ')}`,
  );
  const deleteHistory = sqlite.prepare('DELETE FROM points_history WHERE guild_id = ?');
  const insertHistory = sqlite.prepare(
    `INSERT INTO points_history (guild_id, at, ${HOUSES.join(', ')}) VALUES (?, ?, ${HOUSES.map(() => '?').join(', ')})`,
  );
  const existingJobs = sqlite.prepare<[string], ExistingRow>(
    'SELECT id, name AS match FROM jobs WHERE guild_id = ?',
  );
  const existingProfiles = sqlite.prepare<[string], ProfileRow>(
    'SELECT id, user_id, name, created_at FROM profiles WHERE guild_id = ?',
  );
  const insert = {
    job: inserter(sqlite, job),
    profile: inserter(sqlite, profile),
    premium: inserter(sqlite, premium),
  };
  const stamp = at.toISOString();

  const writeGuild = (guild: GuildEntry) => {
    // Read before the deletes: a re-import without ids keeps the ids it matches (DESIGN §4).
    const existing = {
      jobs: existingJobs.all(guild.id),
      profiles: existingProfiles.all(guild.id).map(existingProfile),
    };
    for (const statement of deletes) statement.run(guild.id);
    const given = { guild_id: guild.id, now: stamp };
    const { jobs, players } = entriesWithIds(guild, existing);
    for (const { entry, id } of jobs) insert.job.run(rowOf(job, entry, { ...given, id }));
    for (const { entry, id } of players)
      insert.profile.run(rowOf(profile, entry, { ...given, id }));
    const points = guild.points;
    if (points) upsertPoints.run(guild.id, ...HOUSES.map((house) => points[house]));
    else deletePoints.run(guild.id);
    const history = historyAfterImport(guild, stamp);
    if (history) {
      // After the points: the history is then the file's, and the import's change if any.
      deleteHistory.run(guild.id);
      for (const entry of history) {
        insertHistory.run(
          guild.id,
          historyInstant(entry.at),
          ...HOUSES.map((house) => entry[house]),
        );
      }
    }
    if (guild.premium) {
      insert.premium.run(rowOf(premium, { expires_at: guild.premium.expiresAt }, given));
    }
  };

  // IMMEDIATE takes the write lock up front, before the guilds are read, so the import never
  // fails half-way on a busy lock, and reads what the import before it committed.
  const transaction = sqlite.transaction(() => {
    for (const guild of file.guilds) writeGuild(guild);
  });
  return { file, write: () => transaction.immediate() };
}
