import type pg from 'pg';
import { pageOf, type TermsReader } from '../../read/service.js';
import { HOUSES } from '../../records/houses.js';
import type { Term } from '../../records/terms.js';
import type { TermStart, TermStore } from '../store.js';
import { TERM_STANDINGS_SQL, type TermReadRow, termOf } from '../term-rows.js';
import { inTransaction } from './transaction.js';

/** Now, as the history's trigger writes it: the term's end and the reset's history row agree. */
const NOW = `date_trunc('milliseconds', clock_timestamp())`;
const text = (column: string) =>
  `to_char(t.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;

const SELECT = `SELECT t.id, t.name, ${text('started_at')}, ${text('ended_at')}, ${TERM_STANDINGS_SQL}
  FROM terms t LEFT JOIN house_points p ON p.guild_id = t.guild_id AND t.ended_at IS NULL`;

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

export function createPostgresTerms(pool: pg.Pool): { reader: TermsReader; store: TermStore } {
  const first = async (
    client: pg.Pool | pg.PoolClient,
    where: string,
    values: unknown[],
  ): Promise<Term | null> => {
    const { rows } = await client.query<TermReadRow>(`${SELECT} WHERE ${where}`, values);
    return rows[0] ? termOf(rows[0]) : null;
  };
  const openOf = (client: pg.Pool | pg.PoolClient, guildId: string) =>
    first(client, 't.guild_id = $1 AND t.ended_at IS NULL', [guildId]);

  async function start(guildId: string, name: string): Promise<TermStart> {
    try {
      return await inTransaction(pool, 'BEGIN', async (client): Promise<TermStart> => {
        const already = await openOf(client, guildId);
        if (already) return { outcome: 'alreadyOpen', term: already };
        // The points' row lock keeps them from going while the term starts.
        const points = await client.query(
          'SELECT 1 FROM house_points WHERE guild_id = $1 FOR SHARE',
          [guildId],
        );
        if ((points.rowCount ?? 0) === 0) return { outcome: 'noPoints' };
        await client.query(
          `INSERT INTO terms (guild_id, id, name, started_at)
           SELECT $1, coalesce(max(id), 0) + 1, $2, ${NOW} FROM terms WHERE guild_id = $1`,
          [guildId, name],
        );
        const started = await openOf(client, guildId);
        if (!started) throw new Error(`term of ${guildId} not written`);
        return { outcome: 'started', term: started };
      });
    } catch (error) {
      // Another start of the same guild committed first (the one-open index, or the same id).
      if (!isUniqueViolation(error)) throw error;
      const already = await openOf(pool, guildId);
      if (already) return { outcome: 'alreadyOpen', term: already };
      throw error;
    }
  }

  function end(guildId: string, reset: boolean): Promise<Term | null> {
    return inTransaction(pool, 'BEGIN', async (client) => {
      // The points are locked first: the standings kept are the points the reset replaces.
      await client.query('SELECT 1 FROM house_points WHERE guild_id = $1 FOR UPDATE', [guildId]);
      const ended = await client.query<{ id: string | number }>(
        `UPDATE terms SET ended_at = ${NOW}, (${HOUSES.join(', ')}) =
           (SELECT ${HOUSES.join(', ')} FROM house_points WHERE guild_id = terms.guild_id)
         WHERE guild_id = $1 AND ended_at IS NULL RETURNING id`,
        [guildId],
      );
      const id = ended.rows[0]?.id;
      if (id === undefined) return null;
      if (reset) {
        await client.query(
          `UPDATE house_points SET ${HOUSES.map((house) => `${house} = 0`).join(', ')} WHERE guild_id = $1`,
          [guildId],
        );
      }
      return first(client, 't.guild_id = $1 AND t.id = $2', [guildId, Number(id)]);
    });
  }

  return {
    reader: {
      async list(guildId, request) {
        const { rows } = await pool.query<TermReadRow>(
          `${SELECT} WHERE t.guild_id = $1 AND t.id < $2 ORDER BY t.id DESC LIMIT $3`,
          [
            guildId,
            request?.after?.id ?? Number.MAX_SAFE_INTEGER,
            request ? request.limit + 1 : null,
          ],
        );
        return pageOf(rows.map(termOf), request, (term) => ({ id: term.id }));
      },
      get: (guildId, id) => first(pool, 't.guild_id = $1 AND t.id = $2', [guildId, id]),
      open: (guildId) => openOf(pool, guildId),
      containing: (guildId, at) =>
        first(
          pool,
          `t.guild_id = $1 AND t.started_at <= $2 AND (t.ended_at IS NULL OR t.ended_at > $2)
           ORDER BY t.started_at DESC, t.id DESC LIMIT 1`,
          [guildId, at],
        ),
    },
    store: {
      start,
      end: (guildId, options = {}) => end(guildId, options.reset === true),
    },
  };
}
