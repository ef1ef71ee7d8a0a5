/*
 * PostgreSQL's side of the periods' changes (src/records/profile-change.ts), doing what SQLite's
 * triggers do (src/store/sqlite/period-triggers.ts) for every writer:
 * - an UPDATE that moves a profile's galleons adds NEW − OLD to the profile's rows of the week
 *   and the month containing the statement's time (statement_timestamp(), UTC), and of the
 *   guild's open term when it has one (kind `term`, from the term's start), inserting or
 *   deleting a row as its change leaves or returns to 0; the WHEN clause keeps every other write
 *   from calling the function at all;
 * - an INSERT does nothing (a new profile starts at 0);
 * - a changed house or user_id is written into all the profile's rows;
 * - a DELETE (statement-level, one statement for an import's thousands of rows), a TRUNCATE, or
 *   a profile moved to another guild or id removes the profile's rows.
 * Row triggers for UPDATE: the game writes one profile per statement, and a row trigger that
 * its WHEN clause skips costs nothing, where a statement trigger would join the transition
 * tables for every statement. drizzle/postgres/0009_profile_changes.sql and 0011_terms.sql hold
 * these written out,
 * and test/store/period-triggers-migration.test.ts holds that file to this module.
 */

/** The start of the current period of each kind, from the statement's time. */
export const PERIOD_STARTS = {
  week: `date_trunc('week', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
  month: `date_trunc('month', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
} as const;

export const PERIOD_FUNCTIONS: readonly string[] = [
  `CREATE FUNCTION housecup_period_gain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_changes AS c (guild_id, profile_id, user_id, kind, start, house, change)
  SELECT NEW.guild_id, NEW.id, NEW.user_id, 'week', ${PERIOD_STARTS.week}, NEW.house, NEW.galleons - OLD.galleons
  UNION ALL SELECT NEW.guild_id, NEW.id, NEW.user_id, 'month', ${PERIOD_STARTS.month}, NEW.house, NEW.galleons - OLD.galleons
  UNION ALL SELECT NEW.guild_id, NEW.id, NEW.user_id, 'term', t.started_at, NEW.house, NEW.galleons - OLD.galleons
    FROM terms AS t WHERE t.guild_id = NEW.guild_id AND t.ended_at IS NULL
  ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE
    SET change = c.change + excluded.change;
  DELETE FROM profile_changes WHERE guild_id = NEW.guild_id AND profile_id = NEW.id AND change = 0;
  RETURN NULL;
END $$;`,
  `CREATE FUNCTION housecup_period_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile_changes SET user_id = NEW.user_id, house = NEW.house
    WHERE guild_id = NEW.guild_id AND profile_id = NEW.id;
  RETURN NULL;
END $$;`,
  `CREATE FUNCTION housecup_period_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM profile_changes WHERE guild_id = OLD.guild_id AND profile_id = OLD.id;
  RETURN NULL;
END $$;`,
  `CREATE FUNCTION housecup_period_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM profile_changes;
  ELSE
    DELETE FROM profile_changes AS c USING old_rows AS o
      WHERE c.guild_id = o.guild_id AND c.profile_id = o.id;
  END IF;
  RETURN NULL;
END $$;`,
];

export const PERIOD_TRIGGERS: readonly string[] = [
  `CREATE TRIGGER profiles_periods_galleons AFTER UPDATE OF galleons ON "profiles" FOR EACH ROW
WHEN (OLD.galleons IS DISTINCT FROM NEW.galleons AND OLD.guild_id = NEW.guild_id AND OLD.id = NEW.id)
EXECUTE FUNCTION housecup_period_gain();`,
  `CREATE TRIGGER profiles_periods_member AFTER UPDATE OF user_id, house ON "profiles" FOR EACH ROW
WHEN ((OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.house IS DISTINCT FROM NEW.house) AND OLD.guild_id = NEW.guild_id AND OLD.id = NEW.id)
EXECUTE FUNCTION housecup_period_member();`,
  `CREATE TRIGGER profiles_periods_moved AFTER UPDATE OF guild_id, id ON "profiles" FOR EACH ROW
WHEN (OLD.guild_id IS DISTINCT FROM NEW.guild_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION housecup_period_moved();`,
  'CREATE TRIGGER profiles_periods_deleted AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_period_deleted();',
  'CREATE TRIGGER profiles_periods_truncated AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION housecup_period_deleted();',
];
