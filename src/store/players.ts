import type { PlayersReader } from '../read/service.js';
import type { ProfileCursor } from '../read/types.js';
import { type Profile, profile } from '../records/profile.js';
import { DEFAULT_VIEW, type ProfileView } from '../records/profile-order.js';
import { columnList } from '../records/record.js';
import {
  type JsonArray,
  type JsonRow,
  type KeysetList,
  type RangeStatement,
  rangeKey,
  readJson,
  readRows,
  withoutSeg,
} from './keyset-lists.js';
import { createPeriodReads } from './period-players.js';
import {
  ANY_PROFILE,
  countProfiles,
  cursorOf,
  type ListParams,
  listParameters,
  positionColumns,
  rangesSql,
  segmentCount,
  segmentIndexOf,
  segmentOrder,
  viewCode,
} from './profile-lists.js';
import type { SqlDb } from './sql/db.js';
import { all } from './sql/op.js';
import { statement, statementFamily } from './sql/statement.js';

/*
 * The guild's profiles, on either engine: sorted and filtered lists (profile-lists.ts) as pages
 * of rows, pages and whole lists as JSON (keyset-lists.ts), numbered pages, counts, and a member's
 * profiles. A period's lists and the ranks are period-players.ts'.
 */

const COLUMNS = columnList(profile);

/** What a position in a list is read from. */
type Position = Pick<Profile, 'user_id' | 'id'> & Partial<Profile>;

const rowsFamily = statementFamily<ListParams, Profile & { seg?: number }>();
const jsonFamily = statementFamily<ListParams, Position & JsonRow>();
const arrayFamily = statementFamily<ListParams, JsonArray>();
const nthFamily = statementFamily<ListParams, Position>();
const sliceFamily = statementFamily<
  ListParams & { offset: number; limit: number; end: number },
  Profile & { seg?: number }
>();

/** The rows of a view's ranges, as profiles. */
const rowsOf =
  (view: ProfileView): RangeStatement<Profile & { seg?: number }> =>
  (from, span, cursor) =>
    rowsFamily(rangeKey(viewCode(view), from, span, cursor), () =>
      rangesSql(view, from, span, cursor, COLUMNS, '@limit'),
    );

/**
 * A view's list of one guild, as keyset-lists.ts reads it. Exported for the query-plan check
 * (test/store/list-plans.test.ts).
 */
export function profileList(
  guildId: string,
  view: ProfileView,
): KeysetList<ProfileCursor, Position> {
  // Up to @limit rows of one segment, for the statements that wrap it.
  const segment = (range: number, cursor: boolean) =>
    rangesSql(view, range, 1, cursor, COLUMNS, '@limit');
  return {
    ranges: segmentCount(view),
    rangeOf: (cursor) => segmentIndexOf(view, cursor),
    params: (cursor) => listParameters(guildId, view, cursor),
    cursorOf: (row) => cursorOf(view, row),
    json: (from, span, cursor) =>
      jsonFamily(rangeKey(viewCode(view), from, span, cursor), () => (d) => {
        const select = `${d.jsonObject(profile)} AS json, ${positionColumns(view)}`;
        return rangesSql(view, from, span, cursor, select, '@limit');
      }),
    arrays: {
      // The sub-select's order is the array's: SQLite runs it as a co-routine feeding the
      // aggregate row by row (its LIMIT keeps it from being flattened).
      array: (range, cursor) =>
        arrayFamily(
          rangeKey(viewCode(view), range, 1, cursor),
          () => (d) =>
            `SELECT ${d.jsonArray(d.jsonObject(profile), segmentOrder(view))} AS json,
               count(*) AS count FROM (${segment(range, cursor)}) AS page`,
        ),
      nth: (range, cursor) =>
        nthFamily(
          rangeKey(viewCode(view), range, 1, cursor),
          () =>
            `SELECT ${positionColumns(view)} FROM (${segment(range, cursor)}) AS page
             LIMIT 1 OFFSET @offset`,
        ),
    },
    any: ANY_PROFILE,
    whole: view.house === null,
  };
}

const OF_MEMBER = statement<Pick<Profile, 'guild_id' | 'user_id'>, Profile>(
  `SELECT ${COLUMNS} FROM profiles WHERE guild_id = @guild_id AND user_id = @user_id ORDER BY id`,
);
/** Numbered pages: the view's index gives the order, so OFFSET steps over index entries only. */
const sliceOf = (view: ProfileView) =>
  sliceFamily(viewCode(view), () =>
    rangesSql(view, 0, segmentCount(view), false, COLUMNS, '@limit', {
      skip: '@offset',
      end: '@end',
    }),
  );

export function createPlayersReader(db: SqlDb): PlayersReader {
  const ofMember: PlayersReader['ofMember'] = async (guildId, userId) => {
    const rows = await db.read(all(OF_MEMBER, { guild_id: guildId, user_id: userId }));
    return rows.length > 0 ? rows : null;
  };
  return {
    ...createPeriodReads(db),
    list: (guildId, request, view = DEFAULT_VIEW) =>
      readRows(db, profileList(guildId, view), rowsOf(view), request),
    ofMember,
    listSerialized: (guildId, request, view = DEFAULT_VIEW) =>
      readJson(db, profileList(guildId, view), request),
    // A member has a profile or a few: stringified here, where SQLite building the JSON cost
    // twice as much (docs/performance.md, "How the answers are made fast"). The same bytes: the
    // record's fields in its order, as the lists' JSON (test/read/serialized-lists.test.ts).
    async ofMemberSerialized(guildId, userId) {
      const rows = await ofMember(guildId, userId);
      return rows && { json: [Buffer.from(JSON.stringify(rows))], count: rows.length, next: null };
    },
    count: (guildId, house = null) => db.read(countProfiles(guildId, house)),
    async slice(guildId, offset, limit, view = DEFAULT_VIEW) {
      const rows = await db.read(
        all(sliceOf(view), {
          ...listParameters(guildId, view, undefined),
          offset,
          limit,
          end: offset + limit,
        }),
      );
      return withoutSeg<Profile>(rows);
    },
  };
}
