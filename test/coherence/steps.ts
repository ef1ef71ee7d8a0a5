/*
 * The steps a coherence sequence is made of, as plain data: what fast-check generates, what a
 * failure prints, and what a regression test writes down by hand. Each names what it writes
 * and who writes it; test/coherence/apply.ts carries them out.
 */

/** The guilds a sequence writes and watches (two, so that a write to one must leave the other). */
export const GUILDS = { A: '100000000000000001', B: '100000000000000002' } as const;
export type GuildName = keyof typeof GUILDS;
export const GUILD_NAMES = Object.keys(GUILDS) as GuildName[];

/** gryffindor, slytherin, ravenclaw, hufflepuff. */
export type Four = readonly [number, number, number, number];

/**
 * Who writes: the server's own store handle (as a CLI in the same process would), or a second
 * handle on the same database (another process or node).
 */
export type Writer = 'server' | 'other';

/** A profile of an import, from a small pool, so that re-imports meet the same members. */
export interface PlayerSpec {
  /** One of three members. */
  user: number;
  /** One of two names per member. */
  name: number;
  galleons: number;
  /** 0–3 a house, 4 none. */
  house: number;
  /** Index into the file's jobs, or null. */
  job: number | null;
}

export interface JobSpec {
  /** One of three names. */
  name: number;
  salary: number;
}

/** Premium as an import or a write gives it: none, no expiry, long expired, far ahead. */
export type PremiumSpec = 'none' | 'forever' | 'expired' | 'future';

/**
 * A file's history: entries one hour apart, the last one an hour before the step; null entries
 * are instants the guild had no points.
 */
export type HistorySpec = readonly (Four | null)[];

/** How an exported file is changed before it goes back in. */
export type Edit =
  | { edit: 'none' }
  | { edit: 'points'; house: number; by: number }
  | { edit: 'removePoints' }
  | { edit: 'rename'; player: number; to: string }
  | { edit: 'job'; job: number; salary: number }
  | { edit: 'history'; history: HistorySpec | 'absent' };

/** A statement of the game's own, on a connection of its own. */
export type SqlWrite =
  | { table: 'house_points'; write: 'insertIfAbsent' | 'upsert'; points: Four }
  | { table: 'house_points'; write: 'add'; house: number; by: number }
  | { table: 'house_points'; write: 'sameValues' | 'delete' }
  | { table: 'profiles'; write: 'insert'; user: number; galleons: number }
  | { table: 'profiles'; write: 'addGalleons'; by: number }
  | { table: 'profiles'; write: 'sameValues' | 'deleteOne' | 'deleteAll' }
  | { table: 'jobs'; write: 'insert'; salary: number }
  | { table: 'jobs'; write: 'addSalary'; by: number }
  | { table: 'jobs'; write: 'sameValues' | 'deleteUnheld' }
  | { table: 'premium'; write: 'upsert'; premium: Exclude<PremiumSpec, 'none'> }
  | { table: 'premium'; write: 'sameValues' | 'delete' };

export type Step = (
  | {
      step: 'import';
      guild: GuildName;
      writer: Writer;
      points: Four | null;
      players: PlayerSpec[];
      jobs: JobSpec[];
      premium: PremiumSpec;
      /** Absent: the file has no `history` key. */
      history?: HistorySpec;
    }
  /** `export --guild G`, the edit, `import` of the edited file. */
  | { step: 'reimport'; guild: GuildName; writer: Writer; edit: Edit }
  | { step: 'sql'; guild: GuildName; sql: SqlWrite }
  /** `copy --to <the other store> --replace`, then the copy is read and compared. */
  | { step: 'copyOut' }
  /** The last copy (made now if none) copied back with --replace: an older state restored. */
  | { step: 'copyIn' }
  /** The store copied out, the guild's data edited there by an import, copied back with --replace. */
  | { step: 'copyBack'; guild: GuildName; edit: Edit }
  | { step: 'publish' | 'unpublish'; guild: GuildName }
  | { step: 'keyCreate' | 'keyRevoke' }
) & {
  /**
   * Waits for the start of a whole second first, so that the step and the reads after it fall
   * in the same second (a regression of what a second's boundary hides; never generated).
   */
  atSecondStart?: true;
};
