import { periodAt } from '../../src/records/periods.js';
import { type Fresh, placeholder } from './history-costs.js';

/*
 * The floor under the period triggers: the same week's and month's rows written by the
 * application instead, in the write's transaction, on a database whose period triggers are
 * dropped. What keeping the periods costs whoever keeps them, against which the triggers are held
 * (docs/performance.md, "Where the targets are missed, and why").
 */

type Kind = 'sqlite' | 'postgres';

/** One game's write of a profile's galleons: the new value, its guild and its id. */
export type GalleonsWrite = (galleons: number, guild: string, id: number) => Promise<void>;

/**
 * The write with its periods kept by hand, as the triggers keep them: the previous galleons read
 * (locked on PostgreSQL, as the trigger sees the row it replaces), the UPDATE, the open term
 * looked up, both periods' rows added to in one upsert, a row brought back to 0 deleted. Without
 * `BEGIN`/`COMMIT` of its own when `inTransaction`: the caller's transaction holds it.
 */
export function periodWriteByHand(fresh: Fresh, kind: Kind, inTransaction = false): GalleonsWrite {
  const p = placeholder(kind);
  const lock = kind === 'postgres' ? ' FOR UPDATE' : '';
  const before = `SELECT galleons, user_id, house FROM profiles WHERE guild_id = ${p(1)} AND id = ${p(2)}${lock}`;
  const set = `UPDATE profiles SET galleons = ${p(1)} WHERE guild_id = ${p(2)} AND id = ${p(3)}`;
  const openTerm = `SELECT started_at FROM terms WHERE guild_id = ${p(1)} AND ended_at IS NULL`;
  const gain = `INSERT INTO profile_changes AS c (guild_id, profile_id, user_id, kind, start, house, change)
    VALUES (${p(1)}, ${p(2)}, ${p(3)}, 'week', ${p(4)}, ${p(5)}, ${p(6)}),
           (${p(7)}, ${p(8)}, ${p(9)}, 'month', ${p(10)}, ${p(11)}, ${p(12)})
    ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE SET change = c.change + excluded.change
    RETURNING change`;
  const zero = `DELETE FROM profile_changes WHERE guild_id = ${p(1)} AND profile_id = ${p(2)} AND change = 0`;
  const write: GalleonsWrite = async (galleons, guild, id) => {
    const [was] = await fresh.rows(before, [guild, id]);
    await fresh.run(set, [galleons, guild, id]);
    if (!was || Number(was.galleons) === galleons) return;
    // The bench's data has no open term: looked up, as the trigger does, and never written.
    if ((await fresh.rows(openTerm, [guild])).length > 0) {
      throw new Error('an open term: the write by hand keeps no term rows');
    }
    const now = new Date();
    const row = (kind: 'week' | 'month') => [
      guild,
      id,
      was.user_id,
      periodAt(kind, now).from,
      was.house,
      galleons - Number(was.galleons),
    ];
    const added = await fresh.rows(gain, [...row('week'), ...row('month')]);
    if (added.some((row) => Number(row.change) === 0)) await fresh.run(zero, [guild, id]);
  };
  if (inTransaction) return write;
  return async (galleons, guild, id) => {
    await fresh.run('BEGIN', []);
    try {
      await write(galleons, guild, id);
      await fresh.run('COMMIT', []);
    } catch (error) {
      await fresh.run('ROLLBACK', []);
      throw error;
    }
  };
}

/** What the periods hold, to compare two databases' rows: their count and their changes' sum. */
export async function periodRowsDigest(fresh: Fresh): Promise<string> {
  // One after the other: one connection runs one query at a time.
  const rows = await fresh.count('SELECT count(*) AS n FROM profile_changes');
  const sum = await fresh.count('SELECT coalesce(sum(change), 0) AS n FROM profile_changes');
  const weighted = await fresh.count(
    'SELECT coalesce(sum(change * profile_id), 0) AS n FROM profile_changes',
  );
  return `${rows} rows, Σ ${sum}, Σ×id ${weighted}`;
}
