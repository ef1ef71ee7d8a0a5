-- profile_changes made lighter to write (docs/performance.md, "Members' rank and periods"):
-- WITHOUT ROWID, two indexes (the house ends them) instead of four, no type-check triggers (only
-- the store writes it), and a row whose change returns to 0 deleted by a trigger of its own
-- rather than looked for on every write. The profiles' period triggers go first (they name the
-- table), and come back with the table's own (src/store/sqlite/period-triggers.ts,
-- src/store/sqlite/change-triggers.ts).
DROP TRIGGER `profiles_periods_galleons`;
--> statement-breakpoint
DROP TRIGGER `profiles_periods_member`;
--> statement-breakpoint
DROP TRIGGER `profiles_periods_moved`;
--> statement-breakpoint
DROP TRIGGER `profiles_periods_deleted`;
--> statement-breakpoint
ALTER TABLE `profile_changes` RENAME TO `profile_changes_old`;
--> statement-breakpoint
CREATE TABLE `profile_changes` (
	`guild_id` text NOT NULL,
	`profile_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`start` text NOT NULL,
	`house` text,
	`change` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `profile_id`, `kind`, `start`),
	CONSTRAINT "profile_changes_kind_known" CHECK("profile_changes"."kind" IN ('week', 'month')),
	CONSTRAINT "profile_changes_house_known" CHECK("profile_changes"."house" IS NULL OR "profile_changes"."house" IN ('gryffindor', 'slytherin', 'ravenclaw', 'hufflepuff'))
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `profile_changes` (`guild_id`, `profile_id`, `user_id`, `kind`, `start`, `house`, `change`) SELECT `guild_id`, `profile_id`, `user_id`, `kind`, `start`, `house`, `change` FROM `profile_changes_old`;
--> statement-breakpoint
DROP TABLE `profile_changes_old`;
--> statement-breakpoint
CREATE INDEX `profile_changes_list` ON `profile_changes` (`guild_id`,`kind`,`start`,`change`,`user_id`,`profile_id`,`house`);
--> statement-breakpoint
CREATE INDEX `profile_changes_members` ON `profile_changes` (`guild_id`,`kind`,`start`,`user_id`,`profile_id`,`house`);
--> statement-breakpoint
CREATE TRIGGER `profile_changes_changes_inserted` AFTER INSERT ON `profile_changes` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `profile_changes_changes_updated` AFTER UPDATE ON `profile_changes`
WHEN OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`profile_id` IS NOT NEW.`profile_id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`kind` IS NOT NEW.`kind` OR OLD.`start` IS NOT NEW.`start` OR OLD.`house` IS NOT NEW.`house` OR OLD.`change` IS NOT NEW.`change`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `profile_changes_changes_deleted` AFTER DELETE ON `profile_changes` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_periods_galleons` AFTER UPDATE OF `galleons` ON `profiles`
WHEN OLD.`galleons` IS NOT NEW.`galleons` AND OLD.`guild_id` IS NEW.`guild_id` AND OLD.`id` IS NEW.`id`
BEGIN
  INSERT INTO `profile_changes` (`guild_id`, `profile_id`, `user_id`, `kind`, `start`, `house`, `change`)
  VALUES (NEW.`guild_id`, NEW.`id`, NEW.`user_id`, 'week', strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1'), NEW.`house`, NEW.`galleons` - OLD.`galleons`),
         (NEW.`guild_id`, NEW.`id`, NEW.`user_id`, 'month', strftime('%Y-%m-01T00:00:00.000Z', 'now'), NEW.`house`, NEW.`galleons` - OLD.`galleons`)
  ON CONFLICT (`guild_id`, `profile_id`, `kind`, `start`) DO UPDATE SET `change` = `change` + excluded.`change`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_periods_member` AFTER UPDATE OF `user_id`, `house` ON `profiles`
WHEN (OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`house` IS NOT NEW.`house`) AND OLD.`guild_id` IS NEW.`guild_id` AND OLD.`id` IS NEW.`id`
BEGIN
  UPDATE `profile_changes` SET `user_id` = NEW.`user_id`, `house` = NEW.`house` WHERE `guild_id` = NEW.`guild_id` AND `profile_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_periods_moved` AFTER UPDATE OF `guild_id`, `id` ON `profiles`
WHEN NOT (OLD.`guild_id` IS NEW.`guild_id` AND OLD.`id` IS NEW.`id`)
BEGIN
  DELETE FROM `profile_changes` WHERE `guild_id` = OLD.`guild_id` AND `profile_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_periods_deleted` AFTER DELETE ON `profiles` BEGIN
  DELETE FROM `profile_changes` WHERE `guild_id` = OLD.`guild_id` AND `profile_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profile_changes_returned_to_zero` AFTER UPDATE OF `change` ON `profile_changes`
WHEN NEW.`change` = 0
BEGIN
  DELETE FROM `profile_changes` WHERE `guild_id` = NEW.`guild_id` AND `profile_id` = NEW.`profile_id` AND `kind` = NEW.`kind` AND `start` = NEW.`start`;
END;
