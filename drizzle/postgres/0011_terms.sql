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
