-- A generation per guild (docs/decisions.md): every committed change of a guild's data, whoever
-- writes (an import, `copy`, the game's own SQL), gives that guild the next number of the whole
-- database. A node that sees data_version move reads only the rows past the last number it saw,
-- so a commit to one guild leaves every other guild's cached answers valid. The same tables as
-- PostgreSQL's change notifications (drizzle/postgres/0001, 0004).
CREATE TABLE `guild_generations` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `guild_generations_generation` ON `guild_generations` (`generation`);
--> statement-breakpoint
CREATE TRIGGER `profiles_generation_inserted` AFTER INSERT ON `profiles` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_generation_updated` AFTER UPDATE ON `profiles` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
  INSERT INTO `guild_generations` (`guild_id`, `generation`) SELECT OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_generation_deleted` AFTER DELETE ON `profiles` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_generation_inserted` AFTER INSERT ON `jobs` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_generation_updated` AFTER UPDATE ON `jobs` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
  INSERT INTO `guild_generations` (`guild_id`, `generation`) SELECT OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_generation_deleted` AFTER DELETE ON `jobs` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_generation_inserted` AFTER INSERT ON `house_points` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_generation_updated` AFTER UPDATE ON `house_points` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
  INSERT INTO `guild_generations` (`guild_id`, `generation`) SELECT OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `house_points_generation_deleted` AFTER DELETE ON `house_points` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `premium_generation_inserted` AFTER INSERT ON `premium` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `premium_generation_updated` AFTER UPDATE ON `premium` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
  INSERT INTO `guild_generations` (`guild_id`, `generation`) SELECT OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `premium_generation_deleted` AFTER DELETE ON `premium` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_generation_inserted` AFTER INSERT ON `published_guilds` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_generation_updated` AFTER UPDATE ON `published_guilds` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (NEW.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
  INSERT INTO `guild_generations` (`guild_id`, `generation`) SELECT OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
--> statement-breakpoint
CREATE TRIGGER `published_guilds_generation_deleted` AFTER DELETE ON `published_guilds` BEGIN
  INSERT INTO `guild_generations` (`guild_id`, `generation`) VALUES (OLD.`guild_id`, (SELECT coalesce(max(`generation`), 0) + 1 FROM `guild_generations`)) ON CONFLICT (`guild_id`) DO UPDATE SET `generation` = excluded.`generation`;
END;
