CREATE TABLE `points_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`at` text NOT NULL,
	`gryffindor` integer,
	`slytherin` integer,
	`ravenclaw` integer,
	`hufflepuff` integer
);
--> statement-breakpoint
CREATE INDEX `points_history_guild_at` ON `points_history` (`guild_id`,`at`);--> statement-breakpoint
-- History (DESIGN §10): every change of house_points, whoever writes it, appends the standings
-- after it, unless they equal the guild's last recorded row (a write that changes nothing). The
-- importer writes each guild's points in one statement, so an import appends one row per guild.
CREATE TRIGGER `points_history_inserted` AFTER INSERT ON `house_points`
WHEN NOT EXISTS (
  SELECT 1 FROM (
    SELECT `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff` FROM `points_history`
    WHERE `guild_id` = NEW.`guild_id` ORDER BY `at` DESC, `id` DESC LIMIT 1
  ) AS `last`
  WHERE `last`.`gryffindor` IS NEW.`gryffindor` AND `last`.`slytherin` IS NEW.`slytherin`
    AND `last`.`ravenclaw` IS NEW.`ravenclaw` AND `last`.`hufflepuff` IS NEW.`hufflepuff`
)
BEGIN
  INSERT INTO `points_history` (`guild_id`, `at`, `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff`)
  VALUES (NEW.`guild_id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW.`gryffindor`, NEW.`slytherin`, NEW.`ravenclaw`, NEW.`hufflepuff`);
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_updated` AFTER UPDATE ON `house_points`
WHEN (OLD.`gryffindor` IS NOT NEW.`gryffindor` OR OLD.`slytherin` IS NOT NEW.`slytherin`
    OR OLD.`ravenclaw` IS NOT NEW.`ravenclaw` OR OLD.`hufflepuff` IS NOT NEW.`hufflepuff`
    OR OLD.`guild_id` IS NOT NEW.`guild_id`)
BEGIN
  INSERT INTO `points_history` (`guild_id`, `at`, `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff`)
  SELECT OLD.`guild_id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, NULL, NULL, NULL
  WHERE OLD.`guild_id` IS NOT NEW.`guild_id`;
  INSERT INTO `points_history` (`guild_id`, `at`, `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff`)
  VALUES (NEW.`guild_id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW.`gryffindor`, NEW.`slytherin`, NEW.`ravenclaw`, NEW.`hufflepuff`);
END;
--> statement-breakpoint
CREATE TRIGGER `points_history_deleted` AFTER DELETE ON `house_points`
BEGIN
  INSERT INTO `points_history` (`guild_id`, `at`, `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff`)
  VALUES (OLD.`guild_id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NULL, NULL, NULL, NULL);
END;
--> statement-breakpoint
-- The race so far starts from today's standings: a guild's series ends at its points now.
INSERT INTO `points_history` (`guild_id`, `at`, `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff`)
SELECT `guild_id`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `gryffindor`, `slytherin`, `ravenclaw`, `hufflepuff` FROM `house_points`;
