import type pg from 'pg';
import { type PlayersReader, pageOf } from '../../read/service.js';
import type { ProfileCursor, ProfileWithChange, RankEntry } from '../../read/types.js';
import type { ChangeView } from '../../records/periods.js';
import { type Profile, profile } from '../../records/profile.js';
import { columnList, columnNames } from '../../records/record.js';
import {
  armsOf,
  changeParameters,
  changeRowsSql,
  changeSegmentCountSql,
  changeSegmentPositionSql,
  changeSegmentSql,
  changeStatementKey,
} from '../period-lists.js';
import { countSql, listParameters } from '../profile-lists.js';
import {
  aroundStatementKey,
  inView,
  type RankView,
  rankPosition,
  rankStatementKey,
  rowsAroundSql,
  rowsBeforeSql,
} from '../rank-counts.js';
import { type PageQuery, readAll, readPage } from './keyset.js';
import { type NamedStatement, numbered, valuesFor } from './named.js';
import { inTransaction } from './transaction.js';

/*
 * PostgreSQL's reads of a period's list by change and of a member's rank
 * (src/store/period-lists.ts, src/store/rank-counts.ts): a page is one statement, a whole list
 * chunks in one repeatable-read snapshot (keyset.ts), a rank one snapshot of a few counts.
 * Each row's JSON is the profile's stored text (profiles.json) with its change added.
 */

const REST = columnNames(profile)
  .filter((name) => name !== 'user_id' && name !== 'id')
  .map((name) => `p.${name}`)
  .join(', ');
const jsonOf = (change: string) =>
  `left(p.json, -1) || ',"change":' || (${change})::text || '}' AS json`;

const statements = new Map<string, NamedStatement>();
function statement(name: string, text: () => string): { name: string } & NamedStatement {
  let made = statements.get(name);
  if (!made) {
    made = numbered(text());
    statements.set(name, made);
  }
  return { name, ...made };
}

async function run<T extends pg.QueryResultRow>(
  client: pg.Pool | pg.PoolClient,
  name: string,
  text: () => string,
  values: Record<string, unknown>,
): Promise<T[]> {
  const made = statement(name, text);
  const result = await client.query<T>({
    name: made.name,
    text: made.text,
    values: valuesFor(made, values),
  });
  return result.rows;
}

const cursorAt = (row: { change: number; user_id: string; id: number }): ProfileCursor => ({
  sortKey: row.change,
  userId: row.user_id,
  id: row.id,
});

const ANY = 'SELECT EXISTS (SELECT 1 FROM profiles WHERE guild_id = @guild) AS any';

/**
 * The member's profiles with their change in the period, and the number of the guild's last
 * change of its players as this snapshot sees it (`players_seq`): what a remembered list length
 * is valid for.
 */
const MEMBERS = `SELECT ${columnList(profile)}, coalesce((SELECT change FROM profile_changes AS c
    WHERE c.guild_id = p.guild_id AND c.profile_id = p.id AND c.kind = @kind AND c.start = @start), 0) AS change,
    (SELECT seq FROM guild_changes WHERE guild_id = @guild AND area = 'players') AS players_seq
  FROM profiles AS p WHERE guild_id = @guild AND user_id = @user ORDER BY id`;

/** List lengths remembered at most, for as many guilds and houses. */
const MAX_LENGTHS = 1_000;

async function anyProfile(client: pg.Pool | pg.PoolClient, guildId: string): Promise<boolean> {
  const rows = await run<{ any: boolean }>(client, 'periods-any', () => ANY, { guild: guildId });
  return rows[0]?.any === true;
}

function pageQuery(guildId: string, view: ChangeView): PageQuery<ProfileCursor> {
  return async (client, after, limit) => {
    const rows = await run<{ change: number; user_id: string; id: number; json: string }>(
      client,
      `periods-page.${changeStatementKey(view, after)}`,
      () => changeRowsSql(view, after, jsonOf, '@limit + 1'),
      { ...changeParameters(guildId, view, after), limit },
    );
    const count = Math.min(rows.length, limit);
    const texts = new Array<string>(count);
    for (let i = 0; i < count; i++) texts[i] = (rows[i] as { json: string }).json;
    const last = rows[count - 1];
    return {
      json: Buffer.from(`[${texts.join(',')}]`),
      count,
      more: rows.length > limit,
      any: count > 0 || (await anyProfile(client, guildId)),
      last: last ? cursorAt(last) : null,
    };
  };
}

export function createPeriodReads(
  pool: pg.Pool,
): Pick<PlayersReader, 'changes' | 'changesSlice' | 'changesSerialized' | 'rank'> {
  const lengths = new Map<string, number>();
  return {
    async changes(guildId, request, view) {
      const after = request?.after;
      const rows = await run<ProfileWithChange & { seg: number }>(
        pool,
        `periods-list.${changeStatementKey(view, after)}`,
        () => changeRowsSql(view, after, () => REST, '@limit'),
        // One row past the page tells whether another page follows.
        { ...changeParameters(guildId, view, after), limit: request ? request.limit + 1 : null },
      );
      const profiles = rows.map(({ seg: _seg, ...row }) => row);
      if (
        profiles.length === 0 &&
        ((!after && view.house === null) || !(await anyProfile(pool, guildId)))
      )
        return null;
      return pageOf(profiles, request, (row) => cursorAt(row));
    },
    async changesSlice(guildId, offset, limit, view) {
      const house = view.house === null ? 'all' : view.house === 'none' ? 'none' : 'house';
      const base = changeParameters(guildId, view, undefined);
      return inTransaction(
        pool,
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
        async (client) => {
          const rows: ProfileWithChange[] = [];
          let skip = offset;
          for (let index = 0; index < armsOf(view).length && rows.length < limit; index++) {
            const shape = `${view.order}.${house}.${index}`;
            let cursor: ProfileCursor | undefined;
            if (rows.length === 0) {
              // The page's start not reached yet: a whole segment before it is counted, not
              // read, and the start is found as the position of the row before it.
              const counted = await run<{ n: number }>(
                client,
                `periods-segment-count.${shape}`,
                () => changeSegmentCountSql(view, index),
                base,
              );
              const size = counted[0]?.n ?? 0;
              if (skip >= size) {
                skip -= size;
                continue;
              }
              if (skip > 0) {
                const at = await run<{ change: number; user_id: string; id: number }>(
                  client,
                  `periods-segment-position.${shape}`,
                  () => changeSegmentPositionSql(view, index),
                  { ...base, skip: skip - 1 },
                );
                cursor = at[0] ? cursorAt(at[0]) : undefined;
              }
              skip = 0;
            }
            const read = await run<ProfileWithChange & { seg: number }>(
              client,
              `periods-segment.${shape}.${cursor ? 'after' : 'start'}`,
              () => changeSegmentSql(view, index, cursor, () => REST, '@limit'),
              { ...changeParameters(guildId, view, cursor), limit: limit - rows.length },
            );
            for (const { seg: _seg, ...row } of read) rows.push(row);
          }
          return rows;
        },
      );
    },
    async changesSerialized(guildId, request, view) {
      const query = pageQuery(guildId, view);
      const { list, any } = request
        ? await readPage(pool, query, request.after, request.limit)
        : await readAll(pool, query);
      return any ? list : null;
    },
    async rank(guildId, userId, view: RankView) {
      const period =
        view.sort === 'change'
          ? { kind: view.period.kind, start: view.period.from }
          : { kind: null, start: null };
      return inTransaction(
        pool,
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
        async (client) => {
          const found = await run<Profile & { change: number; players_seq: number | null }>(
            client,
            'periods-members',
            () => MEMBERS,
            {
              guild: guildId,
              user: userId,
              ...period,
            },
          );
          if (found.length === 0) return null;
          // Valid while the guild's players have not changed: their change number, read in this
          // snapshot, is part of the key. Counting a 50,000-profile guild is as much as the
          // rank's own count, and every member's rank asked it again; after a change the first
          // rank counts the rows after its profile besides those before (rowsAroundSql): the
          // length in the same statement, without a count of its own.
          const seq = found[0]?.players_seq ?? null;
          const key = seq === null ? null : `${guildId}\u0000${view.house ?? ''}\u0000${seq}`;
          let of = key === null ? undefined : lengths.get(key);
          const remember = (length: number) => {
            if (key === null) return;
            if (lengths.size >= MAX_LENGTHS) lengths.clear();
            lengths.set(key, length);
          };
          const ranked: Omit<RankEntry, 'of'>[] = [];
          for (const { change, players_seq: _seq, ...row } of found) {
            const { position, value } = rankPosition(view, row, change);
            if (!inView(view, row)) {
              ranked.push({ id: row.id, rank: null, value });
              continue;
            }
            const parameters =
              view.sort === 'change'
                ? changeParameters(guildId, view, position)
                : listParameters(guildId, view, position);
            if (of !== undefined) {
              const before = await run<{ n: number }>(
                client,
                `periods-${rankStatementKey(view, position)}`,
                () => rowsBeforeSql(view, position),
                parameters,
              );
              ranked.push({ id: row.id, rank: (before[0]?.n ?? 0) + 1, value });
              continue;
            }
            const around = await run<{ n: number; m: number }>(
              client,
              `periods-${aroundStatementKey(view, position)}`,
              () => rowsAroundSql(view, position),
              parameters,
            );
            const n = around[0]?.n ?? 0;
            of = n + 1 + (around[0]?.m ?? 0);
            remember(of);
            ranked.push({ id: row.id, rank: n + 1, value });
          }
          if (of === undefined) {
            // No profile of the member in the list (the house filter): count it.
            const counted = await run<{ n: number }>(
              client,
              `periods-count.${view.house ?? 'all'}`,
              () => countSql(view),
              listParameters(
                guildId,
                { sort: 'user_id', order: 'asc', house: view.house },
                undefined,
              ),
            );
            of = counted[0]?.n ?? 0;
            remember(of);
          }
          const length = of;
          const entries: RankEntry[] = ranked.map((entry) => ({ ...entry, of: length }));
          return entries;
        },
      );
    },
  };
}
