CREATE TABLE "profile_changes" (
	"guild_id" text COLLATE "C" NOT NULL,
	"profile_id" bigint NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"start" timestamp(3) with time zone NOT NULL,
	"house" text COLLATE "C",
	"change" bigint NOT NULL,
	CONSTRAINT "profile_changes_guild_id_profile_id_kind_start_pk" PRIMARY KEY("guild_id","profile_id","kind","start"),
	CONSTRAINT "profile_changes_kind_known" CHECK ("profile_changes"."kind" IN ('week', 'month')),
	CONSTRAINT "profile_changes_house_known" CHECK ("profile_changes"."house" IS NULL OR "profile_changes"."house" IN ('gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'))
);
--> statement-breakpoint
CREATE INDEX "profile_changes_list" ON "profile_changes" USING btree ("guild_id","kind","start","change","user_id","profile_id");--> statement-breakpoint
CREATE INDEX "profile_changes_house_list" ON "profile_changes" USING btree ("guild_id","kind","start","house","change","user_id","profile_id");--> statement-breakpoint
CREATE INDEX "profile_changes_members" ON "profile_changes" USING btree ("guild_id","kind","start","user_id","profile_id");--> statement-breakpoint
CREATE INDEX "profile_changes_house_members" ON "profile_changes" USING btree ("guild_id","kind","start","house","user_id","profile_id");
--> statement-breakpoint
-- The periods' changes (src/store/postgres/period-triggers.ts): kept by triggers on profiles,
-- whoever writes; a write of profile_changes itself (an import or copy bringing a file's periods)
-- is a change of the players' area (src/store/postgres/change-triggers.ts).
CREATE FUNCTION housecup_period_gain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_changes AS c (guild_id, profile_id, user_id, kind, start, house, change)
  VALUES (NEW.guild_id, NEW.id, NEW.user_id, 'week', date_trunc('week', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', NEW.house, NEW.galleons - OLD.galleons),
         (NEW.guild_id, NEW.id, NEW.user_id, 'month', date_trunc('month', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', NEW.house, NEW.galleons - OLD.galleons)
  ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE
    SET change = c.change + excluded.change;
  DELETE FROM profile_changes WHERE guild_id = NEW.guild_id AND profile_id = NEW.id AND change = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION housecup_period_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile_changes SET user_id = NEW.user_id, house = NEW.house
    WHERE guild_id = NEW.guild_id AND profile_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION housecup_period_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM profile_changes WHERE guild_id = OLD.guild_id AND profile_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION housecup_period_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM profile_changes;
  ELSE
    DELETE FROM profile_changes AS c USING old_rows AS o
      WHERE c.guild_id = o.guild_id AND c.profile_id = o.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_periods_galleons AFTER UPDATE OF galleons ON "profiles" FOR EACH ROW
WHEN (OLD.galleons IS DISTINCT FROM NEW.galleons AND OLD.guild_id = NEW.guild_id AND OLD.id = NEW.id)
EXECUTE FUNCTION housecup_period_gain();
--> statement-breakpoint
CREATE TRIGGER profiles_periods_member AFTER UPDATE OF user_id, house ON "profiles" FOR EACH ROW
WHEN ((OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.house IS DISTINCT FROM NEW.house) AND OLD.guild_id = NEW.guild_id AND OLD.id = NEW.id)
EXECUTE FUNCTION housecup_period_member();
--> statement-breakpoint
CREATE TRIGGER profiles_periods_moved AFTER UPDATE OF guild_id, id ON "profiles" FOR EACH ROW
WHEN (OLD.guild_id IS DISTINCT FROM NEW.guild_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION housecup_period_moved();
--> statement-breakpoint
CREATE TRIGGER profiles_periods_deleted AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_period_deleted();
--> statement-breakpoint
CREATE TRIGGER profiles_periods_truncated AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION housecup_period_deleted();
--> statement-breakpoint
CREATE TRIGGER profile_changes_changes_inserted AFTER INSERT ON "profile_changes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION housecup_record_changes('players');
--> statement-breakpoint
CREATE TRIGGER profile_changes_changes_updated AFTER UPDATE ON "profile_changes" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION housecup_record_changes('players');
--> statement-breakpoint
CREATE TRIGGER profile_changes_changes_deleted AFTER DELETE ON "profile_changes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION housecup_record_changes('players');
--> statement-breakpoint
CREATE TRIGGER profile_changes_changes_truncated BEFORE TRUNCATE ON "profile_changes" FOR EACH STATEMENT WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION housecup_record_changes('players');
