-- Terms of the house cup (src/records/terms.ts). drizzle-kit wrote the table and the new CHECK of
-- guild_changes (the area `terms`); by hand: at most one open term per guild (a partial unique
-- index) and the triggers that record a changed term (src/store/postgres/change-triggers.ts).
CREATE TABLE "terms" (
	"guild_id" text COLLATE "C" NOT NULL,
	"id" bigint NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"started_at" timestamp(3) with time zone NOT NULL,
	"ended_at" timestamp(3) with time zone,
	"gryffindor" bigint,
	"slytherin" bigint,
	"ravenclaw" bigint,
	"hufflepuff" bigint,
	CONSTRAINT "terms_guild_id_id_pk" PRIMARY KEY("guild_id","id")
);
--> statement-breakpoint
ALTER TABLE "guild_changes" DROP CONSTRAINT "guild_changes_area_known";--> statement-breakpoint
CREATE INDEX "terms_guild_started" ON "terms" USING btree ("guild_id","started_at");--> statement-breakpoint
ALTER TABLE "guild_changes" ADD CONSTRAINT "guild_changes_area_known" CHECK ("guild_changes"."area" IN ('players', 'jobs', 'points', 'premium', 'history', 'publication', 'terms'));
--> statement-breakpoint
CREATE UNIQUE INDEX "terms_one_open" ON "terms" ("guild_id") WHERE "ended_at" IS NULL;
--> statement-breakpoint
CREATE TRIGGER terms_changes_inserted AFTER INSERT ON "terms" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('terms');
--> statement-breakpoint
CREATE TRIGGER terms_changes_updated AFTER UPDATE ON "terms" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('terms');
--> statement-breakpoint
CREATE TRIGGER terms_changes_deleted AFTER DELETE ON "terms" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('terms');
--> statement-breakpoint
CREATE TRIGGER terms_changes_truncated BEFORE TRUNCATE ON "terms" FOR EACH STATEMENT EXECUTE FUNCTION housecup_record_changes('terms');
--> statement-breakpoint
-- The members' periods take terms (kind `term`): the CHECK knows it, and the galleons trigger's
-- function adds each change to the guild's open term too (src/store/postgres/period-triggers.ts).
ALTER TABLE "profile_changes" DROP CONSTRAINT "profile_changes_kind_known";--> statement-breakpoint
ALTER TABLE "profile_changes" ADD CONSTRAINT "profile_changes_kind_known" CHECK ("profile_changes"."kind" IN ('week', 'month', 'term'));
--> statement-breakpoint
DROP TRIGGER profiles_periods_galleons ON "profiles";
--> statement-breakpoint
DROP FUNCTION housecup_period_gain();
--> statement-breakpoint
CREATE FUNCTION housecup_period_gain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO profile_changes AS c (guild_id, profile_id, user_id, kind, start, house, change)
  SELECT NEW.guild_id, NEW.id, NEW.user_id, 'week', date_trunc('week', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', NEW.house, NEW.galleons - OLD.galleons
  UNION ALL SELECT NEW.guild_id, NEW.id, NEW.user_id, 'month', date_trunc('month', statement_timestamp() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', NEW.house, NEW.galleons - OLD.galleons
  UNION ALL SELECT NEW.guild_id, NEW.id, NEW.user_id, 'term', t.started_at, NEW.house, NEW.galleons - OLD.galleons
    FROM terms AS t WHERE t.guild_id = NEW.guild_id AND t.ended_at IS NULL
  ON CONFLICT (guild_id, profile_id, kind, start) DO UPDATE
    SET change = c.change + excluded.change;
  DELETE FROM profile_changes WHERE guild_id = NEW.guild_id AND profile_id = NEW.id AND change = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_periods_galleons AFTER UPDATE OF galleons ON "profiles" FOR EACH ROW
WHEN (OLD.galleons IS DISTINCT FROM NEW.galleons AND OLD.guild_id = NEW.guild_id AND OLD.id = NEW.id)
EXECUTE FUNCTION housecup_period_gain();
