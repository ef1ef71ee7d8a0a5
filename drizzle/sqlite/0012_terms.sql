-- Terms of the house cup (src/records/terms.ts). drizzle-kit wrote the table and the rebuild of
-- guild_changes (its CHECK now knows the area `terms`); the rest is by hand: at most one open
-- term per guild (a partial unique index), the type checks of the new table and of the rebuilt
-- guild_changes (src/store/sqlite/type-checks.ts), and the triggers that record a changed term
-- (src/store/sqlite/change-triggers.ts), which test/store/*-migration.test.ts hold to the records.
CREATE TABLE `terms` (
	`guild_id` text NOT NULL,
	`id` integer NOT NULL,
	`name` text NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text,
	`gryffindor` integer,
	`slytherin` integer,
	`ravenclaw` integer,
	`hufflepuff` integer,
	PRIMARY KEY(`guild_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `terms_guild_started` ON `terms` (`guild_id`,`started_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_guild_changes` (
	`guild_id` text NOT NULL,
	`area` text NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `area`),
	CONSTRAINT "guild_changes_area_known" CHECK("area" IN ('players', 'jobs', 'points', 'premium', 'history', 'publication', 'terms')),
	CONSTRAINT "guild_changes_seq_range" CHECK("seq" >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_guild_changes`("guild_id", "area", "seq") SELECT "guild_id", "area", "seq" FROM `guild_changes`;--> statement-breakpoint
DROP TABLE `guild_changes`;--> statement-breakpoint
-- Every table's change triggers name guild_changes: the legacy rename leaves them as they are
-- (a modern one would parse them while guild_changes is missing, and fail).
PRAGMA legacy_alter_table=ON;--> statement-breakpoint
ALTER TABLE `__new_guild_changes` RENAME TO `guild_changes`;--> statement-breakpoint
PRAGMA legacy_alter_table=OFF;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `guild_changes_seq` ON `guild_changes` (`seq`);
--> statement-breakpoint
CREATE UNIQUE INDEX `terms_one_open` ON `terms` (`guild_id`) WHERE `ended_at` IS NULL;
--> statement-breakpoint
CREATE TRIGGER `terms_types_inserted` BEFORE INSERT ON `terms` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'terms.guild_id must be text')
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.id must be an integer')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'terms.name must be text')
    WHEN NEW.`started_at` IS NOT NULL AND NEW.`started_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`started_at`) THEN RAISE(ABORT, 'terms.started_at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN NEW.`ended_at` IS NOT NULL AND NEW.`ended_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`ended_at`) THEN RAISE(ABORT, 'terms.ended_at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.gryffindor must be an integer')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.slytherin must be an integer')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.ravenclaw must be an integer')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.hufflepuff must be an integer')
  END;
END;
--> statement-breakpoint
CREATE TRIGGER `terms_types_updated` BEFORE UPDATE ON `terms` BEGIN
  SELECT CASE
    WHEN typeof(NEW.`guild_id`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'terms.guild_id must be text')
    WHEN typeof(NEW.`id`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.id must be an integer')
    WHEN typeof(NEW.`name`) NOT IN ('text', 'null') THEN RAISE(ABORT, 'terms.name must be text')
    WHEN NEW.`started_at` IS NOT NULL AND NEW.`started_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`started_at`) THEN RAISE(ABORT, 'terms.started_at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN NEW.`ended_at` IS NOT NULL AND NEW.`ended_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`ended_at`) THEN RAISE(ABORT, 'terms.ended_at must be a UTC instant written YYYY-MM-DDTHH:MM:SS.sssZ')
    WHEN typeof(NEW.`gryffindor`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.gryffindor must be an integer')
    WHEN typeof(NEW.`slytherin`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.slytherin must be an integer')
    WHEN typeof(NEW.`ravenclaw`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.ravenclaw must be an integer')
    WHEN typeof(NEW.`hufflepuff`) NOT IN ('integer', 'null') THEN RAISE(ABORT, 'terms.hufflepuff must be an integer')
  END;
END;
--> statement-breakpoint
UPDATE `terms` SET `guild_id` = `guild_id` WHERE (typeof(`guild_id`) NOT IN ('text', 'null')) OR (typeof(`id`) NOT IN ('integer', 'null')) OR (typeof(`name`) NOT IN ('text', 'null')) OR (`started_at` IS NOT NULL AND `started_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `started_at`)) OR (`ended_at` IS NOT NULL AND `ended_at` IS NOT strftime('%Y-%m-%dT%H:%M:%fZ', `ended_at`)) OR (typeof(`gryffindor`) NOT IN ('integer', 'null')) OR (typeof(`slytherin`) NOT IN ('integer', 'null')) OR (typeof(`ravenclaw`) NOT IN ('integer', 'null')) OR (typeof(`hufflepuff`) NOT IN ('integer', 'null'));
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
--> statement-breakpoint
CREATE TRIGGER `terms_changes_inserted` AFTER INSERT ON `terms` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'terms', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `terms_changes_updated` AFTER UPDATE ON `terms`
WHEN OLD.`guild_id` IS NOT NEW.`guild_id` OR OLD.`id` IS NOT NEW.`id` OR OLD.`name` IS NOT NEW.`name` OR OLD.`started_at` IS NOT NEW.`started_at` OR OLD.`ended_at` IS NOT NEW.`ended_at` OR OLD.`gryffindor` IS NOT NEW.`gryffindor` OR OLD.`slytherin` IS NOT NEW.`slytherin` OR OLD.`ravenclaw` IS NOT NEW.`ravenclaw` OR OLD.`hufflepuff` IS NOT NEW.`hufflepuff`
BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (NEW.`guild_id`, 'terms', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) SELECT OLD.`guild_id`, 'terms', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`) WHERE OLD.`guild_id` IS NOT NEW.`guild_id` ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
CREATE TRIGGER `terms_changes_deleted` AFTER DELETE ON `terms` BEGIN
  INSERT INTO `guild_changes` (`guild_id`, `area`, `seq`) VALUES (OLD.`guild_id`, 'terms', (SELECT coalesce(max(`seq`), 0) + 1 FROM `guild_changes`)) ON CONFLICT (`guild_id`, `area`) DO UPDATE SET `seq` = excluded.`seq`;
END;
--> statement-breakpoint
-- The members' periods take terms (kind `term`, from the term's start): profile_changes' kind
-- check knows it, so the table is made again as 0011 made it (WITHOUT ROWID: drizzle's schema
-- cannot say it; src/store/sqlite/period-triggers.ts's PERIOD_TABLE), the profiles' period
-- triggers dropped first and written again after, the galleons one adding each change to the
-- guild's open term too.
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
	CONSTRAINT "profile_changes_kind_known" CHECK("profile_changes"."kind" IN ('week', 'month', 'term')),
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
  SELECT NEW.`guild_id`, NEW.`id`, NEW.`user_id`, 'week', strftime('%Y-%m-%dT00:00:00.000Z', 'now', '-6 days', 'weekday 1'), NEW.`house`, NEW.`galleons` - OLD.`galleons`
  UNION ALL SELECT NEW.`guild_id`, NEW.`id`, NEW.`user_id`, 'month', strftime('%Y-%m-01T00:00:00.000Z', 'now'), NEW.`house`, NEW.`galleons` - OLD.`galleons`
  UNION ALL SELECT NEW.`guild_id`, NEW.`id`, NEW.`user_id`, 'term', `started_at`, NEW.`house`, NEW.`galleons` - OLD.`galleons` FROM `terms` WHERE `guild_id` = NEW.`guild_id` AND `ended_at` IS NULL
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
