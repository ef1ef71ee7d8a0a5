CREATE TABLE "area_changes" (
	"guild_id" text COLLATE "C" NOT NULL,
	"area" text COLLATE "C" NOT NULL,
	"changes" bigint NOT NULL,
	CONSTRAINT "area_changes_guild_id_area_pk" PRIMARY KEY("guild_id","area"),
	CONSTRAINT "area_changes_area_known" CHECK ("area_changes"."area" IN ('players', 'jobs')),
	CONSTRAINT "area_changes_changes_non_negative" CHECK ("area_changes"."changes" >= 0)
);

--> statement-breakpoint
-- Live events (DESIGN §8): every committed change of a guild's profiles or jobs counts, whoever
-- writes, once per guild and statement, so that `players` and `jobs` events are sent on any
-- change, not only when a count moves.
CREATE FUNCTION housecup_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO area_changes (guild_id, area, changes)
      SELECT DISTINCT guild_id, TG_ARGV[0], 1 FROM new_rows
      ON CONFLICT (guild_id, area) DO UPDATE SET changes = area_changes.changes + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO area_changes (guild_id, area, changes)
      SELECT DISTINCT guild_id, TG_ARGV[0], 1 FROM old_rows
      ON CONFLICT (guild_id, area) DO UPDATE SET changes = area_changes.changes + 1;
  ELSE
    INSERT INTO area_changes (guild_id, area, changes)
      SELECT guild_id, TG_ARGV[0], 1 FROM (SELECT guild_id FROM new_rows UNION SELECT guild_id FROM old_rows) AS changed
      ON CONFLICT (guild_id, area) DO UPDATE SET changes = area_changes.changes + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_changes_inserted AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_count_changes('players');
--> statement-breakpoint
CREATE TRIGGER profiles_changes_updated AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_count_changes('players');
--> statement-breakpoint
CREATE TRIGGER profiles_changes_deleted AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_count_changes('players');
--> statement-breakpoint
CREATE TRIGGER jobs_changes_inserted AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_count_changes('jobs');
--> statement-breakpoint
CREATE TRIGGER jobs_changes_updated AFTER UPDATE ON "jobs" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_count_changes('jobs');
--> statement-breakpoint
CREATE TRIGGER jobs_changes_deleted AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_count_changes('jobs');
