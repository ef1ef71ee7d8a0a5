import type pg from 'pg';
import type { HousePoints } from '../../records/house-points.js';
import { housePoints } from '../../records/house-points.js';
import { HOUSES } from '../../records/houses.js';
import { EXPORTED_RECORDS } from '../../records/index.js';
import { type Job, job } from '../../records/job.js';
import type { HistoryEntry } from '../../records/points-history.js';
import { premium } from '../../records/premium.js';
import { type Profile, profile } from '../../records/profile.js';
import { columnList, type RecordDefinition } from '../../records/record.js';
import {
  checkTransferFile,
  type FileEntry,
  type GuildEntry,
  type ImportSummary,
  type PeriodEntry,
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
import { isEmpty, type RowDiff } from '../../transfer/row-diff.js';
import { type StoredTermRow, termEntryOf, termWrites } from '../../transfer/terms.js';
import { storedTermColumns, termUpsertSql, termUpsertValues } from '../term-transfer-sql.js';
import { postgresDialect } from './dialect.js';
import { lockGuilds } from './guild-locks.js';
import { deleteRows, insertRows, updateRows } from './insert.js';
import { inTransaction } from './transaction.js';

const AT_TEXT = `${postgresDialect.instantText('at')} AS at`;

/**
 * Makes, in one transaction, the data of every guild in the file what the file says; other
 * guilds are left untouched. Only rows that differ are written (src/transfer/row-diff.ts), so
 * re-importing the same file changes nothing and notifies nobody. Validation comes first, so a
 * bad file writes nothing. Its commit notifies every node of each guild it changed (the change
 * triggers). Concurrent imports of a guild follow one another (guild-locks.ts): the last to
 * commit leaves its file's guild whole.
 */
export async function importData(
  pool: pg.Pool,
  data: unknown,
  now: () => Date,
): Promise<ImportSummary> {
  const at = now();
  const file = checkTransferFile(data, at);
  const stamp = at.toISOString();
  await inTransaction(pool, 'BEGIN', async (client) => {
    // Before any read: another import of these guilds commits first, or waits for this one.
    await lockGuilds(
      client,
      file.guilds.map(({ id }) => id),
    );
    for (const guild of file.guilds) await writeGuild(client, guild, stamp);
  });
  return summarize(file);
}

async function writeGuild(client: pg.PoolClient, guild: GuildEntry, stamp: string) {
  // Read before writing: a re-import without ids keeps the ids it matches (keep-ids.ts), and only
  // rows that differ from these are written.
  const stored = async (record: RecordDefinition) =>
    (
      await client.query<unknown[]>({
        text: `SELECT ${columnList(record)} FROM ${record.table} WHERE guild_id = $1`,
        values: [guild.id],
        rowMode: 'array',
      })
    ).rows;
  const writes = guildWrites(
    guild,
    {
      jobs: await stored(job),
      profiles: await stored(profile),
      points: await stored(housePoints),
      premium: await stored(premium),
    },
    stamp,
  );
  // In an order the foreign key (profiles → jobs) accepts at every step: profiles that go, then
  // jobs that come or change, then profiles that come or change (only ever naming jobs the file
  // has), then jobs that go.
  await deleteRows(client, profile, writes.profiles.deletes);
  await upsert(client, job, writes.jobs);
  await upsert(client, profile, writes.profiles);
  await deleteRows(client, job, writes.jobs.deletes);
  await writePeriods(client, guild);
  for (const [record, diff] of [
    [housePoints, writes.points],
    [premium, writes.premium],
  ] as const) {
    await upsert(client, record, diff);
    await deleteRows(client, record, diff.deletes);
  }
  await writeTerms(client, guild);
  const history = historyAfterImport(guild, stamp);
  if (history) {
    await keepHistory(client, guild.id, isEmpty(writes.points));
    await writeHistory(client, guild.id, history);
  }
}

const TERM_ROW = storedTermColumns(
  (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
);

async function storedTerms(client: pg.PoolClient, guildId: string): Promise<StoredTermRow[]> {
  const { rows } = await client.query<StoredTermRow>(
    `SELECT ${TERM_ROW} FROM terms WHERE guild_id = $1 ORDER BY id`,
    [guildId],
  );
  return rows;
}

/** The file's terms, if it has them, written where they differ (src/transfer/terms.ts). */
async function writeTerms(client: pg.PoolClient, guild: GuildEntry) {
  const writes = termWrites(guild.terms, await storedTerms(client, guild.id));
  if (!writes) return;
  if (writes.deletes.length > 0) {
    await client.query('DELETE FROM terms WHERE guild_id = $1 AND id = ANY($2::bigint[])', [
      guild.id,
      writes.deletes,
    ]);
  }
  const upsert = termUpsertSql((n) => `$${n}`);
  for (const row of writes.upserts) {
    await client.query(upsert, termUpsertValues(guild.id, row));
  }
}

/**
 * After the profiles, whose galleons the triggers counted: the file's periods, if it has them,
 * replace what they counted (src/transfer/periods.ts), the profile's user_id and house taken
 * from the profile as just written.
 */
async function writePeriods(client: pg.PoolClient, guild: GuildEntry) {
  if (!guild.periods) return;
  const { rows: stored } = await client.query<StoredPeriodRow>(
    'SELECT profile_id, kind, start, change FROM profile_changes WHERE guild_id = $1',
    [guild.id],
  );
  const writes = periodWrites(guild.periods, stored);
  if (!writes) return;
  if (writes.deletes.length > 0) {
    await client.query(
      `DELETE FROM profile_changes AS c USING unnest($2::bigint[], $3::text[], $4::timestamptz[]) AS d(id, kind, start)
       WHERE c.guild_id = $1 AND c.profile_id = d.id AND c.kind = d.kind AND c.start = d.start`,
      [
        guild.id,
        writes.deletes.map((row) => row.profile_id),
        writes.deletes.map((row) => row.kind),
        writes.deletes.map((row) => row.start),
      ],
    );
  }
  if (writes.upserts.length > 0) {
    await client.query(
      `INSERT INTO profile_changes AS c (guild_id, profile_id, user_id, kind, start, house, change)
       SELECT p.guild_id, p.id, p.user_id, u.kind, u.start, p.house, u.change
       FROM unnest($2::bigint[], $3::text[], $4::timestamptz[], $5::bigint[]) AS u(id, kind, start, change)
       JOIN profiles AS p ON p.guild_id = $1 AND p.id = u.id
       ORDER BY p.id, u.kind, u.start
       ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE SET change = excluded.change`,
      [
        guild.id,
        writes.upserts.map((row) => row.profile_id),
        writes.upserts.map((row) => row.kind),
        writes.upserts.map((row) => row.start),
        writes.upserts.map((row) => row.change),
      ],
    );
  }
}

/** Inserts a diff's new rows and writes its changed ones. */
async function upsert(client: pg.PoolClient, record: RecordDefinition, diff: RowDiff) {
  await insertRows(client, record, diff.inserts);
  await updateRows(client, record, diff.updates);
}

/**
 * The history trigger runs at commit, after a write to the guild's points; a guild listed in
 * this transaction's housecup_history_replaced tells it to record nothing, the import writing
 * the history itself. Nothing to say when the points were not written.
 */
async function keepHistory(client: pg.PoolClient, guildId: string, pointsUnwritten: boolean) {
  if (pointsUnwritten) return;
  await client.query(
    'CREATE TEMP TABLE IF NOT EXISTS housecup_history_replaced (guild_id text PRIMARY KEY) ON COMMIT DROP',
  );
  await client.query(
    'INSERT INTO housecup_history_replaced (guild_id) VALUES ($1) ON CONFLICT DO NOTHING',
    [guildId],
  );
}

/**
 * Makes the guild's history `history` (the file's, then the import's own change if any), only
 * its differing end rewritten: nothing at all when it is what the store holds.
 */
async function writeHistory(client: pg.PoolClient, guildId: string, history: HistoryEntry[]) {
  const { rows: stored } = await client.query<StoredHistoryRow>(
    `SELECT id, ${AT_TEXT}, ${HOUSES.join(', ')} FROM points_history WHERE guild_id = $1
     ORDER BY points_history.at, id`,
    [guildId],
  );
  const change = historyChange(stored, history);
  if (change.deleteIds.length > 0) {
    await client.query('DELETE FROM points_history WHERE id = ANY($1::bigint[])', [
      change.deleteIds,
    ]);
  }
  if (change.insert.length === 0) return;
  await client.query(
    `INSERT INTO points_history (guild_id, at, ${HOUSES.join(', ')})
     SELECT $1, at, ${HOUSES.join(', ')}
     FROM unnest($2::timestamptz[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
       WITH ORDINALITY AS entry(at, ${HOUSES.join(', ')}, n)
     ORDER BY n`,
    [
      guildId,
      change.insert.map((entry) => entry.at),
      ...HOUSES.map((house) => change.insert.map((entry) => entry[house])),
    ],
  );
}

/** Every guild (or the named ones) in the import format, from one snapshot. */
export async function exportData(
  pool: pg.Pool,
  guildIds?: readonly string[],
): Promise<TransferFile> {
  return inTransaction(pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (client) => {
    const { rows } = await client.query<{ guild_id: string }>(
      `${EXPORTED_RECORDS.map((record) => `SELECT guild_id FROM ${record.table}`).join(' UNION ')}
       ORDER BY 1`,
    );
    const all = rows.map((row) => row.guild_id);
    const wanted =
      guildIds && guildIds.length > 0 ? all.filter((id) => guildIds.includes(id)) : all;
    const guilds: GuildEntry[] = [];
    for (const id of wanted) {
      const guild: GuildEntry = { id };
      const points = await client.query<HousePoints>(
        `SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = $1`,
        [id],
      );
      if (points.rows[0]) guild.points = points.rows[0];
      const pr = await client.query<{ expires_at: string | null }>(
        'SELECT expires_at FROM premium WHERE guild_id = $1',
        [id],
      );
      if (pr.rows[0]) guild.premium = { expiresAt: pr.rows[0].expires_at };
      guild.jobs = (
        await client.query<FileEntry<Job>>(
          `SELECT ${columnList(job, ['guild_id'])} FROM jobs WHERE guild_id = $1 ORDER BY id`,
          [id],
        )
      ).rows;
      guild.players = (
        await client.query<FileEntry<Profile>>(
          `SELECT ${columnList(profile, ['guild_id'])} FROM profiles WHERE guild_id = $1 ORDER BY id`,
          [id],
        )
      ).rows;
      const history = await client.query<HistoryEntry>(
        `SELECT ${AT_TEXT}, ${HOUSES.join(', ')} FROM points_history WHERE guild_id = $1 ORDER BY points_history.at, id`,
        [id],
      );
      if (history.rows.length > 0) guild.history = history.rows;
      // Like the history, only when there is some: a guild without changes exports as before.
      const periods = await client.query<PeriodEntry>(
        'SELECT profile_id AS id, kind, start, change FROM profile_changes WHERE guild_id = $1 ORDER BY profile_id, kind, start',
        [id],
      );
      if (periods.rows.length > 0) guild.periods = periods.rows;
      const terms = await storedTerms(client, id);
      if (terms.length > 0) guild.terms = terms.map(termEntryOf);
      guilds.push(guild);
    }
    return { guilds };
  });
}
