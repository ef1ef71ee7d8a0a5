import type { HousePoints } from '../../records/house-points.js';
import { HOUSES } from '../../records/houses.js';
import { EXPORTED_RECORDS } from '../../records/index.js';
import { type Job, job } from '../../records/job.js';
import type { HistoryEntry } from '../../records/points-history.js';
import { type Profile, profile } from '../../records/profile.js';
import { columnList } from '../../records/record.js';
import type { FileEntry, GuildEntry, PeriodEntry, TransferFile } from '../../transfer/format.js';
import { type StoredTermRow, termEntryOf } from '../../transfer/terms.js';
import { storedTermColumns } from '../term-transfer-sql.js';
import type { Database } from './database.js';

/** Every guild (or the named ones) in the import format, so that import(export) is the identity. */
export function exportData(db: Database, guildIds?: readonly string[]): TransferFile {
  const { sqlite } = db;
  const allIds = sqlite
    .prepare<[], string>(
      `${EXPORTED_RECORDS.map((record) => `SELECT guild_id FROM ${record.table}`).join(' UNION ')}
       ORDER BY 1`,
    )
    .pluck()
    .all();
  const wanted =
    guildIds && guildIds.length > 0 ? allIds.filter((id) => guildIds.includes(id)) : allIds;

  const points = sqlite.prepare<[string], HousePoints>(
    `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = ?`,
  );
  const premium = sqlite.prepare<[string], { expires_at: string | null }>(
    'SELECT expires_at FROM premium WHERE guild_id = ?',
  );
  const jobs = sqlite.prepare<[string], FileEntry<Job>>(
    `SELECT ${columnList(job, ['guild_id'])} FROM jobs WHERE guild_id = ? ORDER BY id`,
  );
  const players = sqlite.prepare<[string], FileEntry<Profile>>(
    `SELECT ${columnList(profile, ['guild_id'])} FROM profiles WHERE guild_id = ? ORDER BY id`,
  );

  const history = sqlite.prepare<[string], HistoryEntry>(
    `SELECT at, ${HOUSES.join(', ')} FROM points_history WHERE guild_id = ? ORDER BY at, id`,
  );

  const periods = sqlite.prepare<[string], PeriodEntry>(
    'SELECT profile_id AS id, kind, start, change FROM profile_changes WHERE guild_id = ? ORDER BY profile_id, kind, start',
  );

  const terms = sqlite.prepare<[string], StoredTermRow>(
    `SELECT ${storedTermColumns()} FROM terms WHERE guild_id = ? ORDER BY id`,
  );

  // One read transaction: the export is a consistent snapshot even while an import runs.
  return sqlite.transaction(() => ({
    guilds: wanted.map((id): GuildEntry => {
      const guild: GuildEntry = { id };
      const p = points.get(id);
      if (p) guild.points = p;
      const pr = premium.get(id);
      if (pr) guild.premium = { expiresAt: pr.expires_at };
      guild.jobs = jobs.all(id);
      guild.players = players.all(id);
      const past = history.all(id);
      if (past.length > 0) guild.history = past;
      // Like the history, only when there is some: a guild without changes exports as before.
      const changes = periods.all(id);
      if (changes.length > 0) guild.periods = changes;
      const kept = terms.all(id);
      if (kept.length > 0) guild.terms = kept.map(termEntryOf);
      return guild;
    }),
  }))();
}
