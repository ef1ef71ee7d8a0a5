-- published_guilds.title (0008) is a column of the record: the trigger that records a changed
-- publication compares every column (src/store/sqlite/change-triggers.ts), so it is written
-- again with it; test/store/change-triggers-migration.test.ts holds this file to the record.
-- PostgreSQL's triggers compare whole rows and need nothing.
DROP TRIGGER `published_guilds_changes_updated`;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_changes_updated` AFTER UPDATE ON `published_guilds`
WHEN OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`published_at` IS NOT NEW.`published_at` OR OLD.`title` IS NOT NEW.`title`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'publication', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'publication', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
