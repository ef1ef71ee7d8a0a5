import type { ChangeArea } from '../records/guild-changes.js';
import type { HousePoints } from '../records/house-points.js';
import type { Job } from '../records/job.js';
import type { ChangeView } from '../records/periods.js';
import type { HistoryEntry, Standings } from '../records/points-history.js';
import type { LedgerEntry } from '../records/points-ledger.js';
import type { Profile } from '../records/profile.js';
import type { HouseFilter, ProfileView } from '../records/profile-order.js';
import type { Term } from '../records/terms.js';
import type { SerializedList } from './json-list.js';
import type {
  JobCursor,
  JobWithHolders,
  LedgerCursor,
  LedgerFilter,
  Page,
  PageRequest,
  PremiumStatus,
  ProfileCursor,
  ProfileWithChange,
  RankEntry,
  TermCursor,
} from './types.js';

/*
 * The one query path of housecup: the HTTP API and the Discord bot both read through it. Each
 * store (src/store/sqlite, src/store/postgres) implements it; nothing here knows SQL, HTTP or
 * Discord. A `null` answer means "none": the presenters decide what that looks like.
 */

/*
 * Profile lists take a view (records/profile-order.ts): its sort, order and house filter; without
 * one, the list of section 2 (by user id, then id). Null means the guild has no profile at all:
 * a filter that matches nothing on a guild with profiles is an empty list, not null.
 */
export interface PlayersReader {
  /** The guild's profiles in the view's order; null when the guild has none. */
  list(
    guildId: string,
    page?: PageRequest<ProfileCursor>,
    view?: ProfileView,
  ): Promise<Page<Profile, ProfileCursor> | null>;
  /** Every profile of one member on the guild; null when the member has none. */
  ofMember(guildId: string, userId: string): Promise<Profile[] | null>;
  /** `list`, serialized as a JSON array by the store. */
  listSerialized(
    guildId: string,
    page?: PageRequest<ProfileCursor>,
    view?: ProfileView,
  ): Promise<SerializedList<ProfileCursor> | null>;
  /** `ofMember`, serialized as a JSON array by the store. */
  ofMemberSerialized(guildId: string, userId: string): Promise<SerializedList<never> | null>;
  /** How many profiles the guild has (0 when none), in one house when `house` is given. */
  count(guildId: string, house?: HouseFilter | null): Promise<number>;
  /**
   * Up to `limit` profiles from position `offset` of the `list` order (of `view`): what a
   * numbered page needs, without reading the profiles before or after it.
   */
  slice(guildId: string, offset: number, limit: number, view?: ProfileView): Promise<Profile[]>;
  /**
   * The guild's profiles by their galleons change in the view's period (records/periods.ts):
   * every profile, those without a change counting 0; null when the guild has none. The view
   * names the period by its bounds, so a cache keyed by the view (changeViewKey) holds the
   * period: "this week" read after the week rolled over is another key.
   */
  changes(
    guildId: string,
    page: PageRequest<ProfileCursor> | undefined,
    view: ChangeView,
  ): Promise<Page<ProfileWithChange, ProfileCursor> | null>;
  /**
   * Up to `limit` profiles from position `offset` of the period's list (`changes`' order), each
   * with its change: what a numbered page needs, placed by counts of the list's segments rather
   * than by reading the pages before it.
   */
  changesSlice(
    guildId: string,
    offset: number,
    limit: number,
    view: ChangeView,
  ): Promise<ProfileWithChange[]>;
  /** `changes`, serialized as a JSON array by the store (each profile with its `change`). */
  changesSerialized(
    guildId: string,
    page: PageRequest<ProfileCursor> | undefined,
    view: ChangeView,
  ): Promise<SerializedList<ProfileCursor> | null>;
  /**
   * Where each profile of a member stands in the list `view` names (a sorted list, or a
   * period's list by change), in id order: counted in the store by index ranges, one snapshot.
   * Null when the member has no profile on the guild.
   */
  rank(
    guildId: string,
    userId: string,
    view: ProfileView | ChangeView,
  ): Promise<RankEntry[] | null>;
}

export interface JobsReader {
  /** The guild's jobs by id; null when the guild has none. */
  list(guildId: string, page?: PageRequest<JobCursor>): Promise<Page<Job, JobCursor> | null>;
  /** `list`, serialized as a JSON array by the store. */
  listSerialized(
    guildId: string,
    page?: PageRequest<JobCursor>,
  ): Promise<SerializedList<JobCursor> | null>;
  /** The guild's jobs by id, each with how many profiles hold it; null when none. */
  withHolders(guildId: string): Promise<JobWithHolders[] | null>;
  /** How many jobs the guild has (0 when none). */
  count(guildId: string): Promise<number>;
}

export interface PointsReader {
  /** The four houses' points; null when the guild has no house points. */
  get(guildId: string): Promise<HousePoints | null>;
}

export interface PointsHistoryReader {
  /**
   * The guild's recorded standings after `from` up to `to` (inclusive), oldest first, preceded
   * by the last one at or before `from` when there is one: all a series from `from` needs.
   * Instants are ISO 8601 in UTC with milliseconds (`YYYY-MM-DDTHH:MM:SS.sssZ`).
   */
  between(guildId: string, from: string, to: string): Promise<HistoryEntry[]>;
  /**
   * The guild's standings as they stood at each instant (the last row at or before it), null
   * before its first row: one indexed lookup per instant, however many rows lie between them
   * (a year of hourly changes is 8,760 rows; a year by the day asks for 366 of them).
   */
  standingsAt(guildId: string, instants: readonly string[]): Promise<(Standings | null)[]>;
  /** When the guild's recorded history begins (its oldest row's instant); null without one. */
  firstAt(guildId: string): Promise<string | null>;
}

/**
 * A guild's ledger (records/points-ledger.ts): every change of its houses' points, who made it and
 * why, newest first.
 */
export interface LedgerReader {
  /** A page of the guild's entries that `filter` keeps, newest first; an empty page when none. */
  list(
    guildId: string,
    page: PageRequest<LedgerCursor>,
    filter?: LedgerFilter,
  ): Promise<Page<LedgerEntry, LedgerCursor>>;
}

/**
 * A guild's terms (records/terms.ts): the hall of cups and the open term. Each term comes with
 * its standings (what each house gained in it: to its end, or now while it is open), its totals
 * (the points at its end, or now) and, once ended, its winners, read in one snapshot.
 */
export interface TermsReader {
  /** The guild's terms, newest first (by id); an empty page when it has none. */
  list(guildId: string, page?: PageRequest<TermCursor>): Promise<Page<Term, TermCursor>>;
  /** One term of the guild; null when the guild has no term with that id. */
  get(guildId: string, id: number): Promise<Term | null>;
  /** The guild's open term; null when none is open. */
  open(guildId: string): Promise<Term | null>;
  /**
   * The term that held `at` (ISO 8601 UTC with milliseconds): started at or before it, and
   * ended after it or still open; null when none did.
   */
  containing(guildId: string, at: string): Promise<Term | null>;
}

/** One guild's area as guild_changes holds it: the number of its last committed change. */
export interface GuildChange {
  guildId: string;
  area: ChangeArea;
  seq: number;
}

/** The changes a reader past a cursor gets, and the cursor to read on from. */
interface ChangesPage {
  /** Each guild's area changed past the cursor, once, with its latest number, by number. */
  changes: GuildChange[];
  /** Where the next read starts: opaque, kept by the reader (in the store, for webhooks). */
  cursor: string;
}

/**
 * The one record of what changed (guild_changes, src/records/guild-changes.ts), as readers of
 * changes need it: the live events, and whatever follows changes past a cursor.
 */
export interface ChangesReader {
  /** The number of the last committed change of each of the guild's areas (0: none yet). */
  of(guildId: string): Promise<Record<ChangeArea, number>>;
  /**
   * The guilds' areas changed since `cursor` (null: since the beginning), at most `limit` of them,
   * and the cursor after them. Safe on both stores: a change committed after a read is never behind
   * the cursor that read gives, whatever the order in which transactions that overlapped took their
   * numbers (docs/decisions.md, "One record of what changed"). A change may come twice
   * (after the cursor's numbers started again, a new epoch), never not at all, unless a later
   * change of the same guild's area stands for it.
   */
  since(cursor: string | null, limit?: number): Promise<ChangesPage>;
}

/** A guild's public page as it chose it. */
interface Publication {
  /** Its heading; null for the default. */
  title: string | null;
}

export interface PublicationReader {
  /** Whether the guild chose a public scoreboard page: nothing is public by default. */
  isPublished(guildId: string): Promise<boolean>;
  /** The guild's page, or null when it is not published. */
  get(guildId: string): Promise<Publication | null>;
}

export interface PremiumReader {
  /** Always answers: premium is a yes/no question, never "not found". */
  get(guildId: string): Promise<PremiumStatus>;
}

export interface ReadService {
  players: PlayersReader;
  points: PointsReader;
  pointsHistory: PointsHistoryReader;
  ledger: LedgerReader;
  jobs: JobsReader;
  premium: PremiumReader;
  publication: PublicationReader;
  terms: TermsReader;
  changes: ChangesReader;
  /**
   * A token that changes whenever the guild's data may have changed (a commit by this process,
   * another process, or another node): what caches key on.
   */
  generation(guildId: string): string;
}

/** Premium's state from its stored expiry (`undefined`: no record). */
export function premiumStatus(expiresAt: string | null | undefined, now: Date): PremiumStatus {
  if (expiresAt === undefined) return { state: 'none', expiresAt: null };
  if (expiresAt === null) return { state: 'active', expiresAt: null };
  const active = Date.parse(expiresAt) > now.getTime();
  return { state: active ? 'active' : 'expired', expiresAt };
}

/** Splits the rows of a page read one past its end: the page, and where the next one starts. */
export function pageOf<T, C>(
  rows: T[],
  request: PageRequest<C> | undefined,
  cursorOf: (row: T) => C,
): Page<T, C> {
  if (!request || rows.length <= request.limit) return { items: rows, next: null };
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  return { items, next: last ? cursorOf(last) : null };
}
