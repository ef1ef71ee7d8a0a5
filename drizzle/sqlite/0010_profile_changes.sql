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
);
--> statement-breakpoint
CREATE INDEX `profile_changes_list` ON `profile_changes` (`guild_id`,`kind`,`start`,`change`,`user_id`,`profile_id`);--> statement-breakpoint
CREATE INDEX `profile_changes_house_list` ON `profile_changes` (`guild_id`,`kind`,`start`,`house`,`change`,`user_id`,`profile_id`);--> statement-breakpoint
CREATE INDEX `profile_changes_members` ON `profile_changes` (`guild_id`,`kind`,`start`,`user_id`,`profile_id`);--> statement-breakpoint
CREATE INDEX `profile_changes_house_members` ON `profile_changes` (`guild_id`,`kind`,`start`,`house`,`user_id`,`profile_id`);
--> statement-breakpoint
-- The periods' changes (src/store/sqlite/period-triggers.ts): kept by triggers on profiles,
-- whoever writes; a write of profile_changes itself (an import or copy bringing a file's periods)
-- is a change of the players' area (src/store/sqlite/change-triggers.ts).
CREATE TRIGGER `profiles_periods_galleons` AFTER UPDATE OF `galleons` ON `profiles`
WHEN OLD.`galleons` IS NOT NEW.`galleons` AND OLD.`guild_id` IS NEW.`guild_id` AND OLD.`id` IS NEW.`id`
BEGIN
  INSERT INTO `profile_changes` (`guild_id`, `profile_id`, `user_id`, `kind`, `start`, `house`, `change`)
  VALUES (NEW.`guild_id`, NEW.`id`, NEW.`user_id`, 'week', strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1'), NEW.`house`, NEW.`galleons` - OLD.`galleons`),
         (NEW.`guild_id`, NEW.`id`, NEW.`user_id`, 'month', strftime('%Y-%m-01T00:00:00.000Z', 'now'), NEW.`house`, NEW.`galleons` - OLD.`galleons`)
  ON CONFLICT (`guild_id`, `profile_id`, `kind`, `start`) DO UPDATE SET `change` = `change` + excluded.`change`;
  DELETE FROM `profile_changes` WHERE `guild_id` = NEW.`guild_id` AND `profile_id` = NEW.`id` AND `kind` IN ('week', 'month') AND `start` IN (strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1'), strftime('%Y-%m-01T00:00:00.000Z', 'now')) AND `change` = 0;
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
-- SQLite's type checks (src/store/sqlite/type-checks.ts) of the new table.
CREATE TRIGGER `profile_changes_types_inserted` BEFORE INSERT ON `profile_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profile_changes.guild_id must be text')
    WHEN typeof(NEW.`profile_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profile_changes.profile_id must be an integer')
    WHEN typeof(NEW.`user_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profile_changes.user_id must be text')
    WHEN typeof(NEW.`kind`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profile_changes.kind must be text')
    WHEN NEW.`start` IS NOT NULL AND NEW.`start` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`start`) THEN RAISE(ABORT, 'profile_changes.start must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`house`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profile_changes.house must be text')
    WHEN typeof(NEW.`change`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profile_changes.change must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `profile_changes_types_updated` BEFORE UPDATE ON `profile_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profile_changes.guild_id must be text')
    WHEN typeof(NEW.`profile_id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profile_changes.profile_id must be an integer')
    WHEN typeof(NEW.`user_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profile_changes.user_id must be text')
    WHEN typeof(NEW.`kind`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profile_changes.kind must be text')
    WHEN NEW.`start` IS NOT NULL AND NEW.`start` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`start`) THEN RAISE(ABORT, 'profile_changes.start must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`house`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'profile_changes.house must be text')
    WHEN typeof(NEW.`change`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'profile_changes.change must be an integer')
  END;
END;
--> statement-breakpoint
UPDATE `profile_changes` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`profile_id`) NOT IN ('integer', 'null')) OR (typeof(`user_id`) NOT IN ('text', 'null')) OR (typeof(`kind`) NOT IN ('text', 'null')) OR (`start` IS NOT NULL AND `start` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `start`)) OR (typeof(`house`) NOT IN ('text', 'null')) OR (typeof(`change`) NOT IN ('integer', 'null'));
