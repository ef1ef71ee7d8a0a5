CREATE TABLE `area_changes` (
	`guild_id` text NOT NULL,
	`area` text NOT NULL,
	`changes` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `area`),
	CONSTRAINT "area_changes_area_known" CHECK("area_changes"."area" IN ('players', 'jobs')),
	CONSTRAINT "area_changes_changes_non_negative" CHECK("area_changes"."changes" >= 0)
);

--> statement-breakpoint
-- Live events (DESIGN §8): every committed change of a guild's profiles or jobs counts, whoever
-- writes, so that `players` and `jobs` events are sent on any change, not only when a count moves.
CREATE TRIGGER `profiles_changes_inserted` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `area_changes` (`guild_id`, `area`, `changes`) VALUES (NEW.`guild_id`, 'players', 1) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `changes` = `changes` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_changes_updated` AFTER UPDATE ON `profiles` BEGIN
  INSERT INTO `area_changes` (`guild_id`, `area`, `changes`) VALUES (NEW.`guild_id`, 'players', 1) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `changes` = `changes` + 1;
  INSERT INTO `area_changes` (`guild_id`, `area`, `changes`) SELECT OLD.`guild_id`, 'players', 1 WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `changes` = `changes` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_changes_deleted` AFTER DELETE ON `profiles` BEGIN
  INSERT INTO `area_changes` (`guild_id`, `area`, `changes`) VALUES (OLD.`guild_id`, 'players', 1) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `changes` = `changes` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_changes_inserted` AFTER INSERT ON `jobs` BEGIN
  INSERT INTO `area_changes` (`guild_id`, `area`, `changes`) VALUES (NEW.`guild_id`, 'jobs', 1) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `changes` = `changes` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_changes_updated` AFTER UPDATE ON `jobs` BEGIN
  INSERT INTO `area_changes` (`guild_id`, `area`, `changes`) VALUES (NEW.`guild_id`, 'jobs', 1) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `changes` = `changes` + 1;
  INSERT INTO `area_changes` (`guild_id`, `area`, `changes`) SELECT OLD.`guild_id`, 'jobs', 1 WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `changes` = `changes` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_changes_deleted` AFTER DELETE ON `jobs` BEGIN
  INSERT INTO `area_changes` (`guild_id`, `area`, `changes`) VALUES (OLD.`guild_id`, 'jobs', 1) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `changes` = `changes` + 1;
END;
