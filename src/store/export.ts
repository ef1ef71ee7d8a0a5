import type { HousePoints } from '../records/house-points.js';
import { HOUSES } from '../records/houses.js';
import { EXPORTED_RECORDS } from '../records/index.js';
import { type Job, job } from '../records/job.js';
import type { HistoryEntry } from '../records/points-history.js';
import type { premium } from '../records/premium.js';
import { type Profile, profile } from '../records/profile.js';
import { columnList, type RowOf } from '../records/record.js';
import type { FileEntry, GuildEntry, PeriodEntry, TransferFile } from '../transfer/format.js';
import { type ContextColumns, historyFileEntryOf } from '../transfer/history.js';
import { termEntryOf } from '../transfer/terms.js';
import type { SqlDb } from './sql/db.js';
import { all, first, type Op } from './sql/op.js';
import { statement } from './sql/statement.js';
import { STORED_TERMS } from './term-transfer-sql.js';

type GuildKey = Pick<Profile, 'guild_id'>;

const GUILD_IDS = statement<Record<string, never>, GuildKey>(
  `${EXPORTED_RECORDS.map((record) => `SELECT guild_id FROM ${record.table}`).join(' UNION ')}
   ORDER BY 1`,
);
const POINTS = statement<GuildKey, HousePoints>(
  `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = @guild_id`,
);
const PREMIUM = statement<GuildKey, Pick<RowOf<typeof premium>, 'expires_at'>>(
  'SELECT expires_at FROM premium WHERE guild_id = @guild_id',
);
const JOBS = statement<GuildKey, FileEntry<Job>>(
  `SELECT ${columnList(job, ['guild_id'])} FROM jobs WHERE guild_id = @guild_id ORDER BY id`,
);
const PLAYERS = statement<GuildKey, FileEntry<Profile>>(
  `SELECT ${columnList(profile, ['guild_id'])} FROM profiles WHERE guild_id = @guild_id ORDER BY id`,
);
const HISTORY = statement<GuildKey, HistoryEntry & ContextColumns>(
  (d) => `SELECT ${d.instantText('at')} AS at, ${HOUSES.join(', ')}, source, by_user, for_user,
     reason, undone FROM points_history
   WHERE guild_id = @guild_id ORDER BY points_history.at, id`,
);
const PERIODS = statement<GuildKey, PeriodEntry>(
  `SELECT profile_id AS id, kind, start, change FROM profile_changes WHERE guild_id = @guild_id
   ORDER BY profile_id, kind, start`,
);

function* exportGuild(id: string): Op<GuildEntry> {
  const key = { guild_id: id };
  const guild: GuildEntry = { id };
  const points = yield* first(POINTS, key);
  if (points) guild.points = points;
  const premium = yield* first(PREMIUM, key);
  if (premium) guild.premium = { expiresAt: premium.expires_at };
  guild.jobs = yield* all(JOBS, key);
  guild.players = yield* all(PLAYERS, key);
  const history = yield* all(HISTORY, key);
  if (history.length > 0) guild.history = history.map(historyFileEntryOf);
  // Like the history, only when there is some: a guild without changes exports as before.
  const periods = yield* all(PERIODS, key);
  if (periods.length > 0) guild.periods = periods;
  const terms = yield* all(STORED_TERMS, key);
  if (terms.length > 0) guild.terms = terms.map(termEntryOf);
  return guild;
}

function* exportGuilds(guildIds: readonly string[] | undefined): Op<TransferFile> {
  const ids = (yield* all(GUILD_IDS)).map((row) => row.guild_id);
  const wanted = guildIds && guildIds.length > 0 ? ids.filter((id) => guildIds.includes(id)) : ids;
  const guilds: GuildEntry[] = [];
  for (const id of wanted) guilds.push(yield* exportGuild(id));
  return { guilds };
}

/**
 * Every guild (or the named ones) in the import format, so that import(export) is the identity:
 * one snapshot, consistent even while an import runs.
 */
export function exportData(db: SqlDb, guildIds?: readonly string[]): Promise<TransferFile> {
  return db.snapshot(exportGuilds(guildIds));
}
