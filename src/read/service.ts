import type { Database } from '../store/database.js';
import { createJobsReader, type JobsReader } from './jobs.js';
import { createPlayersReader, type PlayersReader } from './players.js';
import { createPointsReader, type PointsReader } from './points.js';
import { createPremiumReader, type PremiumReader } from './premium.js';

/**
 * The one query path of housecup: the HTTP API and the Discord bot both read through it.
 * It is async and free of SQLite types, so another store (PostgreSQL) can stand behind it.
 * A `null` answer means "none": the presenters decide what that looks like.
 */
export interface ReadService {
  players: PlayersReader;
  points: PointsReader;
  jobs: JobsReader;
  premium: PremiumReader;
  /** A token that changes whenever the data may have changed: what caches key on. */
  generation(): string;
}

export interface ReadServiceOptions {
  /** The clock premium expiry is judged by; tests set it. */
  now?: () => Date;
}

export function createReadService(db: Database, options: ReadServiceOptions = {}): ReadService {
  return {
    players: createPlayersReader(db),
    points: createPointsReader(db),
    jobs: createJobsReader(db),
    premium: createPremiumReader(db, options.now ?? (() => new Date())),
    generation: db.generation,
  };
}
