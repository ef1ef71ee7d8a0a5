import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
} from 'drizzle-orm/sqlite-core';

/*
 * Profile and job ids are scoped to their guild (composite keys), so that an import or export
 * of one guild never collides with the ids of another.
 */

export const jobs = sqliteTable(
  'jobs',
  {
    guildId: text('guild_id').notNull(),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    salary: integer('salary').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.guildId, t.id] }),
    check('jobs_salary_non_negative', sql`${t.salary} >= 0`),
  ],
);

export const profiles = sqliteTable(
  'profiles',
  {
    guildId: text('guild_id').notNull(),
    id: integer('id').notNull(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    house: text('house', {
      enum: ['gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'],
    }),
    year: integer('year'),
    jobId: integer('job_id'),
    galleons: integer('galleons').notNull().default(0),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guildId, t.id] }),
    // The list order of the API (user_id, then id) is this index's order: a list is a range scan.
    index('profiles_guild_user_id').on(t.guildId, t.userId, t.id),
    // Serves the per-job head counts, and the foreign-key check when a guild's jobs are replaced.
    index('profiles_guild_job').on(t.guildId, t.jobId),
    foreignKey({
      name: 'profiles_job_fk',
      columns: [t.guildId, t.jobId],
      foreignColumns: [jobs.guildId, jobs.id],
    }),
    check(
      'profiles_house_known',
      sql`${t.house} IS NULL OR ${t.house} IN ('gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff')`,
    ),
    check('profiles_galleons_non_negative', sql`${t.galleons} >= 0`),
    check('profiles_year_range', sql`${t.year} IS NULL OR ${t.year} BETWEEN 1 AND 7`),
  ],
);

export const housePoints = sqliteTable('house_points', {
  guildId: text('guild_id').primaryKey(),
  gryffindor: integer('gryffindor').notNull().default(0),
  slytherin: integer('slytherin').notNull().default(0),
  ravenclaw: integer('ravenclaw').notNull().default(0),
  hufflepuff: integer('hufflepuff').notNull().default(0),
});

export const premium = sqliteTable('premium', {
  guildId: text('guild_id').primaryKey(),
  /** ISO 8601 instant, or null for premium without expiry. */
  expiresAt: text('expires_at'),
});

export const apiKeys = sqliteTable('api_keys', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().default(''),
  /** Hex SHA-256 of the whole key; the key itself is never stored. */
  digest: text('digest').notNull().unique(),
  /** The first characters of the key, so an operator can tell keys apart in `keys list`. */
  hint: text('hint').notNull(),
  /** JSON array of guild ids, or null for a key that reads every guild. */
  guilds: text('guilds', { mode: 'json' }).$type<string[] | null>(),
  /** Requests per minute for this key; null = the server's default, 0 = unlimited. */
  rateLimit: integer('rate_limit'),
  createdAt: text('created_at').notNull(),
  lastUsedAt: text('last_used_at'),
  revokedAt: text('revoked_at'),
});
