-- One record of what changed (src/records/guild-changes.ts, docs/architecture.md): for each guild
-- and area, the database-wide number of its last committed change, written by row triggers on
-- every table of guild data whoever writes, and only when a row really changed (an UPDATE that
-- leaves every column as it was records nothing). It replaces area_changes (0004: counted writes
-- to profiles and jobs) and guild_generations (0005: any write to a guild), whose triggers counted
-- writes, not changes. Triggers written out from src/store/sqlite/change-triggers.ts, which
-- test/store/change-triggers-migration.test.ts holds this file to.
DROP TRIGGER `profiles_changes_inserted`;
--> statement-breakpoint
DROP TRIGGER `profiles_changes_updated`;
--> statement-breakpoint
DROP TRIGGER `profiles_changes_deleted`;
--> statement-breakpoint
DROP TRIGGER `jobs_changes_inserted`;
--> statement-breakpoint
DROP TRIGGER `jobs_changes_updated`;
--> statement-breakpoint
DROP TRIGGER `jobs_changes_deleted`;
--> statement-breakpoint
DROP TRIGGER `profiles_generation_inserted`;
--> statement-breakpoint
DROP TRIGGER `profiles_generation_updated`;
--> statement-breakpoint
DROP TRIGGER `profiles_generation_deleted`;
--> statement-breakpoint
DROP TRIGGER `jobs_generation_inserted`;
--> statement-breakpoint
DROP TRIGGER `jobs_generation_updated`;
--> statement-breakpoint
DROP TRIGGER `jobs_generation_deleted`;
--> statement-breakpoint
DROP TRIGGER `house_points_generation_inserted`;
--> statement-breakpoint
DROP TRIGGER `house_points_generation_updated`;
--> statement-breakpoint
DROP TRIGGER `house_points_generation_deleted`;
--> statement-breakpoint
DROP TRIGGER `premium_generation_inserted`;
--> statement-breakpoint
DROP TRIGGER `premium_generation_updated`;
--> statement-breakpoint
DROP TRIGGER `premium_generation_deleted`;
--> statement-breakpoint
DROP TRIGGER `published_guilds_generation_inserted`;
--> statement-breakpoint
DROP TRIGGER `published_guilds_generation_updated`;
--> statement-breakpoint
DROP TRIGGER `published_guilds_generation_deleted`;
--> statement-breakpoint
CREATE TABLE `guild_changes` (
	`guild_id` text NOT NULL,
	`area` text NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `area`),
	CONSTRAINT "guild_changes_area_known" CHECK("guild_changes"."area" IN ('players', 'jobs', 'points', 'premium', 'history', 'publication')),
	CONSTRAINT "guild_changes_seq_range" CHECK("guild_changes"."seq" >= 1)
);
--> statement-breakpoint
CREATE INDEX `guild_changes_seq` ON `guild_changes` (`seq`);
--> statement-breakpoint
-- A guild's last history row equals its points (four nulls when it has none): imports of earlier
-- versions could leave a file's last entry after the points they wrote. The standings now are
-- recorded, once, where they are not the last row.
INSERT INTO `points_history` (`guild_id`, `at`, `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff`)
SELECT `guild`.`guild_id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `now`.`gryffindor`, `now`.`slytherin`, `now`.`ravenclaw`, `now`.`hufflepuff`
FROM (SELECT `guild_id` FROM `house_points` UNION SELECT `guild_id` FROM `points_history`) AS `guild`
LEFT JOIN `house_points` AS `now` ON `now`.`guild_id` = `guild`.`guild_id`
WHERE NOT EXISTS (
  SELECT 1 FROM (
    SELECT `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff` FROM `points_history`
    WHERE `guild_id` = `guild`.`guild_id` ORDER BY `at` DESC, `id` DESC LIMIT 1
  ) AS `last`
  WHERE `last`.`gryffindor` IS `now`.`gryffindor` AND `last`.`slytherin` IS `now`.`slytherin`
    AND `last`.`ravenclaw` IS `now`.`ravenclaw` AND `last`.`hufflepuff` IS `now`.`hufflepuff`
);
--> statement-breakpoint
-- Every guild that holds data starts with a number per area it has data in.
INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`)
SELECT `guild_id`, `area`, row_number() OVER (ORDER BY `guild_id`, `area`) FROM (
  SELECT DISTINCT `guild_id`, 'players' AS `area` FROM `profiles`
  UNION SELECT DISTINCT `guild_id`, 'jobs' AS `area` FROM `jobs`
  UNION SELECT DISTINCT `guild_id`, 'points' AS `area` FROM `house_points`
  UNION SELECT DISTINCT `guild_id`, 'premium' AS `area` FROM `premium`
  UNION SELECT DISTINCT `guild_id`, 'history' AS `area` FROM `points_history`
  UNION SELECT DISTINCT `guild_id`, 'publication' AS `area` FROM `published_guilds`
) AS `existing`;
--> statement-breakpoint
DROP TABLE `area_changes`;
--> statement-breakpoint
DROP TABLE `guild_generations`;
--> statement-breakpoint
CREATE TRIGGER `profiles_changes_inserted` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_changes_updated` AFTER UPDATE ON `profiles`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`user_id` IS NOT NEW.`user_id` OR OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`name` IS NOT NEW.`name` OR OLD.`house` IS NOT NEW.`house` OR OLD.`year` IS NOT NEW.`year` OR OLD.`job_id` IS NOT NEW.`job_id` OR OLD.`galleons` IS NOT NEW.`galleons` OR OLD.`created_at` IS NOT NEW.`created_at`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_changes_deleted` AFTER DELETE ON `profiles` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'players', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_changes_inserted` AFTER INSERT ON `jobs` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'jobs', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_changes_updated` AFTER UPDATE ON `jobs`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`name` IS NOT NEW.`name` OR OLD.`description` IS NOT NEW.`description` OR OLD.`salary` IS NOT NEW.`salary`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'jobs', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'jobs', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_changes_deleted` AFTER DELETE ON `jobs` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'jobs', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_changes_inserted` AFTER INSERT ON `house_points` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'points', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_changes_updated` AFTER UPDATE ON `house_points`
WHEN OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`gryffindor` IS NOT NEW.`gryffindor` OR OLD.`slytherin` IS NOT NEW.`slytherin` OR OLD.`ravenclaw` IS NOT NEW.`ravenclaw` OR OLD.`hufflepuff` IS NOT NEW.`hufflepuff`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'points', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'points', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_changes_deleted` AFTER DELETE ON `house_points` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'points', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `premium_changes_inserted` AFTER INSERT ON `premium` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'premium', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `premium_changes_updated` AFTER UPDATE ON `premium`
WHEN OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`expires_at` IS NOT NEW.`expires_at`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'premium', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'premium', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `premium_changes_deleted` AFTER DELETE ON `premium` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'premium', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_changes_inserted` AFTER INSERT ON `points_history` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_changes_updated` AFTER UPDATE ON `points_history`
WHEN OLD.`id` IS NOT NEW.`id` OR OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`at` IS NOT NEW.`at` OR OLD.`gryffindor` IS NOT NEW.`gryffindor` OR OLD.`slytherin` IS NOT NEW.`slytherin` OR OLD.`ravenclaw` IS NOT NEW.`ravenclaw` OR OLD.`hufflepuff` IS NOT NEW.`hufflepuff`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_changes_deleted` AFTER DELETE ON `points_history` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'history', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_changes_inserted` AFTER INSERT ON `published_guilds` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'publication', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_changes_updated` AFTER UPDATE ON `published_guilds`
WHEN OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`published_at` IS NOT NEW.`published_at`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'publication', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'publication', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_changes_deleted` AFTER DELETE ON `published_guilds` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'publication', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `guild_changes_types_inserted` BEFORE INSERT ON `guild_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.guild_id must be text')
    WHEN typeof(NEW.`area`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.area must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'guild_changes.seq must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `guild_changes_types_updated` BEFORE UPDATE ON `guild_changes` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.guild_id must be text')
    WHEN typeof(NEW.`area`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'guild_changes.area must be text')
    WHEN typeof(NEW.`seq`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'guild_changes.seq must be an integer')
  END;
END;
--> statement-breakpoint
UPDATE `guild_changes` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`area`) NOT IN ('text', 'null')) OR (typeof(`seq`) NOT IN ('integer', 'null'));
