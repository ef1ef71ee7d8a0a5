CREATE TABLE "published_guilds" (
	"guild_id" text COLLATE "C" NOT NULL,
	"published_at" text COLLATE "C" NOT NULL,
	CONSTRAINT "published_guilds_guild_id_pk" PRIMARY KEY("guild_id")
);
--> statement-breakpoint
-- Publishing and unpublishing notify every node as the other guild data does (0001): each then
-- forgets the guild's public page and ends its public streams within a second.
CREATE TRIGGER published_guilds_inserted AFTER INSERT ON "published_guilds" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_inserted();
--> statement-breakpoint
CREATE TRIGGER published_guilds_updated AFTER UPDATE ON "published_guilds" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_updated();
--> statement-breakpoint
CREATE TRIGGER published_guilds_deleted AFTER DELETE ON "published_guilds" REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_deleted();
--> statement-breakpoint
CREATE TRIGGER published_guilds_truncated AFTER TRUNCATE ON "published_guilds" FOR EACH STATEMENT EXECUTE FUNCTION housecup_notify_all();
