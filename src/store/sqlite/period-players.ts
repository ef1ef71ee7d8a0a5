import type { Statement } from 'better-sqlite3';
import { EMPTY_ARRAY } from '../../read/json-list.js';
import { type PlayersReader, pageOf } from '../../read/service.js';
import type { ProfileCursor, ProfileWithChange, RankEntry } from '../../read/types.js';
import type { ChangeView } from '../../records/periods.js';
import { type Profile, profile } from '../../records/profile.js';
import { columnList, columnNames } from '../../records/record.js';
import {
  armsOf,
  changeParameters,
  changeSegmentCountSql,
  changeSegmentOf,
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
import type { Database } from './database.js';
import { type KeysetSource, readAll, readPage } from './keyset.js';

/*
 * SQLite's reads of a period's list by change and of a member's rank (src/store/period-lists.ts,
 * src/store/rank-counts.ts). A list is read segment after segment, each one range of one index
 * (as players.ts reads year's two), in one read transaction for a page; a whole list in chunks
 * with the event loop free between them (keyset.ts), as the other lists are.
 */

type Parameters = Record<string, string | number | null>;

/** List lengths remembered at most, for as many guilds and houses. */
const MAX_LENGTHS = 1_000;

/** The profile's columns but the position ones the segment's SQL gives first. */
const REST = columnNames(profile)
  .filter((name) => name !== 'user_id' && name !== 'id')
  .map((name) => `p.${name}`)
  .join(', ');
const jsonOf = (change: string) =>
  `json_object(${columnNames(profile)
    .map((name) => `'${name}', p.${name}`)
    .join(', ')}, 'change', ${change}) AS json`;

interface Positioned {
  change: number;
  user_id: string;
  id: number;
}

const cursorAt = (row: Positioned): ProfileCursor => ({
  sortKey: row.change,
  userId: row.user_id,
  id: row.id,
});

export function createPeriodReads(
  db: Database,
): Pick<PlayersReader, 'changes' | 'changesSlice' | 'changesSerialized' | 'rank'> {
  const { sqlite } = db;
  const statements = new Map<string, Statement<[Parameters]>>();
  const statement = (name: string, text: () => string) => {
    let prepared = statements.get(name);
    if (!prepared) {
      prepared = sqlite.prepare<[Parameters]>(text());
      statements.set(name, prepared);
    }
    return prepared;
  };
  const segmentOf = <T>(
    kind: 'rows' | 'json',
    view: ChangeView,
    index: number,
    cursor: ProfileCursor | undefined,
  ) =>
    statement(
      `${kind}:${changeStatementKey(view, undefined)}.${index}.${cursor ? 'after' : 'start'}`,
      () => changeSegmentSql(view, index, cursor, kind === 'rows' ? () => REST : jsonOf, '@limit'),
    ) as Statement<[Parameters], T & Positioned & { seg: number }>;
  const beforeOf = (view: RankView, position: ProfileCursor) =>
    statement(rankStatementKey(view, position), () =>
      rowsBeforeSql(view, position, 'split'),
    ).pluck() as Statement<[Parameters], number>;
  const aroundOf = (view: RankView, position: ProfileCursor) =>
    statement(aroundStatementKey(view, position), () =>
      rowsAroundSql(view, position, 'split'),
    ) as Statement<[Parameters], { n: number; m: number }>;
  const house = (view: ChangeView) =>
    view.house === null ? 'all' : view.house === 'none' ? 'none' : 'house';
  const segmentCount = (view: ChangeView, index: number) =>
    statement(`segment-count:${view.order}.${house(view)}.${index}`, () =>
      changeSegmentCountSql(view, index),
    ).pluck() as Statement<[Parameters], number>;
  const positionOf = (view: ChangeView, index: number) =>
    statement(`segment-position:${view.order}.${house(view)}.${index}`, () =>
      changeSegmentPositionSql(view, index),
    ) as Statement<[Parameters], Positioned>;
  const countOf = (view: RankView) =>
    statement(`count:${view.house ?? 'all'}`, () => countSql(view)).pluck() as Statement<
      [Parameters],
      number
    >;
  const any = sqlite
    .prepare<[string], number>('SELECT 1 FROM profiles WHERE guild_id = ? LIMIT 1')
    .pluck();
  // With the number of the guild's last change of its players as this snapshot sees it: what a
  // remembered list length is valid for.
  const members = sqlite.prepare<
    [Parameters],
    Profile & { change: number; players_seq: number | null }
  >(
    `SELECT ${columnList(profile)}, coalesce((SELECT change FROM profile_changes AS c
       WHERE c.guild_id = p.guild_id AND c.profile_id = p.id AND c.kind = @kind AND c.start = @start), 0) AS change,
       (SELECT seq FROM guild_changes WHERE guild_id = @guild AND area = 'players') AS players_seq
     FROM profiles AS p WHERE guild_id = @guild AND user_id = @user ORDER BY id`,
  );
  const snapshot = <T>(work: () => T): T => sqlite.transaction(work)();
  // A list's length, per guild and house filter, while the guild's players have not changed:
  // counting a 50,000-profile guild reads its 50,000 index entries, and every member's rank
  // asks it again. After a change the first rank counts the rows after its profile besides those
  // before it (rowsAroundSql): the length without a count of its own.
  const lengths = new Map<string, number>();
  const lengthKey = (guildId: string, view: RankView, seq: number | null) =>
    seq === null ? null : `${guildId}\u0000${view.house ?? ''}\u0000${seq}`;
  const remember = (key: string | null, length: number) => {
    if (key === null) return;
    if (lengths.size >= MAX_LENGTHS) lengths.clear();
    lengths.set(key, length);
  };
  const noneIn = (guildId: string, after: ProfileCursor | undefined, view: ChangeView) =>
    (!after && view.house === null) || any.get(guildId) === undefined;

  /** Up to `limit` rows (-1: all) after `after`, segment after segment, in list order. */
  const read = <T>(
    kind: 'rows' | 'json',
    guildId: string,
    view: ChangeView,
    after: ProfileCursor | undefined,
    limit: number,
  ) => {
    const rows: (T & Positioned & { seg: number })[] = [];
    const first = after ? changeSegmentOf(view, after) : 0;
    for (let index = first; index < armsOf(view).length; index++) {
      if (limit >= 0 && rows.length >= limit) break;
      const cursor = index === first ? after : undefined;
      rows.push(
        ...segmentOf<T>(kind, view, index, cursor).all({
          ...changeParameters(guildId, view, cursor),
          limit: limit < 0 ? -1 : limit - rows.length,
        }),
      );
    }
    return rows;
  };

  const source = (guildId: string, view: ChangeView): KeysetSource<ProfileCursor> => ({
    chunk(after, limit) {
      const rows = read<{ json: string }>('json', guildId, view, after, limit);
      const last = rows.at(-1);
      const json =
        rows.length === 0 ? EMPTY_ARRAY : Buffer.from(`[${rows.map((row) => row.json).join(',')}]`);
      return {
        json,
        count: rows.length,
        last: last && rows.length === limit ? cursorAt(last) : null,
      };
    },
    hasAfter(after) {
      return read('json', guildId, view, after, 1).length > 0;
    },
    snapshot,
    // Exact: a chunked read must see every commit made between its chunks.
    generation: db.exactGeneration,
  });

  return {
    async changes(guildId, request, view) {
      const after = request?.after;
      // One row past the page tells whether another page follows.
      const rows = snapshot(() =>
        read<ProfileWithChange>('rows', guildId, view, after, request ? request.limit + 1 : -1),
      );
      if (rows.length === 0 && noneIn(guildId, after, view)) return null;
      const profiles = rows.map(({ seg: _seg, ...row }) => row);
      return pageOf(profiles, request, (row) => cursorAt(row));
    },
    async changesSlice(guildId, offset, limit, view) {
      return snapshot(() => {
        const base = changeParameters(guildId, view, undefined);
        const rows: ProfileWithChange[] = [];
        let skip = offset;
        for (let index = 0; index < armsOf(view).length && rows.length < limit; index++) {
          let cursor: ProfileCursor | undefined;
          if (rows.length === 0) {
            // The page's start not reached yet: a whole segment before it is counted, not read,
            // and the start is found as the position of the row before it, read on from.
            const size = segmentCount(view, index).get(base) ?? 0;
            if (skip >= size) {
              skip -= size;
              continue;
            }
            const at =
              skip > 0 ? positionOf(view, index).get({ ...base, skip: skip - 1 }) : undefined;
            cursor = at ? cursorAt(at) : undefined;
            skip = 0;
          }
          const read = segmentOf<ProfileWithChange>('rows', view, index, cursor).all({
            ...changeParameters(guildId, view, cursor),
            limit: limit - rows.length,
          });
          for (const { seg: _seg, ...row } of read) rows.push(row);
        }
        return rows;
      });
    },
    async changesSerialized(guildId, request, view) {
      const result = request
        ? readPage(source(guildId, view), request.after, request.limit)
        : await readAll(source(guildId, view));
      return result.count === 0 && noneIn(guildId, request?.after, view) ? null : result;
    },
    async rank(guildId, userId, view) {
      const period =
        view.sort === 'change'
          ? { kind: view.period.kind, start: view.period.from }
          : { kind: null, start: null };
      return snapshot((): RankEntry[] | null => {
        const found = members.all({ guild: guildId, user: userId, ...period });
        if (found.length === 0) return null;
        const key = lengthKey(guildId, view, found[0]?.players_seq ?? null);
        let of = key === null ? undefined : lengths.get(key);
        const ranked = found.map(({ change, players_seq: _seq, ...row }) => {
          const { position, value } = rankPosition(view, row, change);
          if (!inView(view, row)) return { id: row.id, rank: null, value };
          const parameters =
            view.sort === 'change'
              ? changeParameters(guildId, view, position)
              : listParameters(guildId, view, position);
          if (of !== undefined) {
            return { id: row.id, rank: (beforeOf(view, position).get(parameters) ?? 0) + 1, value };
          }
          const { n, m } = aroundOf(view, position).get(parameters) ?? { n: 0, m: 0 };
          of = n + 1 + m;
          remember(key, of);
          return { id: row.id, rank: n + 1, value };
        });
        if (of === undefined) {
          // No profile of the member in the list (the house filter): count it.
          of =
            countOf(view).get(
              listParameters(
                guildId,
                { sort: 'user_id', order: 'asc', house: view.house },
                undefined,
              ),
            ) ?? 0;
          remember(key, of);
        }
        const length = of;
        return ranked.map((entry) => ({ ...entry, of: length }));
      });
    },
  };
}
