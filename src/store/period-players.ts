import type { PlayersReader } from '../read/service.js';
import type { ProfileCursor, ProfileWithChange, RankEntry } from '../read/types.js';
import type { ChangeView } from '../records/periods.js';
import { type Profile, profile } from '../records/profile.js';
import type { ProfileChangeRow } from '../records/profile-change.js';
import { columnNames } from '../records/record.js';
import {
  type JsonRow,
  type KeysetList,
  type RangeStatement,
  rangeKey,
  readJson,
  readRows,
} from './keyset-lists.js';
import {
  armsOf,
  type ChangeParams,
  changeCode,
  changeParameters,
  changeRangesSql,
  changeSegmentCountSql,
  changeSegmentOf,
  changeSegmentPositionSql,
} from './period-lists.js';
import { ANY_PROFILE, houseCode, listParameters, profileCountSql } from './profile-lists.js';
import {
  inView,
  type RankView,
  rankCode,
  rankPosition,
  reversed,
  rowsAroundSql,
  rowsBeforeSql,
} from './rank-counts.js';
import { Lengths, Sides } from './rank-memory.js';
import type { SqlDb } from './sql/db.js';
import { all, first, type Op } from './sql/op.js';
import { statement, statementFamily } from './sql/statement.js';

/*
 * A period's list by change and a member's rank, on either engine (src/store/period-lists.ts,
 * src/store/rank-counts.ts): pages of rows, pages and whole lists as JSON (keyset-lists.ts), pages
 * numbered by counts, and ranks as sums of index range counts.
 */

/** The profile's columns as `p.column`, but those of `omit`. */
const profileColumns = (omit: string[] = []) =>
  columnNames(profile, omit)
    .map((name) => `p.${name}`)
    .join(', ');

/** The profile's columns but the position ones the list's SQL gives first. */
const REST = profileColumns(['user_id', 'id']);

/** What a position in a period's list is read from. */
type Positioned = Pick<ProfileChangeRow, 'change'> & Pick<Profile, 'user_id' | 'id'>;

const cursorAt = (row: Positioned): ProfileCursor => ({
  sortKey: row.change,
  userId: row.user_id,
  id: row.id,
});

const rowsFamily = statementFamily<ChangeParams, ProfileWithChange & { seg?: number }>();
const jsonFamily = statementFamily<ChangeParams, Positioned & JsonRow>();
const sizeFamily = statementFamily<ChangeParams, { n: number }>();
const positionFamily = statementFamily<ChangeParams & { skip: number }, Positioned>();
/**
 * The number of the guild's players' last change, as `seq`, beside what a rank reads: a rank read
 * statement by statement holds only if each saw the same one (MOVED).
 */
const PLAYERS_SEQ =
  "(SELECT seq FROM guild_changes WHERE guild_id = @guild_id AND area = 'players') AS seq";
type Seen = { seq: number | null };
const beforeFamily = statementFamily<ChangeParams, { n: number } & Seen>();
const aroundFamily = statementFamily<ChangeParams, { n: number; m: number } & Seen>();
const lengthFamily = statementFamily<ChangeParams, { n: number } & Seen>();

const rowsOf =
  (view: ChangeView): RangeStatement<ProfileWithChange & { seg?: number }> =>
  (from, span, cursor) =>
    rowsFamily(rangeKey(changeCode(view), from, span, cursor), () =>
      changeRangesSql(view, from, span, cursor, () => REST, '@limit'),
    );

/**
 * A period's list of one guild, as keyset-lists.ts reads it. Exported for the query-plan check
 * (test/store/periods/plans.test.ts).
 */
export function periodList(
  guildId: string,
  view: ChangeView,
): KeysetList<ProfileCursor, Positioned> {
  return {
    ranges: armsOf(view).length,
    rangeOf: (cursor) => changeSegmentOf(view, cursor),
    params: (cursor) => changeParameters(guildId, view, cursor),
    cursorOf: cursorAt,
    json: (from, span, cursor) =>
      jsonFamily(
        rangeKey(changeCode(view), from, span, cursor),
        () => (d) =>
          changeRangesSql(
            view,
            from,
            span,
            cursor,
            (change) => `${d.jsonObject(profile, 'p', { change })} AS json`,
            '@limit',
          ),
      ),
    any: ANY_PROFILE,
    whole: view.house === null,
  };
}

/**
 * The member's profiles with their change in the period, and the guild's roster as this snapshot
 * sees it (src/records/guild-changes.ts): what a remembered list length is valid for.
 */
const MEMBERS = statement<
  Pick<Profile, 'guild_id' | 'user_id'> & {
    kind: ProfileChangeRow['kind'] | null;
    start: string | null;
  },
  Profile & { change: number; roster: number | null } & Seen
>(
  `SELECT ${profileColumns()}, coalesce((SELECT change FROM profile_changes AS c
     WHERE c.guild_id = p.guild_id AND c.profile_id = p.id AND c.kind = @kind AND c.start = @start), 0) AS change,
     g.roster, g.seq
   FROM profiles AS p LEFT JOIN guild_changes AS g ON g.guild_id = p.guild_id AND g.area = 'players'
   WHERE p.guild_id = @guild_id AND p.user_id = @user_id ORDER BY p.id`,
);

/**
 * A numbered page: the segments before its start (gains, zeros, losses) are counted, not read;
 * the start is the position of the row before it, read on from as after a cursor.
 */
function* changesSlice(
  guildId: string,
  offset: number,
  limit: number,
  view: ChangeView,
): Op<ProfileWithChange[]> {
  const base = changeParameters(guildId, view, undefined);
  const rows: ProfileWithChange[] = [];
  let skip = offset;
  for (let index = 0; index < armsOf(view).length && rows.length < limit; index++) {
    let cursor: ProfileCursor | undefined;
    if (rows.length === 0) {
      const code = changeCode(view) * 3 + index;
      const size = sizeFamily(code, () => changeSegmentCountSql(view, index));
      const segment = (yield* first(size, base))?.n ?? 0;
      if (skip >= segment) {
        skip -= segment;
        continue;
      }
      const position = positionFamily(code, () => changeSegmentPositionSql(view, index));
      const at = skip > 0 ? yield* first(position, { ...base, skip: skip - 1 }) : undefined;
      cursor = at ? cursorAt(at) : undefined;
      skip = 0;
    }
    const read = yield* all(rowsOf(view)(index, 1, cursor !== undefined), {
      ...changeParameters(guildId, view, cursor),
      limit: limit - rows.length,
    });
    for (const row of read) rows.push(row);
  }
  return rows;
}

/** What a rank read statement by statement returns when a write to the guild came between them. */
const MOVED = Symbol('moved');

/** Whether a count saw another number of the players' last change than the rank's first read. */
const movedSince = (seen: number | null, counted: Seen | undefined) =>
  (counted?.seq ?? null) !== seen;

/**
 * A member's rank, in one snapshot or statement by statement: each statement reads the number of
 * the guild's players' last change beside its counts, and the rank holds when every statement saw
 * the one the first saw (no write to the guild's profiles or periods came between them); else it
 * is MOVED, to be read again in one snapshot. On PostgreSQL that saves the snapshot's BEGIN and
 * COMMIT, two of its four round trips, for all but the ranks a write overtakes.
 */
function* rank(
  guildId: string,
  userId: string,
  view: RankView,
  memory: { lengths: Lengths; sides: Sides },
): Op<RankEntry[] | null | typeof MOVED> {
  const { lengths, sides } = memory;
  const period =
    view.sort === 'change'
      ? { kind: view.period.kind, start: view.period.from }
      : { kind: null, start: null };
  const found = yield* all(MEMBERS, { guild_id: guildId, user_id: userId, ...period });
  if (found.length === 0) return null;
  const seen = found[0]?.seq ?? null;
  const key = lengths.key(guildId, view, found[0]?.roster ?? null);
  let of = lengths.get(key);
  const ranked: Omit<RankEntry, 'of'>[] = [];
  for (const { change, roster: _roster, seq: _seq, ...row } of found) {
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
      const side = sides.shorter(guildId, view, position, of);
      const counting = side === 'before' ? view : reversed(view);
      const before = beforeFamily(
        rankCode(counting, position),
        () => (d) => `${rowsBeforeSql(counting, position, d.countBound)}, ${PLAYERS_SEQ}`,
      );
      const counted = yield* first(before, parameters);
      if (movedSince(seen, counted)) return MOVED;
      const n = counted?.n ?? 0;
      const at = side === 'before' ? n + 1 : of - n;
      sides.remember(guildId, view, position, at);
      ranked.push({ id: row.id, rank: at, value });
      continue;
    }
    const code = rankCode(view, position);
    const around = aroundFamily(
      code,
      () => (d) => `${rowsAroundSql(view, position, d.countBound)}, ${PLAYERS_SEQ}`,
    );
    const counted = yield* first(around, parameters);
    if (movedSince(seen, counted)) return MOVED;
    const before = counted?.n ?? 0;
    of = before + 1 + (counted?.m ?? 0);
    lengths.remember(key, of);
    sides.remember(guildId, view, position, before + 1);
    ranked.push({ id: row.id, rank: before + 1, value });
  }
  if (of === undefined) {
    // No profile of the member in the list (the house filter): count it.
    const length = lengthFamily(
      houseCode(view),
      () => `SELECT ${profileCountSql(view.house)} AS n, ${PLAYERS_SEQ}`,
    );
    const counted = yield* first(length, listParameters(guildId, view, undefined));
    if (movedSince(seen, counted)) return MOVED;
    of = counted?.n ?? 0;
    lengths.remember(key, of);
  }
  const length = of;
  return ranked.map((entry) => ({ ...entry, of: length }));
}

export function createPeriodReads(
  db: SqlDb,
): Pick<PlayersReader, 'changes' | 'changesSlice' | 'changesSerialized' | 'rank'> {
  const memory = { lengths: new Lengths(), sides: new Sides() };
  return {
    changes: (guildId, request, view) =>
      readRows(db, periodList(guildId, view), rowsOf(view), request),
    changesSlice: (guildId, offset, limit, view) =>
      db.snapshot(changesSlice(guildId, offset, limit, view)),
    changesSerialized: (guildId, request, view) => readJson(db, periodList(guildId, view), request),
    async rank(guildId, userId, view) {
      const read = await db.read(rank(guildId, userId, view, memory));
      if (read !== MOVED) return read;
      const again = await db.snapshot(rank(guildId, userId, view, memory));
      if (again === MOVED) throw new Error('A rank read in one snapshot saw two states');
      return again;
    },
  };
}
