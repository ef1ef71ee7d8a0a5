-- The public page's own title (null: the default heading). The column is the record's
-- (src/records/published-guild.ts); drizzle-kit wrote the ALTER, the rest is by hand: a new
-- column needs the table's type-check triggers of 0006 written again (src/store/sqlite/
-- type-checks.ts builds them from the record; test/store/type-checks-migration.test.ts holds
-- this file to it), so that SQLite refuses a blob in `title` as PostgreSQL's text column does.
ALTER TABLE `published_guilds` ADD `title` text;
--> statement-breakpoint
DROP TRIGGER `published_guilds_types_inserted`;
--> statement-breakpoint
DROP TRIGGER `published_guilds_types_updated`;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_types_inserted` BEFORE INSERT ON `published_guilds` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.guild_id must be text')
    WHEN typeof(NEW.`published_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.published_at must be text')
    WHEN typeof(NEW.`title`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.title must be text')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_types_updated` BEFORE UPDATE ON `published_guilds` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.guild_id must be text')
    WHEN typeof(NEW.`published_at`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.published_at must be text')
    WHEN typeof(NEW.`title`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'published_guilds.title must be text')
  END;
END;
--> statement-breakpoint
UPDATE `published_guilds` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`published_at`) NOT IN ('text', 'null')) OR (typeof(`title`) NOT IN ('text', 'null'));
